"""The demo fulfilment of a first `make run` (demo/fulfilment.py): each store of a demo merchant with a warehouse is
fulfilled from one of its merchant's warehouses, and the first demo merchants hold orders by interception rules."""

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.interception import InterceptionRule
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse


async def test_demo_stores_are_fulfilled_from_their_merchants_warehouse_and_rules_hold_orders():
    async with transaction() as db:
        fulfilling = (await db.execute(select(StockBinding.merchant_id, Warehouse.merchant_id).join(
            Warehouse, Warehouse.id == StockBinding.warehouse_id).where(StockBinding.fulfils))).all()
        rules = await db.scalar(select(func.count()).select_from(InterceptionRule).where(
            InterceptionRule.name.in_(["High-value orders", "Test buyers"])))
    assert fulfilling and all(binding == owner for binding, owner in fulfilling)
    assert rules and rules >= 2
