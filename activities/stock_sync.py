"""The sync stock flow's writes (workflows/stock_sync.py) and its start.

A batch reads the balances of the warehouses bound to the store (the stock module's rows, read only), plans each
sku with domain/rules/stock_sync.py and inserts the push history rows in one transaction; the (event, sku) key
makes a retried batch a no-op. The totals of the event are counted from the rows when the flow finishes.
"""

from __future__ import annotations

from datetime import UTC, timedelta

from sqlalchemy import case, func, select, update
from sqlalchemy.dialects.postgresql import insert
from temporalio import activity
from temporalio.client import Client
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import ShopConnectionStatus
from domain.models.merchants import Shop
from domain.models.stock_sync import BalanceView, StockBinding, StockEvent, StockPush, StockSetting
from domain.rules import stock_sync as rules
from domain.settings import get_settings
from workflows.stock_sync_models import (
    WORKFLOW,
    PushBatch,
    PushedBatch,
    StockSyncStart,
    SyncFinish,
    workflow_id,
)

MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")  # operators find a merchant's syncs in the Web UI


@activity.defn
async def push_stock_batch(batch: PushBatch) -> PushedBatch:
    async with transaction() as db:
        event = await db.get(StockEvent, batch.event_id)
        shop = await db.get(Shop, event.shop_id) if event and event.shop_id else None
        if event is None or shop is None:  # the merchant or the store was deleted meanwhile: nothing to push
            return PushedBatch(last_sku=None, written=0)
        setting = await db.scalar(select(StockSetting).where(StockSetting.merchant_id == event.merchant_id))
        switches = rules.Switches(lock_stock=bool(setting and setting.lock_stock),
                                  promotion_stock=bool(setting and setting.promotion_stock))
        bound = select(StockBinding.warehouse_id).where(StockBinding.shop_id == shop.id)
        fed = bound.where(StockBinding.sync_enabled)
        synced = BalanceView.warehouse_id.in_(fed)
        query = (select(BalanceView.sku,
                        func.coalesce(func.sum(case((synced, BalanceView.available), else_=0)), 0),
                        func.coalesce(func.sum(case((synced, BalanceView.promotion), else_=0)), 0),
                        func.bool_or(synced))
                 .where(BalanceView.warehouse_id.in_(bound)).group_by(BalanceView.sku)
                 .order_by(BalanceView.sku).limit(rules.PUSH_BATCH))
        if batch.after_sku is not None:
            query = query.where(BalanceView.sku > batch.after_sku)
        rows = (await db.execute(query)).all()
        connected = shop.connection_status == ShopConnectionStatus.CONNECTED
        values = []
        for sku, available, promotion, any_synced in rows:
            store = rules.Store(bound=shop.bound, connected=connected, sync_enabled=bool(any_synced))
            push = rules.plan_push(rules.Figures(int(available), int(promotion)), switches, store,
                                   batch.requested_at, batch.pushed_at)
            values.append({"event_id": event.id, "merchant_id": event.merchant_id, "shop_id": shop.id,
                           "channel": shop.channel, "sku": sku, "available": int(available),
                           "promotion": int(promotion), "quantity": push.quantity, "status": push.status,
                           "cause": push.cause, "pushed_at": batch.pushed_at})
        if values:
            await db.execute(insert(StockPush).values(values).on_conflict_do_nothing(
                index_elements=["event_id", "sku"]))
    last = rows[-1][0] if len(rows) == rules.PUSH_BATCH else None
    return PushedBatch(last_sku=last, written=len(rows))


@activity.defn
async def finish_stock_sync(finish: SyncFinish) -> None:
    """The event's result and its totals, counted from its push rows (a retry writes the same)."""
    async with transaction() as db:
        totals = (await db.execute(select(func.count(), func.count(StockPush.cause))
                                   .where(StockPush.event_id == finish.event_id))).one()
        await db.execute(update(StockEvent).where(StockEvent.id == finish.event_id).values(
            result=finish.result, message=finish.message, sku_count=totals[0], exception_count=totals[1],
            finished_at=func.coalesce(StockEvent.finished_at, func.now())))


async def start_sync(client: Client, event: StockEvent, summary: str) -> str:
    """Start the event's flow; an event started before (a retried call) keeps its one flow."""
    wid = workflow_id(event.id)
    await client.start_workflow(
        WORKFLOW, StockSyncStart(event_id=event.id, requested_at=event.created_at.astimezone(UTC)), id=wid,
        task_queue=get_settings().task_queue, static_summary=summary[:200],
        search_attributes=TypedSearchAttributes([SearchAttributePair(MERCHANT_ID, event.merchant_id)]),
        rpc_timeout=timedelta(seconds=get_settings().temporal_rpc_seconds))
    return wid


