"""The demo WMS orders of a first `make run` (demo/wms_orders.py): accepted channel orders in their warehouse's
order process at each step, abnormal packages among them, some handed over; the tab counts (the folded counts
plus the deltas the trigger appended since) agree with the orders themselves."""

from sqlalchemy import func, literal_column, select, union_all

from domain.db import transaction
from domain.models.stock_orders import OrderParcel, StockOrder
from domain.models.wms_orders import WmsOrderCount, WmsOrderCountDelta


async def test_demo_orders_fill_the_order_process_and_the_counts_agree():
    c, d = WmsOrderCount, WmsOrderCountDelta
    both = union_all(select(c.warehouse_id, c.merchant_id, c.wms_status, c.n.label("n")),
                     select(d.warehouse_id, d.merchant_id, d.wms_status, d.delta.label("n"))).subquery()
    async with transaction() as db:
        working = dict((await db.execute(select(StockOrder.working_status, func.count()).where(
            StockOrder.working_status.is_not(None)).group_by(StockOrder.working_status))).all())
        counted = dict((await db.execute(select(
            func.concat(both.c.warehouse_id, ":", both.c.merchant_id, ":", both.c.wms_status),
            func.sum(both.c.n)).group_by(literal_column("1")).having(func.sum(both.c.n) > 0))).all())
        actual = dict((await db.execute(select(
            func.concat(StockOrder.warehouse_id, ":", StockOrder.merchant_id, ":", StockOrder.wms_status),
            func.count()).where(StockOrder.wms_status.is_not(None)).group_by(
            StockOrder.warehouse_id, StockOrder.merchant_id, StockOrder.wms_status))).all())
        abnormal = await db.scalar(select(func.count()).where(StockOrder.abnormal_reason.is_not(None)))
    for step in ("CREATE", "ALLOCATED", "PICKING_PROCESS", "SORTING_AND_REVIEWING", "PACKED", "OUTBOUND_DONE"):
        assert working.get(step, 0) > 0, step
    assert abnormal and abnormal > 0
    assert counted == actual


async def test_demo_orders_are_in_the_order_process_split_by_line_and_merged():
    async with transaction() as db:
        most_packages = await db.scalar(select(func.count()).select_from(OrderParcel).group_by(OrderParcel.order_id)
                                        .order_by(func.count().desc()).limit(1))
        most_orders = await db.scalar(select(func.count()).select_from(OrderParcel)
                                      .group_by(OrderParcel.stock_order_id).order_by(func.count().desc()).limit(1))
    assert most_packages is not None and most_packages >= 2  # an order split by line
    assert most_orders is not None and most_orders >= 2  # a package of a buyer's merged orders
