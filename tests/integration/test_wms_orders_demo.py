"""The demo WMS orders of a first `make run` (demo/wms_orders.py): accepted channel orders in their warehouse's
order process at each step, abnormal packages among them, some handed over; the tab counts the trigger keeps
agree with the orders themselves."""

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.stock_orders import StockOrder
from domain.models.wms_orders import WmsOrderCount


async def test_demo_orders_fill_the_order_process_and_the_counts_agree():
    async with transaction() as db:
        working = dict((await db.execute(select(StockOrder.working_status, func.count()).where(
            StockOrder.working_status.is_not(None)).group_by(StockOrder.working_status))).all())
        counted = dict((await db.execute(select(
            func.concat(WmsOrderCount.warehouse_id, ":", WmsOrderCount.merchant_id, ":", WmsOrderCount.wms_status),
            WmsOrderCount.n).where(WmsOrderCount.n > 0))).all())
        actual = dict((await db.execute(select(
            func.concat(StockOrder.warehouse_id, ":", StockOrder.merchant_id, ":", StockOrder.wms_status),
            func.count()).where(StockOrder.wms_status.is_not(None)).group_by(
            StockOrder.warehouse_id, StockOrder.merchant_id, StockOrder.wms_status))).all())
        abnormal = await db.scalar(select(func.count()).where(StockOrder.abnormal_reason.is_not(None)))
    for step in ("CREATE", "ALLOCATED", "PICKING_PROCESS", "SORTING_AND_REVIEWING", "PACKED", "OUTBOUND_DONE"):
        assert working.get(step, 0) > 0, step
    assert abnormal and abnormal > 0
    assert counted == actual
