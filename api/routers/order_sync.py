"""Order sync (SPEC §3 shop sync times, §8 messages; docs/order-sync.md): a shop's sync runs and the orders a run
could not ingest, on the resource kit; "Sync now" (a flow, `order-sync-{shopId}-now-...`) and "Retry", which
re-runs only a run's failed orders and answers 'retry succeeded' or 'some orders failed, retry later'. Both are
audited. A run belongs to its shop's merchant and takes that merchant's data authority."""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowFailureError
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.routers.shops import shops
from api.schemas.order_sync import (
    OrderSyncFailureFilters,
    OrderSyncFailurePublic,
    OrderSyncFlow,
    OrderSyncNoChange,
    OrderSyncNow,
    OrderSyncRetry,
    OrderSyncRunFilters,
    OrderSyncRunPublic,
)
from api.temporal_ui import OPERATE, workflow_path
from domain.db import transaction
from domain.enums.order_sync import OrderSyncStatus
from domain.errors import DomainError
from domain.models.merchants import Shop
from domain.models.order_sync import OrderSyncFailure, OrderSyncRun
from services.flows import watched
from services.order_sync import start_run, syncable

log = logging.getLogger("omp.order_sync")
RUNS = "order-sync#view"
RUN = "order-sync#run"
SHOP_LISTS = ("oms-shop", "shops-all")
RETRY_WAIT = 20.0  # seconds "Retry" waits for its few orders before it answers 'processing, please wait'
router = APIRouter(prefix="/order-sync", tags=["order_sync"])


def _shop_name(shop_id: Any) -> Any:
    return select(Shop.name).where(Shop.id == shop_id).scalar_subquery()


runs: Resource[Any] = Resource(
    name="OrderSyncRun", model=OrderSyncRun, public=OrderSyncRunPublic, create=OrderSyncNoChange,
    update=OrderSyncNoChange, filters=OrderSyncRunFilters, permission=RUNS, also=SHOP_LISTS,
    actions=Actions(export="order-sync#export"), scope=through_merchant("OrderSyncRun", OrderSyncRun.merchant_id),
    computed=lambda: {"shop_name": _shop_name(OrderSyncRun.shop_id)},
    sortable={"id", "started_at", "finished_at", "failed_count"})
failures: Resource[Any] = Resource(
    name="OrderSyncFailure", model=OrderSyncFailure, public=OrderSyncFailurePublic, create=OrderSyncNoChange,
    update=OrderSyncNoChange, filters=OrderSyncFailureFilters, permission=RUNS, also=SHOP_LISTS,
    actions=Actions(export="order-sync#export"),
    scope=through_merchant("OrderSyncFailure", OrderSyncFailure.merchant_id),
    sortable={"id", "failed_at", "channel_order_no"})
runs_router = runs.router(prefix="/order-sync/run", tags=["order_sync_runs"])
failures_router = failures.router(prefix="/order-sync/failure", tags=["order_sync_failures"])


async def _flow(db: AsyncSession, user: Principal, workflow_id: str) -> OrderSyncFlow:
    run = await db.scalar(runs.scope(select(OrderSyncRun).where(OrderSyncRun.workflow_id == workflow_id), user))
    shown = OrderSyncRunPublic.model_validate(await runs.shown(db, user, run)) if run is not None else None
    return OrderSyncFlow(run=shown, workflow_id=workflow_id,
                         workflow_url=workflow_path(workflow_id) if user.can(OPERATE) else None)


async def _start(request: Request, shop: Shop, retry_of: int | None = None) -> tuple[Client, str]:
    try:
        client = await temporal_client(request)
        async with watched():
            return client, await start_run(client, shop, retry_of=retry_of)
    except (RPCError, TimeoutError) as exc:
        log.warning("order sync of shop %s not started: %s", shop.id, exc)
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc


def _check_syncable(shop: Shop) -> None:
    if not syncable(shop):
        raise DomainError("ORDER_SYNC_SHOP_NOT_SYNCABLE", status=409, field="shopId")


@router.post("/sync", summary="Sync a shop's orders now: a flow pulls the pages its channel changed since the "
             "shop's cursor (audited)", openapi_extra=declares(shops.scope))
async def sync_now(body: OrderSyncNow, db: SessionDep, request: Request,
                   user: Annotated[Principal, Need(RUN)]) -> Reply[OrderSyncFlow]:
    shop = await shops.load(db, user, body.shop_id)
    _check_syncable(shop)
    await release(db)
    _, wid = await _start(request, shop)
    async with transaction() as own:
        await shops.audit(own, user, shop.id, "sync-orders", None, {"workflowId": wid})
    return ok(await _flow(db, user, wid), "order_sync.started")


@router.post("/retry", summary="Retry a run's failed orders only: 'retry succeeded', or 'some orders failed, retry "
             "later' with the ones still failing (audited)", openapi_extra=declares(runs.scope))
async def retry(body: OrderSyncRetry, db: SessionDep, request: Request,
                user: Annotated[Principal, Need(RUN)]) -> Reply[OrderSyncFlow]:
    """The run must have failed orders that no run ingested since; its shop must still be syncable. The call
    waits up to RETRY_WAIT seconds for the retry run; a longer one answers 'processing, please wait'."""
    run = await runs.load(db, user, body.run_id)
    open_failures = await db.scalar(select(func.count()).where(
        OrderSyncFailure.run_id == run.id, OrderSyncFailure.resolved_at.is_(None)))
    if not open_failures:
        raise DomainError("ORDER_SYNC_NOTHING_TO_RETRY", status=409, field="runId")
    shop = await shops.load(db, user, run.shop_id)
    _check_syncable(shop)
    run_id = run.id
    await release(db)
    client, wid = await _start(request, shop, retry_of=run_id)
    async with transaction() as own:
        await runs.audit(own, user, run_id, "retry", None, {"workflowId": wid})
    try:
        await asyncio.wait_for(client.get_workflow_handle(wid).result(), RETRY_WAIT)
    except TimeoutError:
        return ok(await _flow(db, user, wid), "order_sync.processing")
    except WorkflowFailureError:
        return ok(await _flow(db, user, wid), "order_sync.failed")
    flow = await _flow(db, user, wid)
    done = flow.run is not None and flow.run.status == OrderSyncStatus.SUCCEEDED
    return ok(flow, "order_sync.retrySucceeded" if done else "order_sync.someFailed")


@router.get("/run/flow/{run_id}", summary="A sync run with its flow's Temporal Web UI page for operators",
            openapi_extra=declares(runs.scope))
async def run_flow(run_id: int, db: SessionDep,
                   user: Annotated[Principal, Need(RUNS, *SHOP_LISTS)]) -> Reply[OrderSyncFlow]:
    run = await runs.load(db, user, run_id)
    return ok(await _flow(db, user, run.workflow_id))
