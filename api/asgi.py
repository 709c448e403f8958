"""The shape of the console's plain ASGI middlewares (no per-call task, unlike BaseHTTPMiddleware): each says which
calls it handles, and every other call passes straight through to the app."""

from __future__ import annotations

from abc import ABC, abstractmethod

from starlette.types import ASGIApp, Receive, Scope, Send

API_PREFIX = "/cms/"


class PlainMiddleware(ABC):
    """Handles every HTTP call; a subclass narrows `wants` and writes `handle`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def wants(self, scope: Scope) -> bool:
        return bool(scope["type"] == "http")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.wants(scope):
            await self.handle(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    @abstractmethod
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """What the middleware does with a call it wants."""


class ApiMiddleware(PlainMiddleware):
    """Handles the API's calls (/cms/...) only: pages, assets and the proxied Temporal UI pass by."""

    def wants(self, scope: Scope) -> bool:
        return super().wants(scope) and is_api(scope)


def is_api(scope: Scope) -> bool:
    return bool(scope["path"].startswith(API_PREFIX))


def header(scope: Scope, name: bytes, default: bytes = b"") -> bytes:
    """A request header's value as `dict(scope["headers"])` has it (the last one sent), without building the dict."""
    found = default
    for key, value in scope["headers"]:
        if key == name:
            found = value
    return found
