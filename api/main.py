"""The app factory: routers under /cms/, one error handler, the built web app at /."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.routing import APIRoute

from api import errors, temporal_ui
from api.deps import guard_of
from api.flows import Flows
from api.middleware import ConsoleFront
from api.page_security import add_docs
from api.resource.export_tasks import serve_export_writer
from api.route_table import RouteTable
from api.routers import ROUTERS
from api.schemas.types import exact_integer_bounds
from api.static_assets import NO_CACHE, HashedAssets
from domain.db import close_plain_pool, get_engine
from domain.enums import AppKind
from domain.heartbeats import beating
from domain.logging import configure_logging
from domain.settings import get_settings
from services.tickets.flow import reconcile

BASE = "/cms"
log = logging.getLogger("omp.api")


def operation_id(route: APIRoute) -> str:
    """`couriers_search`: tag and function name, so the generated client reads well."""
    return f"{route.tags[0]}_{route.name}" if route.tags else route.name


def declare_permissions(router: APIRouter) -> None:
    """Publish each route's permission as `x-permission` in OpenAPI ("public" when anyone may call)."""
    for route in router.routes:
        if isinstance(route, APIRoute):
            guard = guard_of(route)
            if guard is not None:
                extra = dict(route.openapi_extra or {})
                extra["x-permission"] = guard.permission or "public"
                if guard.also:
                    extra["x-permission-also"] = list(guard.also)
                route.openapi_extra = extra


def flat(routers: list[APIRouter]) -> APIRouter:
    """Every route of `routers` in one router, in their order: FastAPI walks included routers level by level,
    each first walking every router below it to see whether its routes changed (for the calls the route table,
    api/route_table.py, leaves to FastAPI, and for the OpenAPI document). Routers declare only a prefix and tags,
    which their routes already carry."""
    api = APIRouter()
    for router in routers:
        declare_permissions(router)
        api.routes.extend(router.routes)
    return api


def mount_assets(app: FastAPI, dist: Path) -> None:
    """The built app's hashed files, mounted before the API's routes: a page's hundred-odd script files are each
    found by the first routes tried, not after a try of every /cms route (3 ms of CPU a file)."""
    if (dist / "index.html").exists() and (dist / "assets").exists():
        app.mount("/assets", HashedAssets(directory=dist / "assets"), name="assets")


def serve_pages(app: FastAPI, dist: Path) -> None:
    """Serve the built single-page app; every non-API path falls back to index.html (history mode)."""
    index = dist / "index.html"
    if not index.exists():
        return

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str) -> FileResponse:
        if path == "cms" or path.startswith("cms/"):  # an unknown API path is a 404, never the app
            raise HTTPException(status_code=404)
        candidate = (dist / path).resolve()
        # Not hashed (index.html, favicon): the browser asks again each time, so a new build shows at once.
        if path and candidate.is_file() and candidate.is_relative_to(dist.resolve()):
            return FileResponse(candidate, headers={"Cache-Control": NO_CACHE})
        return FileResponse(index, headers={"Cache-Control": NO_CACHE})


async def reconcile_ticket_flows(flows: Flows) -> None:
    """At start-up: start the flows of tickets whose creator died between the insert and the start."""
    try:
        await reconcile(await flows.client(), older_than=timedelta(0))
    except Exception as exc:  # Temporal or the database not up yet: the reconciler schedule catches up
        log.warning("ticket flows not reconciled at start-up: %s", exc)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    task = asyncio.create_task(reconcile_ticket_flows(app.state.flows))
    writer = asyncio.create_task(serve_export_writer(app.state.flows))  # export tasks' files (docs/exports.md)
    async with beating(AppKind.API):
        yield
    task.cancel()
    writer.cancel()
    await temporal_ui.close(app)
    await get_engine().dispose()
    await close_plain_pool()


class ConsoleApp(FastAPI):
    """FastAPI, whose OpenAPI document states the exact bounds of its integers."""

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            exact_integer_bounds(super().openapi())
        return super().openapi()


def create_app() -> FastAPI:
    settings = get_settings()
    configure_logging(settings.log_level, settings.log_json)
    app = ConsoleApp(
        title="OMP Console API", version="1", lifespan=lifespan,
        openapi_url=f"{BASE}/openapi.json" if settings.api_docs else None, docs_url=None, redoc_url=None,
        generate_unique_id_function=operation_id,
    )
    if settings.api_docs:
        add_docs(app, f"{BASE}/docs", f"{BASE}/openapi.json")
    app.state.flows = Flows()
    api = flat(ROUTERS)
    mount_assets(app, settings.web_dist)
    app.include_router(api, prefix=BASE)
    app.include_router(temporal_ui.router)  # before the web app's catch-all
    errors.install(app)
    # One layer does what every call needs, in this order (api/middleware.py): the breaker trial given back however
    # the call ends; the real client before anything reads it; the transaction id, language and access line; the
    # security headers on every reply, its own 500 replies included; for /cms/ calls the body limit and the input
    # rules before any route, then the operation log, with the transaction id already set.
    app.add_middleware(ConsoleFront)
    serve_pages(app, settings.web_dist)
    RouteTable.install(app, [r for r in api.routes if isinstance(r, APIRoute)], BASE)  # a table, not a scan
    return app
