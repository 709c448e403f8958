"""Orders enter once per (shop, channel order number) and change state only through the transition table."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.enums import OrderAction, OrderStatus
from domain.errors import DomainError
from domain.flows.orders import ChannelOrderLine
from domain.models.orders import Order, OrderEvent, OrderKey, OrderLine
from services.orders import transition
from tests.integration.order_support import channel_order, insert_shop, upsert


async def rows_of(number: str) -> int:
    async with transaction() as db:
        return (await db.execute(select(func.count()).select_from(Order)
                                 .where(Order.channel_order_no == number))).scalar_one()


async def test_the_same_order_twice_makes_one_order():
    shop = await insert_shop()
    order = channel_order()
    first, created = await upsert(shop, order)
    again, created_again = await upsert(shop, order)
    assert (created, created_again) == (True, False)
    assert again == first
    assert await rows_of(order.channel_order_no) == 1


async def test_concurrent_upserts_of_one_order_make_one_order():
    shop = await insert_shop()
    order = channel_order()
    results = await asyncio.gather(*(upsert(shop, order) for _ in range(4)))
    assert len({order_id for order_id, _ in results}) == 1
    assert sorted(created for _, created in results) == [False, False, False, True]
    assert await rows_of(order.channel_order_no) == 1


async def test_the_same_number_in_another_shop_is_another_order():
    one, other = await insert_shop(), await insert_shop()
    order = channel_order()
    assert (await upsert(one, order))[0] != (await upsert(other, order))[0]


async def test_a_newer_channel_version_updates_the_order_and_an_older_does_not():
    shop = await insert_shop()
    at = datetime.now(UTC) - timedelta(days=1)
    order_id, _ = await upsert(shop, channel_order("INV-UPD-1", channel_updated_at=at, awb="AWB1"))
    await upsert(shop, channel_order("INV-UPD-1", channel_updated_at=at + timedelta(minutes=5), awb="AWB2"))
    await upsert(shop, channel_order("INV-UPD-1", channel_updated_at=at + timedelta(minutes=1), awb="AWB-OLD"))
    async with transaction() as db:
        row = (await db.execute(select(Order).where(Order.id == order_id))).scalar_one()
        events = (await db.execute(select(OrderEvent.kind).where(OrderEvent.order_id == order_id)
                                   .order_by(OrderEvent.revision))).scalars().all()
    assert row.awb == "AWB2"
    assert list(events) == ["CREATED", "CHANNEL_UPDATE"]


async def test_an_order_keeps_its_lines_and_key():
    shop = await insert_shop()
    order = channel_order()
    order_id, _ = await upsert(shop, order)
    async with transaction() as db:
        lines = (await db.execute(select(OrderLine).where(OrderLine.order_id == order_id)
                                  .order_by(OrderLine.line_no))).scalars().all()
        key = (await db.execute(select(OrderKey).where(OrderKey.order_id == order_id))).scalar_one()
        row = (await db.execute(select(Order).where(Order.id == order_id))).scalar_one()
    assert [(line.sku, line.quantity) for line in lines] == [("SKU-A", 2), ("SKU-B", 1)]
    assert (key.shop_id, key.channel_order_no) == (shop.id, order.channel_order_no)
    assert (row.subtotal, row.total, row.currency) == (35000, 44000, "IDR")


async def test_a_refused_transition_names_the_state_the_order_is_in():
    shop = await insert_shop()
    order_id, _ = await upsert(shop, channel_order())
    with pytest.raises(DomainError) as refused:
        async with transaction() as db:
            await transition(db, None, order_id, OrderAction.SHIP)
    assert refused.value.code == "ORDER_ILLEGAL_TRANSITION"
    assert refused.value.status == 409
    assert refused.value.params["current"] == OrderStatus.PENDING
    async with transaction() as db:
        accepted = await transition(db, None, order_id, OrderAction.ACCEPT)
    assert accepted.status == OrderStatus.READY and accepted.revision == 1


async def test_a_later_copy_stating_another_order_time_keeps_the_order_in_its_first_partition():
    """A channel's later copy of a pending order with other lines and another order time (a month earlier, so
    another partition) changes the lines where the order lives; the order time, the partition key, stays."""
    shop = await insert_shop()
    first = datetime.now(UTC) - timedelta(days=1)
    order_id, _ = await upsert(shop, channel_order("INV-MOVED-1", ordered_at=first,
                                                   channel_updated_at=first))
    later = channel_order("INV-MOVED-1", ordered_at=first - timedelta(days=40), channel_updated_at=first
                          + timedelta(minutes=5), lines=[ChannelOrderLine(sku="SKU-C", quantity=4,
                                                                          unit_price=Decimal("1000"))])
    assert await upsert(shop, later) == (order_id, False)
    async with transaction() as db:
        row = (await db.execute(select(Order).where(Order.id == order_id))).scalar_one()
        lines = (await db.execute(select(OrderLine.sku, OrderLine.ordered_at)
                                  .where(OrderLine.order_id == order_id))).all()
    assert row.ordered_at == first
    assert lines == [("SKU-C", first)]
