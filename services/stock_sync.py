"""The sync stock flow's writes (workflows/stock_sync.py, through activities/stock_sync.py) and its start, and the
push retry of the API.

A batch reads the balances of the warehouses bound to the store (the stock module's rows, read only) and the
channel orders the store's outbound orders fulfil, plans each sku with domain/rules/stock_sync.py and inserts the
push history rows PUSHING in one transaction; the attempt then moves each to its answer (SPEC §4 sync or push
statuses). The (event, sku) key makes a retried batch a no-op. The totals of the event are counted from the rows
when the flow finishes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, case, func, select, update
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import JobResult, ShopConnectionStatus, StockSyncStatus
from domain.flows import ended_unfinished
from domain.flows.stock_sync import (
    MERCHANT_ID,
    WORKFLOW,
    PushBatch,
    PushedBatch,
    StockSyncStart,
    SyncFinish,
    event_of,
    workflow_id,
)
from domain.models.merchants import Shop
from domain.models.stock_orders import StockOrder, StockOrderLine
from domain.models.stock_sync import BalanceView, StockBinding, StockEvent, StockPush, StockSetting
from domain.rules import stock_sync as rules
from domain.settings import get_settings
from services.flows import rpc_timeout
from services.stock_locks import locked_skus, store_lock


async def push_batch(batch: PushBatch) -> PushedBatch:
    """The next batch of SKUs: each planned and written PUSHING in one transaction, then attempted in another
    (moved to what the channel answered). A retried batch writes nothing twice and attempts what is still
    PUSHING."""
    async with transaction() as db:
        event = await db.get(StockEvent, batch.event_id)
        shop = await db.get(Shop, event.shop_id) if event and event.shop_id else None
        if event is None or shop is None:  # the merchant or the store was deleted meanwhile: nothing to push
            return PushedBatch(last_sku=None, written=0)
        event_id = event.id
        planned = await plan(db, shop, event_id, batch.requested_at, batch.pushed_at, after_sku=batch.after_sku)
        if planned:
            await db.execute(insert(StockPush).values([
                {"event_id": event.id, "merchant_id": event.merchant_id, "shop_id": shop.id,
                 "channel": shop.channel, "sku": p.sku, "available": p.available, "promotion": p.promotion,
                 "quantity": p.push.quantity, "status": StockSyncStatus.PUSHING, "cause": None,
                 "pushed_at": batch.pushed_at} for p in planned]).on_conflict_do_nothing(
                index_elements=["event_id", "sku"]))
    if planned:
        async with transaction() as db:
            await attempt(db, event_id, planned)
    last = planned[-1].sku if len(planned) == rules.PUSH_BATCH else None
    return PushedBatch(last_sku=last, written=len(planned))


@dataclass(frozen=True)
class Planned:
    sku: str
    available: int
    promotion: int
    push: rules.Push


async def plan(db: AsyncSession, shop: Shop, event_id: int, requested_at: datetime, pushed_at: datetime, *,
               after_sku: str | None = None, skus: list[str] | None = None) -> list[Planned]:
    """What each sku of the store's bound warehouses (the next batch after `after_sku`, or the SKUs named) would
    push now, with its cause (domain/rules/stock_sync.py)."""
    setting = await db.scalar(select(StockSetting).where(StockSetting.merchant_id == shop.merchant_id))
    store_locked = await store_lock(db, shop) is not None  # lock stock: the store's or a SKU's, held
    switches = rules.Switches(lock_stock=bool(setting and setting.lock_stock) or store_locked,
                              promotion_stock=bool(setting and setting.promotion_stock))
    held = rules.Switches(lock_stock=True, promotion_stock=switches.promotion_stock)
    locked = await locked_skus(db, shop.merchant_id)
    bound = select(StockBinding.warehouse_id).where(StockBinding.shop_id == shop.id)
    synced = BalanceView.warehouse_id.in_(bound.where(StockBinding.sync_enabled))
    query = (select(BalanceView.sku,
                    func.coalesce(func.sum(case((synced, BalanceView.available), else_=0)), 0),
                    func.coalesce(func.sum(case((synced, BalanceView.promotion), else_=0)), 0),
                    func.bool_or(synced))
             .where(BalanceView.warehouse_id.in_(bound)).group_by(BalanceView.sku)
             .order_by(BalanceView.sku).limit(rules.PUSH_BATCH))
    if after_sku is not None:
        query = query.where(BalanceView.sku > after_sku)
    if skus is not None:
        query = query.where(BalanceView.sku.in_(skus))
    rows = (await db.execute(query)).all()
    since = await since_previous(db, shop.id, event_id, [r[0] for r in rows])
    connected = shop.connection_status == ShopConnectionStatus.CONNECTED
    out = []
    for sku, available, promotion, any_synced in rows:
        store = rules.Store(bound=shop.bound, connected=connected, sync_enabled=bool(any_synced))
        push = rules.plan_push(rules.Figures(int(available), int(promotion)), held if sku in locked else switches,
                               store, requested_at,
                               pushed_at, since.get(sku, rules.SincePrevious()))
        out.append(Planned(sku, int(available), int(promotion), push))
    return out


async def since_previous(db: AsyncSession, shop_id: int, event_id: int,
                         skus: list[str]) -> dict[str, rules.SincePrevious]:
    """Per sku: the store's previous completed push (of an earlier event) and the channel orders of the sku the
    store's outbound orders fulfil that were received after it."""
    if not skus:
        return {}
    previous = {r.sku: r for r in (await db.execute(
        select(StockPush.sku, StockPush.pushed_at, StockPush.quantity)
        .where(StockPush.shop_id == shop_id, StockPush.sku.in_(skus), StockPush.event_id < event_id,
               StockPush.status == StockSyncStatus.COMPLETE)
        .order_by(StockPush.sku, StockPush.event_id.desc()).ext(distinct_on(StockPush.sku)))).all()}
    orders: dict[str, list[rules.ChannelOrder]] = {}
    for sku, number, ordered_at, received_at in (await db.execute(
            select(StockOrderLine.sku, StockOrder.channel_order_no, StockOrder.channel_ordered_at,
                   StockOrder.created_at)
            .join(StockOrder, StockOrder.id == StockOrderLine.order_id)
            .where(StockOrder.shop_id == shop_id, StockOrderLine.sku.in_(skus))
            .order_by(StockOrder.id))).all():
        if number is None or ordered_at is None:  # never: a store's order is a channel order (CHECK channel_order)
            continue
        last = previous.get(sku)
        if last is None or received_at > last.pushed_at:
            orders.setdefault(sku, []).append(rules.ChannelOrder(number, ordered_at, received_at))
    return {sku: rules.SincePrevious(
        previous[sku].pushed_at if sku in previous else None, previous[sku].quantity if sku in previous else None,
        tuple(orders.get(sku, ()))) for sku in skus}


async def attempt(db: AsyncSession, event_id: int, planned: list[Planned]) -> None:
    """The attempt of each push still PUSHING: moved once to what the channel answered (status and cause)."""
    table = cast(Table, StockPush.__table__)  # a mapped class's table is a Table; its annotation says FromClause
    await db.execute(
        update(table).where(table.c.event_id == event_id, table.c.sku == bindparam("p_sku"),
                             table.c.status == StockSyncStatus.PUSHING)
        .values(status=bindparam("p_status"), cause=bindparam("p_cause")),
        [{"p_sku": p.sku, "p_status": p.push.status, "p_cause": p.push.cause} for p in planned])


async def retry_push(db: AsyncSession, row: StockPush, shop: Shop) -> None:
    """A push that failed or was not pushed, tried again now (the API's retry, audited there): back to PUSHING,
    planned with the stock and settings of now, then moved to its answer."""
    rules.check_retry(StockSyncStatus(row.status))
    row.status, row.cause = StockSyncStatus.PUSHING, None
    await db.flush()
    now = datetime.now(UTC)
    planned = await plan(db, shop, row.event_id, now, now, skus=[row.sku])
    rules.check_attempt(StockSyncStatus(row.status))
    if not planned:  # the sku left every bound warehouse: nothing to tell the channel
        row.status, row.cause = StockSyncStatus.NOT_PUSHED, rules.Cause.STOCK_NOT_PUSHED
        return
    answer = planned[0]
    row.available, row.promotion, row.quantity = answer.available, answer.promotion, answer.push.quantity
    row.status, row.cause, row.pushed_at = answer.push.status, answer.push.cause, now


async def finish(finish: SyncFinish) -> None:
    """The event's result and its totals, counted from its push rows (a retry writes the same)."""
    async with transaction() as db:
        await count_totals(db, finish.event_id, result=finish.result, message=finish.message,
                           finished_at=func.coalesce(StockEvent.finished_at, func.now()))


async def close_lost(workflow_id: str, status: WorkflowExecutionStatus | None) -> bool:
    """The event of this flow, while still PROCESSING, failed saying how its flow ended (terminated in the Temporal
    Web UI), its pushes left PUSHING failed (each can be retried) and its totals counted; whether it was."""
    async with transaction() as db:
        event_id = await db.scalar(update(StockEvent).where(
            StockEvent.id == event_of(workflow_id), StockEvent.result == JobResult.PROCESSING).values(
            result=JobResult.FAILED, message=ended_unfinished(status), finished_at=func.now())
            .returning(StockEvent.id))
        if event_id is None:
            return False
        await db.execute(update(StockPush).where(StockPush.event_id == event_id,
                                                 StockPush.status == StockSyncStatus.PUSHING)
                         .values(status=StockSyncStatus.PUSH_FAILED))
        await count_totals(db, event_id)
    return True


async def count_totals(db: AsyncSession, event_id: int, **values: Any) -> None:
    """The event's SKUs and exceptions, counted from its push rows (after its flow, or a push retried)."""
    totals = (await db.execute(select(func.count(), func.count(StockPush.cause))
                               .where(StockPush.event_id == event_id))).one()
    await db.execute(update(StockEvent).where(StockEvent.id == event_id).values(
        sku_count=totals[0], exception_count=totals[1], **values))


async def start_sync(client: Client, event: StockEvent, summary: str) -> str:
    """Start the event's flow; an event started before (a retried call) keeps its one flow."""
    wid = workflow_id(event.id)
    await client.start_workflow(
        WORKFLOW, StockSyncStart(event_id=event.id, requested_at=event.created_at.astimezone(UTC)), id=wid,
        task_queue=get_settings().task_queue, static_summary=summary[:200],
        search_attributes=TypedSearchAttributes([SearchAttributePair(MERCHANT_ID, event.merchant_id)]),
        rpc_timeout=rpc_timeout())
    return wid


