"""The API's Temporal client: connected at start-up, reconnected on demand if Temporal came up late; each HTTP call
holds the breaker's trial (services/flows.py) it took until it ends."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request
from temporalio.client import Client

from domain.errors import DomainError
from domain.temporal import connect
from services.flows import breaker

log = logging.getLogger("omp.flows")
# The scope key naming one HTTP call, the holder of a trial (services/flows.py breaker). The middleware
# (api/middleware.py) names each call, and gives back the trial a call took and left without a verdict (a refusal of
# its own before it reached Temporal, an error, a path that never asked), whichever way the call ends.
CALL = "omp.temporal_call"


class Flows:
    def __init__(self) -> None:
        self._client: Client | None = None
        self._lock = asyncio.Lock()

    async def client(self) -> Client:
        if self._client is None:
            async with self._lock:
                if self._client is None:
                    try:
                        self._client = await asyncio.wait_for(connect(), timeout=5)
                    except Exception as exc:
                        log.warning("Temporal unreachable: %s", exc)
                        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
        return self._client


async def temporal_client(request: Request) -> Client:
    """The client, or a 503 at once while the breaker is open or another call holds its trial. Callers report
    the call's end to `breaker.record`, through `watched`; a trial not reported is given back when the HTTP
    call ends (api/middleware.py)."""
    if not breaker.allow(request.scope.setdefault(CALL, object())):
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal")
    flows: Flows = request.app.state.flows
    try:
        return await flows.client()
    except DomainError:
        breaker.record(TimeoutError())
        raise


TemporalDep = Annotated[Client, Depends(temporal_client)]
LazyTemporal = Callable[[], Awaitable[Client]]


async def lazy_temporal_client(request: Request) -> LazyTemporal:
    """For a route that asks Temporal only sometimes (a running flow's progress): the client when first asked, so
    the rest of the route answers while Temporal is down."""
    return lambda: temporal_client(request)


LazyTemporalDep = Annotated[LazyTemporal, Depends(lazy_temporal_client)]
