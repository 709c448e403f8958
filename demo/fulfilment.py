"""Demo fulfilment for a first `make run`, after the demo stock: each store of a merchant with a warehouse is
fulfilled from the merchant's first warehouse (its store-warehouse binding marked to fulfil), and the first demo
merchants have auto interception rules (a high-value order and a test buyer held for review), so accepting demo
orders reserves stock, and some are held naming their rule."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.interception import InterceptionRule
from domain.models.merchants import Shop
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse

RULES = (("High-value orders", {"min_total": Decimal("5000000")}, 10),
         ("Test buyers", {"buyer_keyword": "test"}, 20))


async def create(db: AsyncSession, merchants_with_rules: int = 2) -> None:
    first = (select(Warehouse.merchant_id, Warehouse.id).ext(distinct_on(Warehouse.merchant_id))
             .order_by(Warehouse.merchant_id, Warehouse.is_default.desc(), Warehouse.id))
    homes = {int(row[0]): int(row[1]) for row in (await db.execute(first)).all()}
    shops = [(int(row[0]), int(row[1])) for row in (await db.execute(
        select(Shop.id, Shop.merchant_id).where(Shop.merchant_id.in_(homes), Shop.bound).order_by(Shop.id))).all()]
    for shop_id, merchant_id in shops:
        await db.execute(insert(StockBinding).values(
            merchant_id=merchant_id, shop_id=shop_id, warehouse_id=homes[merchant_id], sync_enabled=True,
            fulfils=True).on_conflict_do_update(index_elements=["shop_id", "warehouse_id"], set_={"fulfils": True}))
    for merchant_id in sorted(homes)[:merchants_with_rules]:
        for name, condition, priority in RULES:
            await db.execute(insert(InterceptionRule).values(
                merchant_id=merchant_id, name=name, priority=priority, **condition).on_conflict_do_nothing())
