"""Demo after-sales for a first `make run`: returns of some shipped and completed demo orders of the last weeks (the
stores taking turns, so several merchants and currencies), requested on days spread over those weeks and in every
state, each through services/after_sales as staff would take it, step after step some hours apart (restocks move
stock through the ledger); an SLA, a few packing materials with usage, and a notice per warehouse. Called by
api/prestart.py `seed` after the orders."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased, selectinload

from domain.enums import ContentAudience, ContentState, MaterialUnit, OrderStatus, ReturnAction, ReturnReason
from domain.errors import DomainError
from domain.models.after_sales import AfterSalesSla, PackingMaterial, ReturnOrder, WarehouseContent
from domain.models.orders import Order, OrderLine
from domain.models.warehouses import Warehouse
from services.after_sales import NewLine, act, create_return, record_usage

RETURNS = 40
WEEKS = 5  # the orders returned were placed in these last weeks
# how far each demo return goes, by chance
LIVES = ((), (ReturnAction.RECEIVE,), (ReturnAction.RECEIVE, ReturnAction.INSPECT),
         (ReturnAction.RECEIVE, ReturnAction.INSPECT, ReturnAction.RESTOCK),
         (ReturnAction.RECEIVE, ReturnAction.INSPECT, ReturnAction.RESTOCK), (ReturnAction.REJECT,))
MATERIALS = (("BOX-S", "Carton box S", MaterialUnit.BOX, "1500"), ("BOX-L", "Carton box L", MaterialUnit.BOX, "3200"),
             ("BUBBLE", "Bubble wrap", MaterialUnit.METER, "800"), ("TAPE", "Packing tape", MaterialUnit.ROLL, "5000"))


async def create(db: AsyncSession, now: datetime | None = None) -> None:
    now = now or datetime.now(UTC)
    rng = random.Random(51)
    ranked = select(Order, func.row_number().over(partition_by=Order.shop_id, order_by=Order.id).label("n")).where(
        Order.status.in_((OrderStatus.SHIPPING, OrderStatus.COMPLETED)), Order.warehouse_id.is_not(None),
        Order.ordered_at >= now - timedelta(weeks=WEEKS)).subquery()
    shipped = aliased(Order, ranked)  # the stores take turns: each one's first order, then each one's second, ...
    orders = (await db.scalars(select(shipped).order_by(ranked.c.n, ranked.c.id).limit(RETURNS))).all()
    warehouses = {order.warehouse_id for order in orders if order.warehouse_id is not None}
    for warehouse_id in sorted(warehouses):
        await _warehouse(db, warehouse_id, rng)
    for order in orders:
        line = (await db.scalars(select(OrderLine).where(OrderLine.order_id == order.id,
                                                         OrderLine.ordered_at == order.ordered_at).limit(1))).first()
        if line is None:
            continue
        at = min(order.ordered_at + timedelta(hours=rng.randint(24, 240)), now)
        try:
            async with db.begin_nested():
                row = await create_return(db, None, order.id, [NewLine(line.sku, 1, rng.choice(list(ReturnReason)))],
                                          refund_amount=line.unit_price, at=at)
                await _live(db, row.id, rng, at, now)
        except DomainError:
            continue


async def _live(db: AsyncSession, return_id: int, rng: random.Random, at: datetime, now: datetime) -> None:
    """The return's steps, each some hours after the one before it, none after `now`."""
    for action in rng.choice(LIVES):
        row = await db.scalar(select(ReturnOrder).where(ReturnOrder.id == return_id)
                              .options(selectinload(ReturnOrder.lines)).with_for_update())
        assert row is not None
        good = {line.line_no: rng.choice((line.quantity, line.quantity, 0)) for line in row.lines}
        at = min(at + timedelta(hours=rng.randint(2, 60)), now)
        await act(db, None, row, action, good=good, reason="parcel refused at the counter", at=at)


async def _warehouse(db: AsyncSession, warehouse_id: int, rng: random.Random) -> None:
    merchant_id = await db.scalar(select(Warehouse.merchant_id).where(Warehouse.id == warehouse_id))
    assert merchant_id is not None
    db.add(AfterSalesSla(warehouse_id=warehouse_id, merchant_id=merchant_id, sla_hours=rng.choice((24, 48, 72))))
    db.add(WarehouseContent(warehouse_id=warehouse_id, merchant_id=merchant_id, audience=ContentAudience.STAFF,
                            title="Returns desk hours", state=ContentState.ONLINE,
                            body="<p>Returns are received <b>08:00-17:00</b>; inspect within the SLA.</p>"))
    for code, name, unit, cost in MATERIALS:
        db.add(PackingMaterial(warehouse_id=warehouse_id, merchant_id=merchant_id, code=code, name=name, unit=unit,
                               unit_cost=Decimal(cost), stock=rng.randint(5, 400), low_stock_threshold=20))
    await db.flush()


async def use_materials(db: AsyncSession) -> None:
    """Some materials used on the demo returns (after they exist)."""
    rng = random.Random(52)
    returns = (await db.scalars(select(ReturnOrder).order_by(ReturnOrder.id).limit(RETURNS))).all()
    for row in returns:
        material = await db.scalar(select(PackingMaterial).where(PackingMaterial.warehouse_id == row.warehouse_id)
                                   .order_by(PackingMaterial.id).offset(rng.randrange(len(MATERIALS))).limit(1))
        if material is None:
            continue
        try:
            async with db.begin_nested():
                await record_usage(db, None, material, rng.randint(1, 3), return_id=row.id)
        except DomainError:
            continue
