"""The API's Temporal client: connected at start-up, reconnected on demand if Temporal came up late."""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated

from fastapi import Depends, Request
from temporalio.client import Client

from domain.errors import DomainError
from domain.temporal import connect

log = logging.getLogger("omp.flows")


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
    flows: Flows = request.app.state.flows
    return await flows.client()


TemporalDep = Annotated[Client, Depends(temporal_client)]
