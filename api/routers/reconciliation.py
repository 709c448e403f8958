"""Financial reconciliation (docs/reconciliation.md; SPEC §2 `/financial-reconciliation`): a merchant's orders of
a month or a date range against what the channels paid for them. Runs and their differences are lists of the
resource kit (with the kit's export); "Start" records the run (replacing the finished one of the same merchant,
period and shop) and starts its flow; "Resolve" and "Reopen" mark a difference, audited with the note. A run and
its items belong to the merchant and take that merchant's data authority."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.scope import declares
from api.routers.merchants import merchants, through_merchant
from api.routers.shops import shops
from api.routers.stock_sync import merchant_email_of, shop_column_of
from api.schemas.reconciliation import (
    ReconciliationFlow,
    ReconciliationItemFilters,
    ReconciliationItemPublic,
    ReconciliationNoChange,
    ReconciliationReopenBody,
    ReconciliationResolveBody,
    ReconciliationRunFilters,
    ReconciliationRunPublic,
    ReconciliationStartBody,
)
from api.temporal_ui import OPERATE, workflow_path
from domain.errors import DomainError
from domain.models.merchants import Shop
from domain.models.reconciliation import ReconciliationItem, ReconciliationRun
from domain.rules.reconciliation import period_of
from services.flows import watched
from services.reconciliation import resolve as resolving
from services.reconciliation.runs import close_if_gone, create_run, fail_start, start_flow

log = logging.getLogger("omp.reconciliation")
VIEW = "financial-reconciliation"
START, RESOLVE, EXPORT = "reconciliation#run", "reconciliation#resolve", "reconciliation#export"
router = APIRouter(prefix="/reconciliation", tags=["reconciliation"])

runs: Resource[Any] = Resource(
    name="ReconciliationRun", model=ReconciliationRun, public=ReconciliationRunPublic, create=ReconciliationNoChange,
    update=ReconciliationNoChange, filters=ReconciliationRunFilters, permission=VIEW, actions=Actions(export=EXPORT),
    scope=through_merchant("ReconciliationRun", ReconciliationRun.merchant_id),
    computed=lambda: {"merchant_email": merchant_email_of(ReconciliationRun.merchant_id),
                      "shop_name": shop_column_of(ReconciliationRun.shop_id, Shop.name)},
    sortable={"id", "started_at", "period_from", "difference"})
items: Resource[Any] = Resource(
    name="ReconciliationItem", model=ReconciliationItem, public=ReconciliationItemPublic,
    create=ReconciliationNoChange, update=ReconciliationNoChange, filters=ReconciliationItemFilters,
    permission=VIEW, actions=Actions(export=EXPORT),
    scope=through_merchant("ReconciliationItem", ReconciliationItem.merchant_id),
    computed=lambda: {"shop_name": shop_column_of(ReconciliationItem.shop_id, Shop.name)},
    sortable={"id", "difference", "ordered_at", "paid_at", "channel_order_no"}, default_sort="id")
runs_router = runs.router(prefix="/reconciliation/run", tags=["reconciliation_runs"])
items_router = items.router(prefix="/reconciliation/item", tags=["reconciliation_items"])


async def _flow(db: AsyncSession, user: Principal, run: ReconciliationRun) -> ReconciliationFlow:
    shown = ReconciliationRunPublic.model_validate(await runs.shown(db, user, run))
    return ReconciliationFlow(run=shown, workflow_url=workflow_path(run.workflow_id) if user.can(OPERATE) else None)


@router.post("/start", summary="Reconcile a merchant's orders of a month or date range against the channels' "
             "settlements: a flow pulls them and lists the differences (replaces the finished run of the same "
             "merchant, period and shop; audited)", openapi_extra=declares(merchants.scope))
async def start(body: ReconciliationStartBody, db: SessionDep, request: Request,
                user: Annotated[Principal, Need(START)]) -> Reply[ReconciliationFlow]:
    period_from, period_to = period_of(body.month, body.period_from, body.period_to, datetime.now(UTC).date())
    merchant = await merchants.load(db, user, body.merchant_id)
    what = merchant.email
    if body.shop_id is not None:
        shop = await shops.load(db, user, body.shop_id)
        if shop.merchant_id != merchant.id:
            raise DomainError("RECONCILIATION_SHOP_NOT_OF_MERCHANT", status=422, field="shopId")
        what = f"{merchant.email} / {shop.name}"
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():
            await close_if_gone(client, merchant.id, body.shop_id, period_from, period_to)
    except (RPCError, TimeoutError) as exc:
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    run = await create_run(db, merchant_id=merchant.id, shop_id=body.shop_id, period_from=period_from,
                           period_to=period_to, started_by=user.username)
    await runs.audit(db, user, run.id, "start", None, {
        "merchantId": run.merchant_id, "shopId": run.shop_id, "periodFrom": str(period_from),
        "periodTo": str(period_to), "workflowId": run.workflow_id})
    run_id = run.id
    await release(db)
    try:
        async with watched():
            await start_flow(client, run, what)
    except (RPCError, TimeoutError) as exc:
        log.warning("reconciliation run %s not started: %s", run_id, exc)
        await fail_start(run_id, "Temporal did not take the flow")
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    return ok(await _flow(db, user, await runs.load(db, user, run_id)), "reconciliation.started")


@router.get("/run/flow/{run_id}", summary="A reconciliation run with its flow's Temporal Web UI page for operators",
            openapi_extra=declares(runs.scope))
async def run_flow(run_id: int, db: SessionDep, user: Annotated[Principal, Need(VIEW)]) -> Reply[ReconciliationFlow]:
    return ok(await _flow(db, user, await runs.load(db, user, run_id)))


async def _mark(db: AsyncSession, user: Principal, item_id: int, action: str, note: str | None) -> ReconciliationItem:
    item = await items.load(db, user, item_id, lock=True)
    before = resolving.resolve(item, note, user.username) if note is not None else resolving.reopen(item)
    after = {"resolvedAt": item.resolved_at.isoformat() if item.resolved_at else None,
             "resolutionNote": item.resolution_note}
    await items.audit(db, user, item.id, action, before, after)
    await db.flush()
    shown: ReconciliationItem = await items.shown(db, user, item)
    return shown


@router.post("/item/resolve", summary="Mark a difference resolved with a note (audited)",
             openapi_extra=declares(items.scope))
async def resolve(body: ReconciliationResolveBody, db: SessionDep,
                  user: Annotated[Principal, Need(RESOLVE)]) -> Reply[ReconciliationItemPublic]:
    item = await _mark(db, user, body.id, "resolve", body.note.strip() or "-")
    return ok(ReconciliationItemPublic.model_validate(item), "reconciliation.resolved")


@router.post("/item/reopen", summary="Open a resolved difference again (audited)",
             openapi_extra=declares(items.scope))
async def reopen(body: ReconciliationReopenBody, db: SessionDep,
                 user: Annotated[Principal, Need(RESOLVE)]) -> Reply[ReconciliationItemPublic]:
    item = await _mark(db, user, body.id, "reopen", None)
    return ok(ReconciliationItemPublic.model_validate(item), "reconciliation.reopened")

