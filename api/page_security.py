"""Headers every page and reply carries (no inline script, no sniffing, no framing), and the API docs page,
which alone runs one known inline script and Swagger UI's files from its CDN."""

from __future__ import annotations

import base64
import hashlib
import re

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

# Ant Design writes its styles at run time, hence 'unsafe-inline' for styles only; scripts come from our origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    b"content-security-policy": CONTENT_SECURITY_POLICY.encode(),
    b"x-content-type-options": b"nosniff",
    b"referrer-policy": b"same-origin",
    b"x-frame-options": b"DENY",
}
SWAGGER_CDN = "https://cdn.jsdelivr.net"


def secured(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """A reply's headers with HEADERS added, but those the reply sets itself (api/middleware.py adds them to every
    reply)."""
    present = {name.lower() for name, _ in headers}
    return [*headers, *((k, v) for k, v in HEADERS.items() if k not in present)]


def script_hashes(html: str) -> list[str]:
    """CSP sources for the inline scripts of a page we generate ourselves: their SHA-256, never 'unsafe-inline'."""
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts]


def add_docs(app: FastAPI, docs_url: str, openapi_url: str) -> None:
    """Swagger UI at `docs_url`, with a policy that admits exactly its own inline script and its CDN."""
    page = bytes(get_swagger_ui_html(openapi_url=openapi_url, title=f"{app.title} - Swagger UI").body).decode()
    policy = CONTENT_SECURITY_POLICY
    for directive, extra in (("script-src", f"{SWAGGER_CDN} {' '.join(script_hashes(page))}"),
                             ("style-src", SWAGGER_CDN), ("img-src", SWAGGER_CDN)):
        policy = policy.replace(f"{directive} 'self'", f"{directive} 'self' {extra}")

    @app.get(docs_url, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(page, headers={"Content-Security-Policy": policy})
