"""Demo WMS orders for a first `make run`, after the demo orders: the accepted (READY) channel orders enter their
warehouse's order process (services/orders/handover.into_warehouse, the reservation handed to its packages),
and outbound orders of the warehouses' stock join them (three of a SKU alike, so hot-item groups show). Each walks
the process's steps through services/wms_orders, so every step, the abnormal tab and the hot groups show orders; a
few are handed to the carrier (a channel order among them moves to shipping)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderStatus
from domain.models.couriers import Courier
from domain.models.orders import Order
from domain.models.stock import StockBalance
from domain.models.stock_orders import StockOrder
from domain.models.warehouses import Warehouse
from domain.rules.wms_orders import AbnormalReason, ProcessAction
from services import wms_orders
from services.orders import handover
from services.orders import outbound as shipping
from services.stock import orders as stock_orders

TAKEN = 40  # channel orders taken into the warehouses
STOCKED = 8  # SKUs with stock given three outbound orders each
# how far each order goes, by its index modulo the plan's length
PLAN = ("CREATE", "WAVE", "ALLOCATE", "PICKED", "PACK", "HANDOVER", "ABNORMAL", "CREATE", "PACK", "CREATE")


async def create(db: AsyncSession) -> int:
    """The demo WMS orders; returns how many there are."""
    made: list[StockOrder] = []
    ready = (await db.scalars(select(Order).where(Order.status == OrderStatus.READY)
                              .order_by(Order.ordered_at.desc()).limit(TAKEN))).all()
    for order in ready:
        async with db.begin_nested():  # an order merged into an earlier one's package answers that package
            made += [parcel for parcel in await handover.into_warehouse(db, order) if parcel not in made]
    made += await from_stock(db)
    courier = await db.scalar(select(Courier.id).order_by(Courier.id).limit(1))
    for index, outbound in enumerate(made):
        await walk(db, outbound, PLAN[index % len(PLAN)], courier)
    return len(made)


async def from_stock(db: AsyncSession) -> list[StockOrder]:
    """Three outbound orders of one unit for each of the best-stocked SKUs of the demo warehouses."""
    rows = (await db.execute(select(StockBalance.warehouse_id, StockBalance.sku, Warehouse.merchant_id)
                             .join(Warehouse, Warehouse.id == StockBalance.warehouse_id)
                             .where(StockBalance.available >= 6, Warehouse.enabled)
                             .order_by(StockBalance.available.desc(), StockBalance.sku).limit(STOCKED))).all()
    made = []
    for warehouse_id, sku, merchant_id in rows:
        for _ in range(3):
            body = shipping.outbound_body(int(merchant_id), int(warehouse_id), [(sku, 1)], remark="demo")
            made.append(await stock_orders.create(db, shipping.SYSTEM, shipping.EVERYWHERE, body))
    return made


async def walk(db: AsyncSession, outbound: StockOrder, goal: str, courier: int | None) -> None:
    actor, scope, ids = shipping.SYSTEM, shipping.EVERYWHERE, [outbound.id]
    if goal == "CREATE":
        return
    if goal == "ALLOCATE":
        await wms_orders.step(db, actor, scope, ProcessAction.ALLOCATE, ids)
        return
    await wms_orders.step(db, actor, scope, ProcessAction.WAVE, ids)
    if goal == "ABNORMAL":
        await wms_orders.abnormal(db, actor, scope, ids, AbnormalReason.SHORT_PICK, "bin empty at pick")
        return
    if goal == "WAVE":
        return
    await wms_orders.step(db, actor, scope, ProcessAction.PICKED, ids)
    if goal == "PICKED" or courier is None:
        return
    day = datetime.now(UTC).strftime("%y%m%d")
    await wms_orders.pack(db, actor, scope, courier, [(outbound.id, f"DEMO{day}{outbound.id:07d}")])
    if goal == "HANDOVER":
        await wms_orders.handover(db, actor, scope, ids)
