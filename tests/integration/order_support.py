"""Channel orders for tests: a merchant with a shop, and orders entered the one way they enter
(services/orders.upsert_channel_order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from domain.db import transaction
from domain.enums import StockMovementType
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.merchants import Shop
from domain.models.stock_sync import StockBinding
from domain.rules.stock import Movement
from services.orders import upsert_channel_order
from services.stock.store import move_now
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import insert_warehouse

STOCKED = {"SKU-A": 1000, "SKU-B": 1000}  # what the shop's warehouse holds, so an acceptance reserves


async def insert_shop(channel: str = "SHOPEE_ID", country: str = "ID", **merchant: Any) -> Shop:
    """A merchant's shop fulfilled from a warehouse of the merchant holding STOCKED (through the ledger)."""
    made = await insert_merchant(country, shops=[{"channel": channel, "country": country}], **merchant)
    place = await insert_warehouse(0, made.id)
    for sku, quantity in STOCKED.items():
        await move_now(Movement(place.warehouse_id, sku, StockMovementType.MANUAL_INBOUND, quantity, unique("in")))
    async with transaction() as db:
        shop = (await db.execute(select(Shop).where(Shop.merchant_id == made.id))).scalars().one()
        db.add(StockBinding(merchant_id=made.id, shop_id=shop.id, warehouse_id=place.warehouse_id, fulfils=True))
        return shop


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
