"""The built-in "Lost flow sweep" (services/lost_flows.py) on a real Temporal dev server (its visibility lists the
flows that closed): the records of flows terminated in the Temporal Web UI (a product and an order sync run, a
reconciliation, an export, a statistics backfill, a stock sync with a push under way) are closed as their failure
would, saying how the flow ended;
a record whose flow still runs is left, and so is an export retried since (a new run under the same id)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select

from domain.db import transaction
from domain.flows import exports as export_flow
from domain.flows import goods_sync as goods_flow
from domain.flows import order_stats as stats_flow
from domain.flows import order_sync as order_flow
from domain.flows import reconciliation as reconciliation_flow
from domain.flows import stock_sync as stock_sync_flow
from domain.models.exports import ExportTask
from domain.models.goods_sync import ProductSyncRun
from domain.models.order_stats import OrderStatsBackfill
from domain.models.order_sync import OrderSyncRun
from domain.models.reconciliation import ReconciliationRun
from domain.models.stock_sync import StockEvent, StockPush
from domain.rules import exports as export_rules
from services import lost_flows
from services.orders import stats
from tests.integration.order_sync_support import sync_shop
from tests.integration.people import create_user
from tests.integration.ticket_support import eventually

GONE = "the flow ended without finishing its run (Temporal: TERMINATED)"


async def stuck(env, kind: str, workflow_id: str):
    """A flow of `kind` that Temporal runs but no worker picks up (its task queue has none)."""
    return await env.client.start_workflow(kind, id=workflow_id, task_queue=f"nobody-{uuid.uuid4().hex[:8]}")


async def rows(marked: dict[str, list[int]]):
    """Each marked record as (state, message), by what it is."""
    async with transaction() as db:
        found = {}
        for name, model, state, message in (
                ("product", ProductSyncRun, ProductSyncRun.status, ProductSyncRun.message),
                ("order", OrderSyncRun, OrderSyncRun.status, OrderSyncRun.message),
                ("reconciliation", ReconciliationRun, ReconciliationRun.status, ReconciliationRun.message),
                ("export", ExportTask, ExportTask.state, ExportTask.error),
                ("backfill", OrderStatsBackfill, OrderStatsBackfill.state, OrderStatsBackfill.error),
                ("stock", StockEvent, StockEvent.result, StockEvent.message),
                ("push", StockPush, StockPush.status, StockPush.cause)):
            found[name] = (await db.execute(select(state, message).where(model.id.in_(marked[name])))).all()
        return found


async def test_the_sweep_closes_the_records_of_terminated_flows_and_leaves_the_live_ones(dev_server_env):
    env = dev_server_env
    shop = await sync_shop()
    user = await create_user()
    mark = uuid.uuid4().hex[:8]
    async with transaction() as db:
        product = ProductSyncRun(shop_id=shop.shop_id, merchant_id=shop.merchant_id, channel="SHOPEE_ID",
                                 country="ID", kind="SCHEDULED", workflow_id=goods_flow.workflow_id(shop.shop_id, mark))
        order = OrderSyncRun(shop_id=shop.shop_id, merchant_id=shop.merchant_id, channel="SHOPEE_ID", country="ID",
                             kind="SCHEDULED", workflow_id=order_flow.manual_workflow_id(shop.shop_id, mark))
        live = OrderSyncRun(shop_id=shop.shop_id, merchant_id=shop.merchant_id, channel="SHOPEE_ID", country="ID",
                            kind="SCHEDULED", workflow_id=order_flow.manual_workflow_id(shop.shop_id, f"{mark}live"))
        run = ReconciliationRun(merchant_id=shop.merchant_id, shop_id=None, period_from=date(2026, 10, 1),
                                period_to=date(2026, 10, 31), status="RUNNING", stage="FETCHING",
                                workflow_id=f"reconciliation-{shop.merchant_id}-{mark}")
        exports = [ExportTask(resource="Courier", route="/cms/courier/export", columns=[], requested_by=user.id,
                              requester={}, language="en", zone="Asia/Jakarta", filename=f"{mark}{n}.xlsx",
                              attempt=n) for n in (1, 2)]
        event = StockEvent(merchant_id=shop.merchant_id, kind="SYNC", shop_id=shop.shop_id)
        db.add_all([product, order, live, run, *exports, event])
        await db.flush()
        push = StockPush(event_id=event.id, merchant_id=shop.merchant_id, shop_id=shop.shop_id, channel="SHOPEE_ID",
                         sku=f"{mark}-SKU", available=3, promotion=0, quantity=3, status="PUSHING")
        db.add(push)
        now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
        backfill = await stats.begin_backfill(db, now - timedelta(hours=2), now, 2, stats_flow.WORKFLOW_PREFIX,
                                              user.id)
        await db.flush()
    marked = dict(product=[product.id], order=[order.id, live.id], reconciliation=[run.id],
                  export=[e.id for e in exports], backfill=[backfill.id], stock=[event.id], push=[push.id])
    flows = [await stuck(env, goods_flow.WORKFLOW, product.workflow_id),
             await stuck(env, order_flow.WORKFLOW, order.workflow_id),
             await stuck(env, reconciliation_flow.WORKFLOW, run.workflow_id),
             await stuck(env, export_flow.WORKFLOW, export_rules.workflow_id(exports[0].id)),
             await stuck(env, export_flow.WORKFLOW, export_rules.workflow_id(exports[1].id)),
             await stuck(env, stats_flow.WORKFLOW, backfill.workflow_id),
             await stuck(env, stock_sync_flow.WORKFLOW, stock_sync_flow.workflow_id(event.id))]
    await stuck(env, order_flow.WORKFLOW, live.workflow_id)
    for flow in flows:
        await flow.terminate(reason="stuck")
    # the second export was retried since: its next run is under way under the same id
    await stuck(env, export_flow.WORKFLOW, export_rules.workflow_id(exports[1].id))
    since = datetime.now(UTC) - timedelta(minutes=5)

    async def swept() -> bool:  # the visibility store lists a closed flow a moment after it closed
        await lost_flows.sweep(env.client, since)
        closed = [state for found in (await rows(marked)).values() for state, _ in found if "FAILED" in state]
        return len(closed) == 7

    await eventually(swept, timeout=30)
    assert await lost_flows.sweep(env.client, since) == 0  # closed once
    found = await rows(marked)
    assert found["product"] == [("FAILED", f"sync failed: {GONE}")]
    assert sorted(found["order"]) == [("FAILED", f"sync failed: {GONE}"), ("RUNNING", None)]
    assert found["reconciliation"] == [("FAILED", GONE)]
    assert sorted(found["export"]) == [("DOWNLOAD_FAILED", GONE), ("PROCESSING", None)]
    assert found["backfill"] == [("FAILED", GONE)]
    assert found["stock"] == [("FAILED", GONE)] and found["push"] == [("PUSH_FAILED", None)]
    async with transaction() as db:  # its totals counted from its pushes
        assert (await db.get(StockEvent, event.id)).sku_count == 1
