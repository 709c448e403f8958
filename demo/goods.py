"""Demo goods for a first `make run`, after the demo stock: each demo WMS merchant's bound stores list the
merchant's master products (the demo warehouses' SKUs, domain/seed/demo_warehouses.py) as channel products in the
listing states of SPEC §4, most variations mapped to their master SKU, a few new listings not yet mapped (for
auto-create), and the stores' latest product sync time moves with the product sync runs that moved it (hourly
scheduled ones and a "Sync products", one store's with listings it could not store). Prices are the store's
country's (demo/regions.py). In the first store the administrator has worked a little through the goods
services, so the goods history has entries with their field diffs: a new listing's master products auto-created
and a listing disabled (no stock lock: it would refuse the demo's later outbound orders of its SKU). Called by
the start's seeding step (api/prestart.py) in the demo stock's transaction."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from demo.regions import region_of
from domain.enums import ListingAction, ListingState, MappingStatus
from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus
from domain.models.goods import ChannelProduct, ChannelVariation
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from domain.models.merchants import Shop
from domain.models.users import User
from domain.models.warehouses import WmsProduct
from domain.rules.goods import mapping_status
from services import goods

STATES = [ListingState.LIVE, ListingState.LIVE, ListingState.LIVE, ListingState.SOLD_OUT, ListingState.DISABLED,
          ListingState.BANNED, ListingState.DRAFT, ListingState.IN_PROCESS, ListingState.PUBLISH_FAILED,
          ListingState.UNPUBLISHED, ListingState.DELETED]
SIZES = ("S", "M", "L")
NEW_LISTINGS = 2  # per store: listings whose SKUs the library does not have yet
RUNS = 4  # product sync runs per store, an hour apart, the latest ending at its latest product sync time
REFUSED = ("price missing from the channel's listing", "variation SKU longer than 100 characters")


async def create(db: AsyncSession) -> None:
    rng = random.Random(28)
    now = datetime.now(UTC)
    library = (await db.scalars(select(WmsProduct).order_by(WmsProduct.merchant_id, WmsProduct.id))).all()
    by_merchant: dict[int, list[WmsProduct]] = {}
    runs_made = 0
    for product in library:
        by_merchant.setdefault(product.merchant_id, []).append(product)
    for merchant_id, products in by_merchant.items():
        shops = (await db.scalars(select(Shop).where(Shop.merchant_id == merchant_id, Shop.bound)
                                  .order_by(Shop.id))).all()
        for shop in shops:
            synced = now - timedelta(minutes=rng.randint(5, 600))
            listings = [_listing(shop, n, product.name, [product.sku], STATES[n % len(STATES)], synced, rng)
                        for n, product in enumerate(products)]
            listings += [_listing(shop, len(products) + n, f"New arrival {n + 1} of {shop.name}"[:300],
                                  [f"NEW-{shop.id}-{n + 1}-{size}" for size in SIZES], ListingState.LIVE, synced, rng,
                                  mapped=False) for n in range(NEW_LISTINGS)]
            db.add_all(listings)
            shop.latest_product_sync_at = synced
            await _runs(db, shop, synced, len(listings), partial=not runs_made)
            runs_made += 1
    await db.flush()
    await _worked(db)


async def _worked(db: AsyncSession) -> None:
    """A few changes by the administrator in the first store with listings, through the goods services."""
    admin = await db.scalar(select(User).where(User.username == "admin"))
    first = await db.scalar(select(ChannelProduct).order_by(ChannelProduct.shop_id, ChannelProduct.id).limit(1))
    if admin is None or first is None:
        return
    listings = (await db.scalars(select(ChannelProduct).where(ChannelProduct.shop_id == first.shop_id)
                                 .options(selectinload(ChannelProduct.variations))
                                 .order_by(ChannelProduct.id))).all()
    unmapped = next(p for p in listings if p.mapping_status == MappingStatus.UNMAPPED)
    await goods.auto_create(db, admin, [unmapped])
    live = next(p for p in listings
                if p.listing_state == ListingState.LIVE and p.mapping_status == MappingStatus.MAPPED)
    await goods.change_listing(db, admin, live, ListingAction.DISABLE)


async def _runs(db: AsyncSession, shop: Shop, synced: datetime, listed: int, *, partial: bool) -> None:
    """The store's runs, oldest first; on `partial` the one before the latest could not store two listings."""
    runs = []
    for n in range(RUNS):
        until = synced - timedelta(hours=RUNS - 1 - n)
        first, failing = n == 0, partial and n == RUNS - 2
        runs.append(ProductSyncRun(
            shop_id=shop.id, merchant_id=shop.merchant_id, channel=str(shop.channel), country=str(shop.country),
            kind=ProductSyncKind.MANUAL if n == RUNS - 1 else ProductSyncKind.SCHEDULED,
            status=ProductSyncStatus.PARTIAL if failing else ProductSyncStatus.SUCCEEDED,
            workflow_id=f"goods-sync-{shop.id}-demo-{n + 1}", since=None if first else until - timedelta(hours=1),
            until=until, pages=1, fetched=listed if first else 2 + len(REFUSED) * failing,
            created_count=listed if first else 0, updated_count=0 if first else 2, unchanged_count=0,
            failed_count=len(REFUSED) if failing else 0, message="some products failed, retry later" if failing
            else None, started_at=until, finished_at=until + timedelta(seconds=4)))
    db.add_all(runs)
    await db.flush()
    if partial:
        failed = runs[RUNS - 2]
        db.add_all([ProductSyncFailure(run_id=failed.id, shop_id=shop.id, merchant_id=shop.merchant_id,
                                       channel_item_id=f"{shop.external_shop_id}-9{n:03d}", reason=reason,
                                       failed_at=failed.finished_at) for n, reason in enumerate(REFUSED)])


def _listing(shop: Shop, number: int, name: str, skus: list[str], state: ListingState, synced: datetime,
             rng: random.Random, *, mapped: bool = True) -> ChannelProduct:
    variations = [ChannelVariation(merchant_id=shop.merchant_id, channel_variation_id=f"{shop.id}-{number}-{n}",
                                   channel_sku=sku, name=sku.rsplit("-", 1)[-1], stock=rng.randint(0, 80),
                                   price=region_of(shop.country).local(rng.randrange(15_000, 900_000, 500)),
                                   master_sku=sku if mapped else None) for n, sku in enumerate(skus)]
    return ChannelProduct(merchant_id=shop.merchant_id, shop_id=shop.id, channel=shop.channel,
                          channel_item_id=f"{shop.external_shop_id}-{number + 1:04d}", name=name, listing_state=state,
                          mapping_status=mapping_status(v.master_sku for v in variations), last_synced_at=synced,
                          variations=variations)
