"""The /cms routes found by a table instead of a scan (docs/decisions/one-dispatch-path.md).

FastAPI finds a call's route by trying every route in order, twice a call (to match, then to handle), each try
costing a few microseconds of bookkeeping around the path's regular expression: with ~420 routes under /cms, a
call to a route declared late spent 1-4 ms of CPU before its endpoint ran, more than most calls' SQL. The table
tries only the routes whose literal part (the path before its first parameter) could match the call's first two
segments, in FastAPI's order, by each route's own public regular expression and parameter converters, and hands
the call to the route's own handler, as Starlette's router does for a route of its own. It sits where the app's
router dispatches (`app.router.middleware_stack`), inside FastAPI's exception handling and exit stacks.

What the table cannot place for certain goes to FastAPI's router unchanged: no route matches fully (a 404, a 405,
a trailing-slash redirect are FastAPI's), or a route declared on the app itself could match first (the docs page,
the OpenAPI document). Only public names are used; routes must be declared before the first call.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Receive, Scope, Send


@dataclass(frozen=True)
class Entry:
    route: APIRoute
    literal: str  # the route's path before its first parameter, under the table's prefix
    exact: bool  # no parameter: the path must equal `literal`

    def could_match(self, path: str) -> bool:
        return path == self.literal if self.exact else path.startswith(self.literal)


def key_of(path: str) -> str:
    """The bucket of a path: its first two segments ("/stock/movement" for /stock/movement/x)."""
    return "/".join(path.split("/", 3)[:3])


def entry_key(entry: Entry) -> str | None:
    """The one bucket an entry can match in, or None when its literal part ends before its second segment does."""
    if entry.exact:
        return key_of(entry.literal)
    parts = entry.literal.split("/")
    return "/".join(parts[:3]) if len(parts) > 3 else None


class RouteTable:
    """In place of the app router's dispatch, for the routes of `routes` mounted at `prefix`."""

    def __init__(self, app: FastAPI, routes: list[APIRoute], prefix: str, fallback: ASGIApp) -> None:
        self.app = app
        self.prefix = prefix
        self.fallback = fallback
        self.order = routes  # FastAPI's order
        ordered = [Entry(r, *literal_of(r.path)) for r in routes]
        keys = {k for k in map(entry_key, ordered) if k is not None}
        self.wide = [e for e in ordered if entry_key(e) is None]
        self.buckets = {key: [e for e in ordered if entry_key(e) in (key, None)] for key in keys}
        self.ahead: list[BaseRoute] | None = None  # the app's own routes FastAPI tries before ours

    @classmethod
    def install(cls, app: FastAPI, routes: list[APIRoute], prefix: str) -> None:
        app.router.middleware_stack = cls(app, routes, prefix, app.router.middleware_stack)

    def find(self, scope: Scope) -> tuple[APIRoute, dict[str, object]] | None:
        if scope["type"] != "http":  # the lifespan's startup and shutdown, a websocket: the router's own
            return None
        path: str = scope["path"]
        if scope.get("root_path") or not path.startswith(self.prefix + "/"):
            return None
        if any(route.matches(scope)[0] is not Match.NONE for route in self.routes_ahead()):
            return None
        tail = path[len(self.prefix):]
        for entry in self.buckets.get(key_of(tail), self.wide):
            if not entry.could_match(tail):
                continue
            found = entry.route.path_regex.match(tail)
            if found is None:
                continue
            if entry.route.methods and scope["method"] not in entry.route.methods:
                return None  # FastAPI answers: a later route may take the method, or it is a 405
            params = {key: entry.route.param_convertors[key].convert(value) for key, value in found.groupdict().items()}
            return entry.route, params
        return None

    def routes_ahead(self) -> list[BaseRoute]:
        """The app's routes declared before the first included router (the docs page, the OpenAPI document)."""
        if self.ahead is None:
            self.ahead = []
            for route in self.app.router.routes:
                if not hasattr(route, "path_regex"):  # the first included router
                    break
                self.ahead.append(route)
        return self.ahead

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.find(scope)
        if found is None:
            await self.fallback(scope, receive, send)
            return
        route, params = found
        scope.setdefault("router", self.app.router)
        scope.update(endpoint=route.endpoint, route=route, path_params={**scope.get("path_params", {}), **params})
        await route.app(scope, receive, send)


def literal_of(path: str) -> tuple[str, bool]:
    head, brace, _ = path.partition("{")
    return head, not brace
