"""The app factory: routers under /cms/, one error handler, the built web app at /."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.routing import APIRoute
from starlette.types import Receive, Scope, Send

from api import errors, temporal_ui
from api.audit_log import OperationLogger
from api.client_address import ClientAddress
from api.deps import guard_of
from api.flows import Flows, TemporalTrials
from api.input_guard import InputGuard
from api.lean import LeanRoutes, lean_routes
from api.middleware import RequestContext
from api.page_security import SecurityHeaders, add_docs
from api.route_index import RouteIndex
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


def mount_web(app: FastAPI, dist: Path) -> None:
    """Serve the built single-page app; every non-API path falls back to index.html (history mode)."""
    index = dist / "index.html"
    if not index.exists():
        return
    if (dist / "assets").exists():
        app.mount("/assets", HashedAssets(directory=dist / "assets"), name="assets")

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
    async with beating(AppKind.API):
        yield
    task.cancel()
    await temporal_ui.close(app)
    await get_engine().dispose()
    await close_plain_pool()


class ConsoleApp(FastAPI):
    """FastAPI, whose `@lean` routes' plain calls are answered before its middleware stack (api/lean.py)."""

    lean: LeanRoutes | None = None

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            exact_integer_bounds(super().openapi())
        return super().openapi()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.lean is not None and scope["type"] == "http":
            await self.lean(scope, receive, send)  # hands every other call to FastAPI.__call__
        else:
            await super().__call__(scope, receive, send)


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
    api = APIRouter(prefix=BASE)
    for router in ROUTERS:
        declare_permissions(router)
        api.include_router(router)
    app.include_router(api)
    app.include_router(temporal_ui.router)  # before the web app's catch-all
    errors.install(app)
    app.add_middleware(OperationLogger)  # inside RequestContext, so the transaction id is already set
    app.add_middleware(InputGuard)  # before any route, lean or not: the body limit and the input rules
    app.add_middleware(RequestContext)
    app.add_middleware(SecurityHeaders)  # outside RequestContext: its own 500 replies carry the headers too
    app.add_middleware(ClientAddress)  # the access log, throttle and audit see the real client
    app.add_middleware(TemporalTrials)  # outermost: a call's breaker trial is given back however it ends
    mount_web(app, settings.web_dist)
    RouteIndex.install(app)  # FastAPI's router scans ~420 routes a call; the index tries the few that could match
    app.lean = LeanRoutes(partial(FastAPI.__call__, app), lean_routes(ROUTERS, BASE))
    return app
