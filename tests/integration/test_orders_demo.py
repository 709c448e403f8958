"""The demo orders enter as synced orders do, across the demo shops' channels, and their tab counts equal them."""

from __future__ import annotations

import time

from sqlalchemy import func, select, text

from demo import orders as demo
from domain.db import transaction
from domain.models.orders import Order


async def test_demo_orders_span_channels_and_their_counts_equal_them():
    started = time.monotonic()
    async with transaction() as db:
        made = await demo.create(db)
    took = time.monotonic() - started
    async with transaction() as db:
        again = await demo.create(db)  # the same numbers: no second order
        channels = (await db.execute(select(func.count(func.distinct(Order.channel))))).scalar_one()
        rows = (await db.execute(select(func.count()).select_from(Order))).scalar_one()
        counted = (await db.execute(text("SELECT coalesce(sum(n), 0) FROM order_counts WHERE merchant_id = 0 "
                                         "AND grain = 'D'"))).scalar_one()
    assert made > 0 and again == 0, took
    assert channels >= 2
    assert counted == rows
