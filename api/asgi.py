"""Small helpers of the console's one plain ASGI middleware (api/middleware.py) and the parts it runs."""

from __future__ import annotations

from typing import Any

from starlette.types import Message, Receive, Scope

API_PREFIX = "/cms/"


def is_api(scope: Scope) -> bool:
    return bool(scope["path"].startswith(API_PREFIX))


def header(scope: Scope, name: bytes, default: bytes = b"") -> bytes:
    """A request header's value as `dict(scope["headers"])` has it (the last one sent), without building the dict."""
    found = default
    for key, value in scope["headers"]:
        if key == name:
            found = value
    return found


def replay(body: bytes, receive: Receive) -> Receive:
    """The body read once, handed to the app as if it came now; then the client's own messages (disconnect)."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: Any = await receive()
        return message

    return again
