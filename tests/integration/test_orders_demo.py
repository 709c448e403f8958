"""The demo orders enter as synced orders do, across the demo shops' channels, and their tab counts equal them."""

from __future__ import annotations

from sqlalchemy import func, select, text

from demo import orders as demo
from domain.db import transaction
from domain.models.orders import Order


async def test_demo_orders_span_channels_and_their_counts_equal_them():
    """The start's seeding made them (api/prestart.py); making them again makes no second order."""
    async with transaction() as db:
        again = await demo.create(db)
        channels = (await db.execute(select(func.count(func.distinct(Order.channel))))).scalar_one()
        rows = (await db.execute(select(func.count()).select_from(Order))).scalar_one()
        counted = (await db.execute(text("SELECT coalesce(sum(n), 0) FROM order_counts WHERE merchant_id = 0 "
                                         "AND grain = 'D'"))).scalar_one()
    assert again == 0
    assert channels >= 2 and rows >= demo.PER_SHOP
    assert counted == rows
