"""A sync page's orders entered together: a few statements for the page, not a few for each of its orders.

The same rules as `upsert_channel_order` (services/orders/store.py), on its helpers:
- the page's keys in one INSERT INTO order_keys .. ON CONFLICT DO NOTHING RETURNING, in number order (two runs
  racing on one page wait for each other's keys, never deadlock); what comes back is new, the rest is known (a
  page fetched twice, a retried activity, a run racing a push);
- the new orders, their lines and their CREATED timeline entries in one multi-row INSERT each (the tab counts'
  trigger is a row trigger: it fires for each order); one the channel sent cancelled is then cancelled through
  `transition`, as one by one;
- the known orders read in one statement, with their lines while PENDING; only those the channel's copy changes
  (a newer `channel_updated_at` with a field or lines difference, or its cancellation of an open order) are
  locked and written, in id order, through `apply_known`; the others cost nothing more.
The caller (services/order_sync.ingest) takes a savepoint before it and, when the database refuses any of it, enters
the page one order at a time instead, so one bad order fails alone and is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Text, and_, cast, func, insert, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderAction, OrderStatus
from domain.flows.orders import ChannelOrder
from domain.models.merchants import Shop
from domain.models.orders import Order, OrderEvent, OrderKey, OrderLine
from services.orders.store import (
    CHANNEL,
    apply_known,
    created_event,
    key_values,
    known_needs_writing,
    line_values,
    order_values,
    transition,
    upsert_channel_order,
)

# a PENDING order's stored lines as the channel's are compared (services/orders/store.given_lines), price as text
_PENDING_LINES = (
    select(func.json_agg(aggregate_order_by(
        func.json_build_array(OrderLine.sku, OrderLine.quantity, cast(OrderLine.unit_price, Text),
                              OrderLine.product_name, OrderLine.variant), OrderLine.line_no)))
    .where(OrderLine.order_id == Order.id, OrderLine.ordered_at == Order.ordered_at,
           Order.status == OrderStatus.PENDING)
    .correlate(Order).scalar_subquery())


async def enter_page(db: AsyncSession, shop: Shop, orders: Sequence[ChannelOrder]) -> list[bool]:
    """Whether each order was created now, in the page's order. The orders are `checked` and their numbers
    distinct (the caller's part)."""
    if not orders:
        return []
    numbers = [order.channel_order_no.strip() for order in orders]
    by_number = dict(zip(numbers, orders, strict=True))
    keys = await db.execute(
        pg_insert(OrderKey).values([key_values(shop, number, by_number[number]) for number in sorted(by_number)])
        .on_conflict_do_nothing().returning(OrderKey.channel_order_no, OrderKey.order_id))
    new: dict[str, int] = {number: order_id for number, order_id in keys}
    if new:
        await _insert_new(db, shop, [(new[n], n, by_number[n]) for n in numbers if n in new])
    known = [number for number in numbers if number not in new]
    if known:
        await _update_known(db, shop, {number: by_number[number] for number in known})
    return [number in new for number in numbers]


async def _insert_new(db: AsyncSession, shop: Shop, new: list[tuple[int, str, ChannelOrder]]) -> None:
    await db.execute(insert(Order).values([order_values(shop, order_id, number, order)
                                           for order_id, number, order in new]))
    await db.execute(insert(OrderLine).values([line for order_id, _, order in new
                                               for line in line_values(order_id, order.ordered_at, order)]))
    await db.execute(insert(OrderEvent).values([created_event(order_id, order.ordered_at)
                                                for order_id, _, order in new]))
    for order_id, _, order in new:
        if order.cancelled:  # cancelled on arrival (rare): as one by one
            await transition(db, None, order_id, OrderAction.CANCEL, note=CHANNEL)


async def _update_known(db: AsyncSession, shop: Shop, known: dict[str, ChannelOrder]) -> None:
    found = await db.execute(
        select(OrderKey.channel_order_no, Order, _PENDING_LINES)
        .join(Order, and_(Order.id == OrderKey.order_id, Order.ordered_at == OrderKey.ordered_at))
        .where(OrderKey.shop_id == shop.id, OrderKey.channel_order_no.in_(list(known)))
        .execution_options(populate_existing=True))
    writes: list[tuple[int, datetime, ChannelOrder]] = []
    left = dict(known)
    for number, row, lines in found:
        order = left.pop(number)
        if known_needs_writing(row, order, _stored_lines(lines)):
            writes.append((row.id, row.ordered_at, order))
    for order_id, ordered_at, order in sorted(writes, key=lambda write: write[0]):
        await apply_known(db, order_id, ordered_at, order)
    for order in left.values():  # a key without its order row: the one-order path says what is wrong
        await upsert_channel_order(db, shop, order)


def _stored_lines(lines: list[list[Any]] | None) -> list[tuple[Any, ...]] | None:
    if lines is None:
        return None
    return [(sku, quantity, Decimal(price), name, variant) for sku, quantity, price, name, variant in lines]
