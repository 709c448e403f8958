"""Goods (SPEC §2 manage goods, §4 product listing): the listing changes, the mapping of channel variations to
master SKUs, auto-create and the main-store stock lock of a master product. The caller loads each row within its
data authority and locked (the kit's `load`); every change here leaves its field diffs in the audit trail the
goods history reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Select, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.enums import GoodsEntity, ListingAction, ListingState
from domain.errors import Invalid
from domain.models.goods import ChannelProduct
from domain.models.stock_sync import StockLock
from domain.models.warehouses import WmsProduct
from domain.rules import goods as rules
from services.actors import Actor

CHANNEL, MASTER = GoodsEntity.CHANNEL_PRODUCT.value, GoodsEntity.MASTER_PRODUCT.value


async def _record(db: AsyncSession, actor: Actor, entity: str, row_id: int, action: str,
                  before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
    await audit.record_change(db, operator_id=actor.id, operator_name=actor.username, entity=entity,
                              entity_id=row_id, action=action, before=before, after=after)


async def listing_counts(db: AsyncSession, filtered: Select[Any]) -> dict[ListingState, int]:
    """How many of the products a search finds are in each listing state (the goods list's tabs), in one
    statement over the same filters and data authority (`filtered` selects channel products)."""
    inner = filtered.with_only_columns(ChannelProduct.listing_state).order_by(None).subquery()
    rows = await db.execute(select(inner.c.listing_state, func.count()).group_by(inner.c.listing_state))
    return {ListingState(state): count for state, count in rows.all()}


async def change_listing(db: AsyncSession, actor: Actor, product: ChannelProduct, action: ListingAction) -> None:
    """Enable, disable or delete (soft: DELETED) a listing by the transition table; refused naming its state."""
    before = product.listing_state
    product.listing_state = rules.next_state(ListingState(before), action)
    await db.flush()
    await _record(db, actor, CHANNEL, product.id, "delete" if action == ListingAction.DELETE else "update",
                  {"listing_state": before}, {"listing_state": product.listing_state.value})


def _refresh_mapping(product: ChannelProduct) -> None:
    product.mapping_status = rules.mapping_status(v.master_sku for v in product.variations)


async def map_variation(db: AsyncSession, actor: Actor, product: ChannelProduct, variation_id: int,
                        master: WmsProduct | None) -> None:
    """Map one variation of the product to a master product of the same merchant (None: unmap)."""
    rules.refuse_unmappable(ListingState(product.listing_state))
    variation = next((v for v in product.variations if v.id == variation_id), None)
    if variation is None:
        raise Invalid("variationId", "goods_variation_not_of_product", ids=variation_id)
    if master is not None and master.merchant_id != product.merchant_id:
        raise Invalid("masterProductId", "goods_other_merchant")
    before = variation.master_sku
    variation.master_sku = master.sku if master is not None else None
    _refresh_mapping(product)
    await db.flush()
    field = f"variation {variation.channel_sku}"
    await _record(db, actor, CHANNEL, product.id, "update", {field: before}, {field: variation.master_sku})


async def auto_create(db: AsyncSession, actor: Actor, products: Sequence[ChannelProduct]) -> tuple[int, int]:
    """Each unmapped variation of the products gets its master SKU: the merchant's product of that SKU when one
    exists, else a new master product named after the listing. Returns (created, mapped)."""
    created = mapped = 0
    for product in products:
        rules.refuse_unmappable(ListingState(product.listing_state))
        for variation in product.variations:
            if variation.master_sku is not None:
                continue
            master = await db.scalar(select(WmsProduct).where(WmsProduct.merchant_id == product.merchant_id,
                                                              WmsProduct.sku == variation.channel_sku))
            if master is None:
                master = WmsProduct(merchant_id=product.merchant_id, sku=variation.channel_sku,
                                    name=product.name[:300], variant=variation.name)
                db.add(master)
                await db.flush()
                await _record(db, actor, MASTER, master.id, "create", None, audit.snapshot(master))
                created += 1
            await map_variation(db, actor, product, variation.id, master)
            mapped += 1
    return created, mapped


async def switch_stock_lock(db: AsyncSession, actor: Actor, master: WmsProduct, locked: bool,
                            reason: str | None) -> bool:
    """Turn the main-store stock lock of the master product's SKU on or off (the stock locks that the sync, the
    pushes and new outbound orders look up). Returns whether anything changed: a second 'on' is not a second
    lock, a second 'off' finds none."""
    found = await db.scalar(select(StockLock.id).where(StockLock.merchant_id == master.merchant_id,
                                                       StockLock.sku == master.sku).with_for_update())
    if locked == (found is not None):
        return False
    if locked:
        try:  # the lock stock screen may have locked the SKU since: the same lock, not a second one
            async with db.begin_nested():
                db.add(StockLock(merchant_id=master.merchant_id, sku=master.sku, reason=reason, locked_by=actor.id,
                                 locked_by_name=actor.username))
                await db.flush()
        except IntegrityError:
            return False
    else:
        await db.execute(delete(StockLock).where(StockLock.id == found))
    await _record(db, actor, MASTER, master.id, "update", {"stock_locked": not locked}, {"stock_locked": locked})
    return True
