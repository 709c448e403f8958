"""The route index places every call where FastAPI's own router does, and leaves to FastAPI what it cannot place
(docs/decisions/route-index.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute, _IncludedRouter, iter_route_contexts
from fastapi.testclient import TestClient
from starlette.routing import Match

from api.main import create_app
from api.route_index import RouteIndex


def scope_of(method: str, path: str) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "query_string": b""}


def fastapi_pick(app: FastAPI, scope: dict[str, Any]) -> tuple[Any, dict[str, Any]] | None:
    """The route FastAPI's router gives the call (its own matching code, level by level), and its path params."""
    for route in app.router.routes:
        match, child = route.matches(dict(scope))
        if match is not Match.FULL:
            continue
        picked: Any = route
        while isinstance(picked, _IncludedRouter):
            match, child, picked, context = picked._match(dict(scope))
            assert match is Match.FULL
            if context is not None:
                return context.original_route, child.get("path_params", {})
        return picked, child.get("path_params", {})
    return None


def index_pick(index: RouteIndex, scope: dict[str, Any]) -> tuple[Any, dict[str, Any]] | None:
    found = index.find(dict(scope))
    if found is None:
        return None
    entry, child = found
    assert entry.context is not None
    return entry.context.original_route, child.get("path_params", {})


def concrete(path_format: str) -> str:
    return re.sub(r"\{[^}:]+(:[^}]+)?\}", lambda m: "some/where" if m.group(1) == ":path" else "7", path_format)


@pytest.fixture(scope="module")
def console() -> FastAPI:
    return create_app()


def test_every_console_route_is_found_where_fastapi_finds_it(console: FastAPI) -> None:
    index = console.router.middleware_stack
    assert isinstance(index, RouteIndex)
    placed = 0
    for context in iter_route_contexts(console.router.routes):
        route = context.original_route
        if not isinstance(route, APIRoute):
            continue
        for method in sorted(context.methods or ()):
            scope = scope_of(method, concrete(context.path_format or ""))
            expected = fastapi_pick(console, scope)
            got = index_pick(index, scope)
            if got is not None:
                placed += 1
                assert got == expected, scope  # never a different route, nor other path params
            else:  # left to FastAPI: only a route declared on the app itself (the docs, the web app)
                assert expected is not None and expected[0] in console.router.routes, scope
    assert placed > 300


def test_unplaced_calls_are_left_to_fastapi(console: FastAPI) -> None:
    index = console.router.middleware_stack
    assert isinstance(index, RouteIndex)
    for method, path in [("GET", "/cms/no-such-thing"), ("DELETE", "/cms/merchant/search"),  # 404, 405
                         ("GET", "/cms/info/"), ("GET", "/cms/openapi.json"), ("GET", "/assets/x.js"),
                         ("GET", "/"), ("GET", "/login")]:
        assert index.find(scope_of(method, path)) is None, path


def small_app() -> FastAPI:
    """Overlapping routes across routers: the first declared wins, as in FastAPI."""
    app = FastAPI()
    first, second = APIRouter(prefix="/cms/things"), APIRouter(prefix="/cms/things")

    @first.get("/{thing_id}")
    async def by_id(thing_id: int) -> dict[str, Any]:
        return {"by": "id", "thing": thing_id}

    @first.post("/{thing_id}")
    async def change(thing_id: int) -> dict[str, Any]:
        return {"by": "change", "thing": thing_id}

    @second.get("/{name}")
    async def by_name(name: str) -> dict[str, Any]:
        return {"by": "name", "thing": name}

    @second.get("/latest")
    async def latest() -> dict[str, Any]:
        return {"by": "latest"}

    outer = APIRouter()
    outer.include_router(first)
    outer.include_router(second)
    app.include_router(outer)

    @app.get("/cms/things/first/shadowed")
    async def shadowed() -> dict[str, Any]:
        return {"by": "app"}

    RouteIndex.install(app)
    return app


def test_calls_through_the_index_reply_as_fastapi_does() -> None:
    app = small_app()
    with TestClient(app) as client:
        assert client.get("/cms/things/12").json() == {"by": "id", "thing": 12}  # path param converted
        assert client.get("/cms/things/latest").status_code == 422  # the first declared route wins, as in FastAPI
        assert client.post("/cms/things/3").json() == {"by": "change", "thing": 3}
        assert client.put("/cms/things/3").status_code == 405  # left to FastAPI: its 405
        assert client.get("/cms/nothing").status_code == 404
        assert client.get("/cms/things/first/shadowed").json() == {"by": "app"}  # a route on the app: FastAPI's
    index = app.router.middleware_stack
    assert isinstance(index, RouteIndex)
    for path in ("/cms/things/12", "/cms/things/latest"):
        assert index_pick(index, scope_of("GET", path)) == fastapi_pick(app, scope_of("GET", path)), path
    assert index.find(scope_of("GET", "/cms/things/first/shadowed")) is None
