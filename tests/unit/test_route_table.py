"""The route table (api/route_table.py) picks, for every console route and method, the route and path parameters a
scan of the routes in FastAPI's order picks, and leaves to FastAPI what it cannot place for certain."""

from __future__ import annotations

import re
from typing import Any

from fastapi.routing import APIRoute

from api.main import BASE, create_app
from api.route_table import RouteTable


def scope(path: str, method: str) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "query_string": b""}


def scanned(routes: list[APIRoute], path: str, method: str) -> tuple[APIRoute, dict[str, Any]] | None:
    """What a scan in order finds: the first route whose path matches, if it takes the method."""
    for route in routes:
        found = route.path_regex.match(path[len(BASE):])
        if found is not None:
            if route.methods and method not in route.methods:
                return None
            return route, {k: route.param_convertors[k].convert(v) for k, v in found.groupdict().items()}
    return None


def test_the_table_picks_what_a_scan_picks() -> None:
    table = create_app().router.middleware_stack
    assert isinstance(table, RouteTable)
    checked = 0
    for route in table.order:
        path = BASE + re.sub(r"\{[^}]+\}", "1", route.path)
        for method in [*sorted(route.methods or {"GET"}), "PATCH"]:
            assert table.find(scope(path, method)) == scanned(table.order, path, method), (path, method)
            checked += 1
    assert checked > 400
    for path in (f"{BASE}/docs", f"{BASE}/openapi.json", f"{BASE}/no-such-thing", "/somewhere", BASE):
        assert table.find(scope(path, "GET")) is None


async def test_the_lifespan_and_other_scopes_go_to_the_router_as_they_are() -> None:
    """The lifespan's startup (heartbeats, the ticket flows' reconciler) must reach the app: a scope without a path
    is the router's, never a KeyError that makes uvicorn take the lifespan for unsupported."""
    table = create_app().router.middleware_stack
    assert isinstance(table, RouteTable)
    seen: list[dict[str, Any]] = []

    async def fallback(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope)

    table.fallback = fallback
    lifespan = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
    assert table.find(lifespan) is None

    async def nothing() -> dict[str, Any]:
        return {}

    async def ignore(_: Any) -> None:
        return None

    await table(lifespan, nothing, ignore)
    assert seen == [lifespan]
