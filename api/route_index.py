"""An index in front of FastAPI's router (docs/decisions/route-index.md).

FastAPI keeps included routers nested and finds a call's route by walking them: each level scans its routes in
order (and first walks every router below it to see whether routes changed), and does it twice, once to match and
once to handle. With the console's ~420 routes that cost about 2 ms of CPU a call, more than most calls' SQL.

The index finds the same route from the first two segments of the path: only the routes whose literal part (the
path before its first parameter) could match are tried, in FastAPI's order, and the call is handed to the route
as FastAPI's router hands it (the same scope keys, the same route handler). A call the index cannot place for
certain goes to FastAPI's router unchanged: no route matches fully (404, 405, a trailing-slash redirect), or a
route FastAPI would try first is one the index does not hand calls to (a mount, a plain Starlette route, a route
declared on the app itself).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.routing import (  # the router's own steps, so a call placed here is handled exactly as there
    _FASTAPI_EFFECTIVE_ROUTE_CONTEXT_KEY,
    _FASTAPI_INCLUDED_ROUTER_KEY,
    APIRoute,
    _apply_router_form_limits,
    _EffectiveRouteContext,
    _get_fastapi_scope,
    _IncludedRouter,
    _route_selected,
    _update_scope,
)
from starlette.routing import BaseRoute, Match, Mount
from starlette.types import ASGIApp, Receive, Scope, Send


@dataclass(frozen=True)
class Entry:
    literal: str  # the path before its first parameter (all of it when it has none)
    exact: bool  # no parameter: the path must equal `literal`
    context: _EffectiveRouteContext | None  # None: a route the index does not hand calls to (FastAPI decides)
    chain: tuple[_IncludedRouter, ...] = ()  # the included routers above the route, outermost first

    def could_match(self, path: str) -> bool:
        return path == self.literal if self.exact else path.startswith(self.literal)


def key_of(path: str) -> str:
    """The bucket of a call's path: its first two segments ("/cms/merchant" for /cms/merchant/search)."""
    return "/".join(path.split("/", 3)[:3])


def entry_key(entry: Entry) -> str | None:
    """The one bucket an entry can match in, or None when its literal part ends before the second segment does."""
    if entry.exact:
        return key_of(entry.literal)
    parts = entry.literal.split("/")
    return "/".join(parts[:3]) if len(parts) > 3 else None


def literal_of(path_format: str) -> tuple[str, bool]:
    head, brace, _ = path_format.partition("{")
    return head, not brace


def opaque(route: BaseRoute) -> Entry:
    path = getattr(route, "path_format", None) or getattr(route, "path", None) or ""
    if isinstance(route, Mount):
        return Entry(path.rstrip("/") + "/", False, None) if path else Entry("/", False, None)
    literal, exact = literal_of(path)
    return Entry(literal or "/", exact and bool(literal), None)


def entries(routes: list[BaseRoute] | list[Any], chain: tuple[_IncludedRouter, ...] = ()) -> Iterator[Entry]:
    """Every route in the order FastAPI tries them."""
    for route in routes:
        if isinstance(route, _IncludedRouter):
            yield from entries(route.effective_candidates(), (*chain, route))
        elif isinstance(route, _EffectiveRouteContext) and isinstance(route.original_route, APIRoute):
            literal, exact = literal_of(route.path_format)
            yield Entry(literal, exact, route, chain)
        elif isinstance(route, _EffectiveRouteContext):
            yield opaque(route.starlette_route or route.original_route)
        else:
            yield opaque(route)


class RouteIndex:
    """Set in place of the app router's own dispatch (inside FastAPI's exception handling), on first use."""

    def __init__(self, app: FastAPI, fallback: ASGIApp) -> None:
        self.router = app.router
        self.fallback = fallback
        self.buckets: dict[str, list[Entry]] | None = None
        self.wide: list[Entry] = []

    @classmethod
    def install(cls, app: FastAPI) -> None:
        app.router.middleware_stack = cls(app, app.router.middleware_stack)

    def build(self) -> dict[str, list[Entry]]:
        """Built on the first call, once every route is declared. Routes added later are served by FastAPI when the
        index finds no route, but could be shadowed by an indexed one: declare routes before serving."""
        ordered = list(entries(self.router.routes))
        keys = {k for k in map(entry_key, ordered) if k is not None}
        self.wide = [e for e in ordered if entry_key(e) is None]
        return {key: [e for e in ordered if entry_key(e) in (key, None)] for key in keys}

    def find(self, scope: Scope) -> tuple[Entry, Scope] | None:
        if scope["type"] != "http" or scope.get("root_path"):
            return None
        if self.buckets is None:
            self.buckets = self.build()
        path = scope["path"]
        for entry in self.buckets.get(key_of(path), self.wide):
            if not entry.could_match(path):
                continue
            if entry.context is None:
                return None  # FastAPI would try this route first: it decides
            match, child_scope = entry.context.matches(scope)
            if match is Match.FULL:
                return entry, child_scope
        return None  # nothing, or a route of another method (405): FastAPI answers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.find(scope)
        if found is None:
            await self.fallback(scope, receive, send)
            return
        entry, child_scope = found
        context = entry.context
        assert context is not None
        # What FastAPI's router does from the app's router down to the route (APIRouter.app, _IncludedRouter.handle,
        # _IncludedRouter._handle_selected), without the scans.
        _apply_router_form_limits(scope, self.router.form_limits)
        scope.setdefault("router", self.router)
        fastapi_scope = _get_fastapi_scope(scope)
        for included in entry.chain:
            _apply_router_form_limits(scope, included.include_context.form_limits)
        if entry.chain:
            fastapi_scope[_FASTAPI_INCLUDED_ROUTER_KEY] = entry.chain[-1]
        _update_scope(scope, child_scope)
        _route_selected(scope=scope, path=context.path_format)
        fastapi_scope[_FASTAPI_EFFECTIVE_ROUTE_CONTEXT_KEY] = context
        scope["route"] = context.original_route
        await context.original_route.handle(scope, receive, send)
