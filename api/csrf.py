"""Cross-site request forgery: a call that changes something and is authenticated by the session cookie must
carry the proof in X-CSRF-Token (docs/decisions/csrf.md).

The proof is an HMAC of the user id with the server's secret, handed to the web client in the readable
genie_cms_csrf cookie next to the HttpOnly token cookie. Another site can make the browser send the cookies,
but cannot read them nor add a header, so it cannot forge the call. Callers with an Authorization header carry
no ambient credential and need no proof."""

from __future__ import annotations

import hashlib
import hmac

from fastapi import Request

from domain.errors import DomainError
from domain.storage import signing_key

CSRF_COOKIE = "genie_cms_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# openapi_extra of a route whose upstream checks its own CSRF token (the proxied Temporal Web UI sends its own
# X-CSRF-TOKEN); cross-site writes are still refused by refuse_cross_site, and SameSite=Lax keeps the cookie off.
OWN_CSRF_CHECK = {"x-csrf": "upstream"}


def route_extra(request: Request) -> dict[str, object]:
    return getattr(request.scope.get("route"), "openapi_extra", None) or {}


def csrf_token(user_id: int) -> str:
    """Stable for the user across renewals, so a call sent while its session renews still passes."""
    return hmac.new(signing_key(), f"csrf:{user_id}".encode(), hashlib.sha256).hexdigest()


def changes_state(request: Request) -> bool:
    """Any write method, and the GET routes marked `x-audit` (SPEC §7's calls that change data by GET)."""
    if request.method not in SAFE_METHODS:
        return True
    return bool(route_extra(request).get("x-audit"))


def refuse_cross_site(request: Request) -> None:
    """Browsers say where a call comes from: no other site may log in, adopt a token or change anything."""
    if changes_state(request) and request.headers.get("sec-fetch-site") == "cross-site":
        raise DomainError("CSRF_FAILED", status=403)


def passes(request: Request, user_id: int) -> bool:
    """For a call whose session came from the cookie: a read, or a change with the user's proof."""
    if not changes_state(request) or route_extra(request).get("x-csrf") == OWN_CSRF_CHECK["x-csrf"]:
        return True
    return hmac.compare_digest(request.headers.get(CSRF_HEADER, ""), csrf_token(user_id))
