"""The console's Temporal side in tests, in one place for every flow test's fixtures: the search attributes
registered on a test server, every queue's worker polling it, the API's Temporal client pointed at it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest
from temporalio.service import RPCError

from domain.search_attributes import SEARCH_ATTRIBUTES
from domain.settings import get_settings
from launcher.search_attributes import TYPES


async def register_search_attributes(client: Any) -> None:
    kinds = {name: TYPES[kind] for name, kind in SEARCH_ATTRIBUTES.items()}
    try:
        await client.operator_service.add_search_attributes(
            AddSearchAttributesRequest(namespace=get_settings().temporal_namespace, search_attributes=kinds))
    except RPCError as exc:  # already there (another test file of this process added them)
        if "already" not in str(exc).lower():
            raise


@contextlib.asynccontextmanager
async def workers_running(client: Any) -> AsyncIterator[None]:
    """Every queue's worker (worker.main.build_workers) polling `client`'s server until the block ends. Each one
    built is started and stopped: a built worker stays registered on the client for its queue."""
    from worker.main import build_workers  # the worker's imports only where a test runs workers

    async with contextlib.AsyncExitStack() as stack:
        for worker in build_workers(client):
            await stack.enter_async_context(worker)
        yield


@contextlib.contextmanager
def api_pointed_at(app: Any, client: Any) -> Iterator[None]:
    """The API's Temporal client is `client` until the block ends, then the one it had."""
    previous, app.state.flows._client = app.state.flows._client, client
    try:
        yield
    finally:
        app.state.flows._client = previous


@contextlib.asynccontextmanager
async def console_on(env: Any, app: Any) -> AsyncIterator[Any]:
    """The console on a test server: its search attributes, every queue's worker, the API's client on it."""
    await register_search_attributes(env.client)
    with api_pointed_at(app, env.client):
        async with workers_running(env.client):
            yield env
