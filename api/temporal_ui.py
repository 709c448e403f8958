"""The Temporal Web UI behind the console (docs/decisions/temporal-ui-proxy.md).

The UI has no login of its own and offers cancel and terminate, so it listens on loopback only, served
under the public path /temporal/, and staff reach it through this proxy: every request, page or API call,
is checked against the caller's console session (the token cookie) and the `temporal#operate` authority.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

import httpx
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import RedirectResponse, Response, StreamingResponse
from starlette.background import BackgroundTask

from api.csrf import OWN_CSRF_CHECK
from api.deps import Guard, optional_user
from api.page_security import CONTENT_SECURITY_POLICY, script_hashes
from api.principals import Principal
from api.security import TOKEN_COOKIE
from domain.errors import DomainError, Forbidden, Unauthorized
from domain.settings import TEMPORAL_UI_PATH, get_settings

UI_PATH = TEMPORAL_UI_PATH
OPERATE = "temporal#operate"
# Per-connection headers (RFC 9110 §7.6.1) and the ones httpx sets itself.
HOP_BY_HOP = frozenset({"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
                        "transfer-encoding", "upgrade", "host"})
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

router = APIRouter(prefix=UI_PATH, include_in_schema=False)


def workflow_path(workflow_id: str) -> str:
    """A flow's page in the UI, through the proxy (the console's own origin)."""
    return f"{UI_PATH}/namespaces/{get_settings().temporal_namespace}/workflows/{workflow_id}"


def upstream_headers(request: Request) -> list[tuple[str, str]]:
    """The caller's headers minus hop-by-hop ones and the console's credentials, which the UI has no use for."""
    out = []
    for name, value in request.headers.items():
        lower = name.lower()
        if lower in HOP_BY_HOP or lower == "authorization":
            continue
        if lower == "cookie":
            value = "; ".join(c for c in value.split("; ") if not c.startswith(f"{TOKEN_COOKIE}="))
            if not value:
                continue
        out.append((name, value))
    return out


def http_client(app: FastAPI) -> httpx.AsyncClient:
    client: httpx.AsyncClient | None = getattr(app.state, "temporal_ui", None)
    if client is None:
        client = httpx.AsyncClient(base_url=get_settings().temporal_web.rstrip("/"),
                                   timeout=httpx.Timeout(60.0, connect=5.0))
        app.state.temporal_ui = client
    return client


async def close(app: FastAPI) -> None:
    client = getattr(app.state, "temporal_ui", None)
    if client is not None:
        await client.aclose()


def wants_page(request: Request) -> bool:
    """A browser opening an address (not the UI's script calling its API): it should see a page, not JSON."""
    return request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")


class PageGuard(Guard):
    """`temporal#operate`, checked on every request; a browser refused while opening a page is sent to the
    console's 401 page (or its login, signed out) instead of reading an error envelope. API calls keep the JSON."""

    async def __call__(self, request: Request, user: Annotated[Principal | None, Depends(optional_user)]
                       ) -> Principal | None:
        try:
            return await super().__call__(request, user)
        except (Unauthorized, Forbidden) as refused:
            if not wants_page(request):
                raise
            request.state.refused_page = refused_page(request, refused)
            return None


def refused_page(request: Request, refused: DomainError) -> str:
    if isinstance(refused, Unauthorized):
        return f"/login?{urlencode({'redirect': request.url.path})}"
    return "/401"


OPERATOR = Depends(PageGuard(OPERATE))


@router.get("", response_model=None)
async def ui_root(request: Request, _: None = OPERATOR) -> RedirectResponse:
    return RedirectResponse(getattr(request.state, "refused_page", None) or f"{UI_PATH}/")


@router.api_route("/{path:path}", methods=METHODS, response_model=None, openapi_extra=OWN_CSRF_CHECK)
async def proxy(request: Request, _: None = OPERATOR) -> Response:
    refused = getattr(request.state, "refused_page", None)
    if refused:
        return RedirectResponse(refused, status_code=303)
    client = http_client(request.app)
    # The path as sent (still percent-encoded), so a workflow id with a slash reaches the UI intact.
    target = request.scope["raw_path"].decode("latin-1")
    if request.url.query:
        target += f"?{request.url.query}"
    outgoing = client.build_request(request.method, target, headers=upstream_headers(request),
                                    content=request.stream())
    try:
        reply = await client.send(outgoing, stream=True)
    except httpx.HTTPError as exc:
        raise DomainError("SERVICE_UNAVAILABLE", status=502, service="Temporal Web UI") from exc
    headers = [(k, v) for k, v in reply.headers.multi_items() if k.lower() not in HOP_BY_HOP]
    if reply.headers.get("content-type", "").startswith("text/html"):
        return await page(reply, headers)
    response = StreamingResponse(reply.aiter_raw(), status_code=reply.status_code,
                                 background=BackgroundTask(reply.aclose))
    response.raw_headers = encoded(headers)
    return response


async def page(reply: httpx.Response, headers: list[tuple[str, str]]) -> Response:
    """The UI's HTML page (a few KB), read whole to admit exactly its own inline start-up script by hash: the
    console's policy forbids inline script, and the UI runs on the console's origin."""
    try:
        html = (await reply.aread()).decode(reply.encoding or "utf-8")
    finally:
        await reply.aclose()
    policy = CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'self' {' '.join(script_hashes(html))}")
    kept = [(k, v) for k, v in headers if k.lower() not in ("content-encoding", "content-length")]
    response = Response(html, status_code=reply.status_code)
    response.raw_headers = [*encoded(kept), *encoded([("content-security-policy", policy)]),
                            (b"content-length", str(len(response.body)).encode())]
    return response


def encoded(headers: list[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    return [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]
