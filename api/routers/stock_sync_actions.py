"""Stock sync actions (SPEC §4, §5): sync stock to one store (a Temporal flow, `stock-sync-{eventId}`), stock fix
(the merchant's balances of the named SKUs rebuilt through the stock module's audited repair), and the lock and
promotion stock switches. Each is audited and leaves a stock event."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource.scope import declares
from api.routers.merchants import merchants
from api.routers.shops import shops
from api.routers.stock_sync import EVENTS, STOCK, events, pushes, settings
from api.schemas.stock_sync import (
    StockEventFlow,
    StockEventPublic,
    StockFixRequest,
    StockPushPublic,
    StockPushRetry,
    StockSettingChange,
    StockSettingPublic,
    StockSyncRequest,
)
from api.temporal_ui import OPERATE, workflow_path
from domain import audit
from domain.db import transaction
from domain.enums import JobResult, StockEventKind
from domain.errors import DomainError, Invalid
from domain.flows.stock_sync import workflow_id
from domain.models.merchants import Shop
from domain.models.stock_sync import BalanceView, StockBinding, StockEvent, StockSetting
from domain.rules import stock_sync as rules
from domain.rules.inputs import Problems
from services.flows import watched
from services.stock.store import repair
from services.stock_locks import sku_lock, store_lock
from services.stock_sync import count_totals, retry_push, start_sync

log = logging.getLogger("omp.stock_sync")
router = APIRouter(prefix="/stock-sync", tags=["stock_sync"])


async def _event(db: AsyncSession, user: Principal, **values: Any) -> StockEvent:
    event = StockEvent(operator_id=user.id, operator_name=user.username, **values)
    db.add(event)
    await db.flush()
    await events.audit(db, user, event.id, str(event.kind).lower(), None, audit.snapshot(event))
    return event


async def _flow(db: AsyncSession, user: Principal, event_id: int) -> StockEventFlow:
    event = await events.shown(db, user, await events.load(db, user, event_id))
    wid = workflow_id(event.id) if event.kind == StockEventKind.SYNC else None
    return StockEventFlow(event=StockEventPublic.model_validate(event), workflow_id=wid,
                     workflow_url=workflow_path(wid) if wid and user.can(OPERATE) else None)


@router.post("/sync", summary="Sync stock to one store: a flow pushes every sku of its bound warehouses (audited)")
async def sync(body: StockSyncRequest, db: SessionDep, request: Request,
               user: Annotated[Principal, Need("stock#sync")]) -> Reply[StockEventFlow]:
    """SPEC §5: merchant, country, channel and store are required and must agree. The event is saved first; its
    flow starts after the commit. When Temporal cannot take it, the event is marked failed and the call is a 503
    naming the service, so nothing waits for a flow that never began."""
    shop = await shops.load(db, user, body.shop_id)
    problems = Problems()  # every disagreement of the store and its missing warehouse, at once
    problems.check(rules.check_store, rules.SyncTarget(body.merchant_id, body.country, body.channel, body.shop_id),
                   shop.merchant_id, shop.country, shop.channel)
    if not problems.has("shopId") and await db.scalar(
            select(StockBinding.id).where(StockBinding.shop_id == shop.id).limit(1)) is None:
        problems.add("shopId", "stock_store_no_warehouse")
    problems.raise_any()
    rules.refuse_locked(await store_lock(db, shop))  # lock stock: the store's stock is held
    event = await _event(db, user, merchant_id=shop.merchant_id, kind=StockEventKind.SYNC, shop_id=shop.id,
                         country=shop.country, channel=shop.channel)
    await db.refresh(event, ["created_at"])
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():
            await start_sync(client, event, f"Sync stock: {shop.name} ({shop.channel}) of merchant {shop.merchant_id}")
    except (DomainError, RPCError, TimeoutError) as exc:
        log.warning("stock sync %s saved, its flow not started: %s", event.id, exc)
        async with transaction() as own:
            failed = await own.get(StockEvent, event.id)
            if failed is not None:
                failed.result, failed.message = JobResult.FAILED, "Temporal unreachable: the flow did not start"
                failed.finished_at = datetime.now(UTC)
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    return ok(await _flow(db, user, event.id))


@router.get("/event/flow/{event_id}", summary="A stock event with its flow's Temporal Web UI page for operators",
            openapi_extra=declares(events.scope))
async def event_flow(event_id: int, db: SessionDep,
                     user: Annotated[Principal, Need(EVENTS, STOCK)]) -> Reply[StockEventFlow]:
    return ok(await _flow(db, user, event_id))


@router.post("/push/retry", summary="Try a failed or not pushed stock push again, with the stock of now (audited)")
async def retry(body: StockPushRetry, db: SessionDep,
                user: Annotated[Principal, Need("stock-push#retry")]) -> Reply[StockPushPublic]:
    """SPEC §4 sync or push statuses: PUSH_FAILED or NOT_PUSHED goes back to PUSHING and is attempted again; a push
    pushing or complete is refused (409), nothing changed."""
    row = await pushes.load(db, user, body.id, lock=True)
    shop = await db.get(Shop, row.shop_id)
    if shop is None:
        raise Invalid("id", "not_found", ids=body.id)
    before = audit.snapshot(row)
    rules.refuse_locked(await store_lock(db, shop) or await sku_lock(db, row.merchant_id, [row.sku]))
    await retry_push(db, row, shop)
    await db.flush()
    await count_totals(db, row.event_id)
    await pushes.audit(db, user, row.id, "retry", before, audit.snapshot(row))
    return ok(StockPushPublic.model_validate(await pushes.shown(db, user, row)))


@router.post("/fix", summary="Stock fix: rebuild the merchant's balances of the named SKUs from their change records "
                             "(audited)")
async def fix(body: StockFixRequest, db: SessionDep,
              user: Annotated[Principal, Need("stock#fix")]) -> Reply[StockEventFlow]:
    """SPEC §5: merchant id and inventory SKUs are required; SKUs the merchant has no stock of are named and
    nothing is repaired."""
    merchant = await merchants.load(db, user, body.merchant_id)
    skus = rules.fix_skus(body.skus)
    rows = (await db.execute(select(BalanceView.warehouse_id, BalanceView.sku).where(
        BalanceView.merchant_id == merchant.id, BalanceView.sku.in_(skus))
        .order_by(BalanceView.sku, BalanceView.warehouse_id))).all()
    missing = rules.unknown_skus(skus, (r.sku for r in rows))
    if missing:
        raise Invalid("skus", "stock_fix_unknown_sku", skus=", ".join(missing[:10]))
    for row in rows:  # in sku order, as every writer of several balances locks them
        await repair(db, row.warehouse_id, row.sku, operator_id=user.id, operator_name=user.username)
    event = await _event(db, user, merchant_id=merchant.id, kind=StockEventKind.FIX, skus=skus,
                         result=JobResult.SUCCEEDED, sku_count=len(skus), finished_at=datetime.now(UTC))
    return ok(await _flow(db, user, event.id))


@router.post("/setting/save", summary="Turn a merchant's lock stock or promotion stock on or off (audited)")
async def save_setting(body: StockSettingChange, db: SessionDep,
                       user: Annotated[Principal, Need("stock-settings#edit")]) -> Reply[StockSettingPublic]:
    """SPEC §4: each switch on or off; a merchant without a row has both off. Every switch turned leaves an event."""
    merchant = await merchants.load(db, user, body.merchant_id)
    row = await db.scalar(select(StockSetting).where(StockSetting.merchant_id == merchant.id).with_for_update())
    before = audit.snapshot(row) if row else None
    if row is None:
        row = StockSetting(merchant_id=merchant.id, lock_stock=False, promotion_stock=False)
        db.add(row)
    turned = [(kind, value) for kind, name, value in (
        (StockEventKind.LOCK_STOCK, "lock_stock", body.lock_stock),
        (StockEventKind.PROMOTION_STOCK, "promotion_stock", body.promotion_stock))
        if value is not None and getattr(row, name) != value]
    row.lock_stock = row.lock_stock if body.lock_stock is None else body.lock_stock
    row.promotion_stock = row.promotion_stock if body.promotion_stock is None else body.promotion_stock
    await db.flush()
    await settings.audit(db, user, row.id, "create" if before is None else "update", before, audit.snapshot(row))
    for kind, value in turned:
        await _event(db, user, merchant_id=merchant.id, kind=kind, switched_on=value, result=JobResult.SUCCEEDED,
                     finished_at=datetime.now(UTC))
    return ok(StockSettingPublic.model_validate(await settings.shown(db, user, row)))
