"""A store bound to a warehouse with stock, its channel orders and their transitions, for the fulfilment tests:
orders enter and change state only through services/orders (upsert_channel_order, transition)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from domain.db import transaction
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.interception import OrderLineStock
from domain.models.merchants import Shop
from domain.models.orders import Order
from services.orders import transition, upsert_channel_order
from tests.conftest import unique
from tests.integration.stock_order_support import Place, figures
from tests.integration.stock_sync_support import Stocked


async def new_order(store: Stocked, lines: dict[str, int], **fields: Any) -> int:
    """A PENDING order of the store: `{sku: quantity}` at 10.00 each, placed now unless `ordered_at` says."""
    async with transaction() as db:
        shop = await db.get(Shop, store.shop_id)
        assert shop is not None
        order_id, created = await upsert_channel_order(db, shop, ChannelOrder(**{
            "channel_order_no": unique("SO"), "ordered_at": datetime.now(UTC),
            "lines": [ChannelOrderLine(sku=sku, quantity=quantity, unit_price=Decimal(10))
                      for sku, quantity in lines.items()]} | fields))
    assert created
    return order_id


async def act(order_id: int, action: str, **fields: Any) -> Order:
    async with transaction() as db:
        return await transition(db, None, order_id, action, **fields)


async def stock_of(store: Stocked, sku: str) -> dict[str, int]:
    return await figures(Place(store.merchant_id, store.place.warehouse_id, sku))


async def line_states(order_id: int) -> list[tuple[str, str, int | None]]:
    async with transaction() as db:
        rows = await db.scalars(select(OrderLineStock).where(OrderLineStock.order_id == order_id)
                                .order_by(OrderLineStock.line_no))
        return [(row.sku, row.state, row.stock_order_id) for row in rows]
