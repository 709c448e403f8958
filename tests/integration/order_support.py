"""Channel orders for tests: a merchant with a shop, and orders entered the one way they enter
(services/orders.upsert_channel_order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from domain.db import transaction
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.merchants import Shop
from services.orders import upsert_channel_order
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant


async def insert_shop(channel: str = "SHOPEE_ID", country: str = "ID", **merchant: Any) -> Shop:
    made = await insert_merchant(country, shops=[{"channel": channel, "country": country}], **merchant)
    async with transaction() as db:
        return (await db.execute(select(Shop).where(Shop.merchant_id == made.id))).scalars().one()


def channel_order(number: str | None = None, *, ordered_at: datetime | None = None, **fields: Any) -> ChannelOrder:
    lines = fields.pop("lines", None) or [ChannelOrderLine(sku="SKU-A", quantity=2, unit_price=Decimal("15000")),
                                          ChannelOrderLine(sku="SKU-B", quantity=1, unit_price=Decimal("5000"))]
    return ChannelOrder(channel_order_no=number or unique("INV").upper(),
                        ordered_at=ordered_at or datetime.now(UTC) - timedelta(hours=2), lines=lines,
                        buyer_name="Budi", recipient_name="Budi", address_line1="Jl. Sudirman 1", city="Jakarta",
                        courier="JNE", shipping_fee=Decimal("9000"), **fields)


async def upsert(shop: Shop, order: ChannelOrder) -> tuple[int, bool]:
    async with transaction() as db:
        return await upsert_channel_order(db, shop, order)
