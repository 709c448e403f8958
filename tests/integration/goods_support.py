"""Channel products of a merchant's shop written straight to PostgreSQL for the goods tests and the data-authority
walk (the goods module changes them only through its actions)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from domain.db import transaction
from domain.enums import ListingState
from domain.models.audit import EntityChange
from domain.models.goods import ChannelProduct, ChannelVariation
from domain.models.warehouses import WmsProduct
from tests.conftest import unique


async def insert_channel_product(merchant_id: int, shop_id: int, *, state: ListingState = ListingState.LIVE,
                                 skus: tuple[str, ...] = ("A",), item_id: str | None = None,
                                 name: str | None = None) -> ChannelProduct:
    """A LIVE listing with one unmapped variation per channel SKU given."""
    async with transaction() as db:
        product = ChannelProduct(merchant_id=merchant_id, shop_id=shop_id, channel="SHOPEE_ID",
                                 channel_item_id=item_id or unique("item"), name=name or unique("Product "),
                                 listing_state=state)
        product.variations = [ChannelVariation(merchant_id=merchant_id, channel_variation_id=f"v{n}",
                                               channel_sku=sku, name=f"Variation {sku}", price=Decimal("10.50"),
                                               stock=3) for n, sku in enumerate(skus)]
        db.add(product)
        await db.flush()
        await db.refresh(product, ["variations"])
        return product


async def insert_master(merchant_id: int, sku: str, name: str | None = None) -> int:
    async with transaction() as db:
        product = WmsProduct(merchant_id=merchant_id, sku=sku, name=name or f"Product {sku}")
        db.add(product)
        await db.flush()
        return product.id


async def scope_rows(merchant_ids: list[int], shop_ids: list[int], mark: str) -> dict[str, tuple[Any, ...]]:
    """For the data-authority walk: one channel product (and one history row of it) of a merchant inside the
    scope and one outside, as (inside ids, outside ids, shown markers, hidden markers, search body)."""
    products, changes = [], []
    for merchant_id, shop_id, n in zip(merchant_ids, shop_ids, ("in", "out"), strict=True):
        product = await insert_channel_product(merchant_id, shop_id, item_id=f"{mark}{n}item",
                                               name=f"{mark}{n}listing")
        async with transaction() as db:
            change = EntityChange(transaction_id=unique("tx"), entity="ChannelProduct", entity_id=str(product.id),
                                  action="update", changes={"listing_state": {"before": "LIVE", "after": "DISABLED"}})
            db.add(change)
            await db.flush()
        products.append(product.id)
        changes.append(change.id)
    shown = [f"{mark}initem", f"{mark}outitem"]
    return {"ChannelProduct": (products[:1], products[1:], shown[:1], shown[1:], {"keyword": mark}),
            "GoodsHistory": (changes[:1], changes[1:], shown[:1], shown[1:], {"code": mark})}
