"""Product sync (workflows/goods_sync.py, through activities/goods_sync.py): a shop's listings pulled from its
channel into the goods list, the run's record, and its start.

A run is recorded once per workflow id (`product_sync_runs`, begin is idempotent under retries); its end writes
its status, counts and message, and the listings it could not store are its failures. A run pulls the listings
the channel changed in [the shop's latest product sync time - overlap, the run's start). A page is one transaction
with a savepoint per listing: a listing the console refuses is counted and recorded as the run's failure while the
rest of the page goes in. A listing is stored by ON CONFLICT on (shop, channel item id) and its variations on
(product, channel variation id), so a page fetched twice stores nothing twice; an update never touches a
variation's master SKU (its mapping stays), and a listing the channel took down arrives in its state (DELETED) and
is kept, as is a mapped variation the channel no longer lists (its stock 0). Each created or changed listing leaves
its field diffs in the audit trail the goods history reads. The shop's latest product sync time moves (forward
only) when a run ends without a failed page.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain import audit
from domain.db import transaction
from domain.enums import GoodsEntity, MappingStatus
from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus
from domain.errors import DomainError
from domain.flows.goods_sync import (
    WORKFLOW,
    BeginProductSync,
    ProductPageDone,
    ProductSyncBegun,
    ProductSyncFinish,
    ProductSyncPage,
    ProductSyncStart,
    ProductSyncTally,
    workflow_id,
)
from domain.models.goods import ChannelProduct, ChannelVariation
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from domain.models.merchants import Shop
from domain.rules import goods as rules
from domain.rules.order_sync import ANOTHER_RUNNING, NOT_SYNCABLE, SHOP_DELETED, SOME_PRODUCTS_FAILED, SYNC_FAILED
from domain.settings import get_settings
from services.channels import ShopRef, Unreadable, adapter_for
from services.channels.wire import ChannelProductIn
from services.flows import rpc_timeout
from services.order_sync import close_gone, reason_of, search_attributes, syncable

CHANNEL = GoodsEntity.CHANNEL_PRODUCT.value
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


async def begin(client: Client, b: BeginProductSync) -> ProductSyncBegun:
    """The run of this workflow id (recorded once: a retried activity finds it), with the window it pulls: since
    the shop's latest product sync time less the overlap, up to the run's start. One run of a shop pulls at a time:
    runs begin one after the other under the shop's row lock, and a run that finds another under way (two clicks
    at once, a click beside the schedule) is recorded as skipped, saying so; an earlier run whose flow is gone
    (terminated in the Temporal Web UI) is closed, and blocks nothing."""
    settings = get_settings()
    async with transaction() as db:
        shop = await db.get(Shop, b.start.shop_id, with_for_update={"key_share": True})
        if shop is None:  # deleted since the schedule fired: nothing to record against
            return ProductSyncBegun(run_id=0, since=None, until=b.now, page_size=0, skip=SHOP_DELETED)
        last = shop.latest_product_sync_at
        since = None if last is None else min(last - timedelta(minutes=settings.order_sync_overlap_minutes), b.now)
        await db.execute(insert(ProductSyncRun).values(
            shop_id=shop.id, merchant_id=shop.merchant_id, channel=str(shop.channel), country=str(shop.country),
            kind=b.start.kind, status=ProductSyncStatus.RUNNING, workflow_id=b.workflow_id, since=since, until=b.now,
            pages=0, fetched=0, created_count=0, updated_count=0, unchanged_count=0, failed_count=0)
            .on_conflict_do_nothing(index_elements=["workflow_id"]))
        run = (await db.scalars(select(ProductSyncRun).where(ProductSyncRun.workflow_id == b.workflow_id))).one()
        other = await db.scalar(select(select(ProductSyncRun.id).where(
            ProductSyncRun.shop_id == shop.id, ProductSyncRun.status == ProductSyncStatus.RUNNING,
            ProductSyncRun.id < run.id).exists()))
        can_sync = syncable(shop)
        begun = ProductSyncBegun(run_id=run.id, since=run.since, until=run.until or b.now,
                                 page_size=settings.order_sync_page_size, skip=None if can_sync else NOT_SYNCABLE)
    if other and can_sync and await close_gone(client, ProductSyncRun, shop.id, before=run.id):
        begun.skip = ANOTHER_RUNNING
    return begun


async def _variation_rows(db: AsyncSession, product_id: int) -> dict[str, tuple[Any, ...]]:
    """The product's variations as stored: channel variation id -> (SKU, name, price, stock)."""
    v = ChannelVariation
    rows = await db.execute(select(v.channel_variation_id, v.channel_sku, v.name, v.price, v.stock)
                            .where(v.channel_product_id == product_id))
    return {r.channel_variation_id: (r.channel_sku, r.name, r.price, r.stock) for r in rows}


async def _variations(db: AsyncSession, shop: Shop, product_id: int, listing: ChannelProductIn) -> None:
    """The listing's variations stored on (product, channel variation id), their mappings kept; one the channel
    no longer lists is removed when unmapped, kept at stock 0 when mapped."""
    listed = [v.variation_id for v in listing.variations]
    gone = ChannelVariation.channel_product_id == product_id, ChannelVariation.channel_variation_id.not_in(listed)
    await db.execute(delete(ChannelVariation).where(*gone, ChannelVariation.master_sku.is_(None)))
    await db.execute(update(ChannelVariation).where(*gone).values(stock=0))
    if listing.variations:
        stmt = insert(ChannelVariation).values([
            {"channel_product_id": product_id, "merchant_id": shop.merchant_id, "channel_variation_id": v.variation_id,
             "channel_sku": v.sku, "name": v.name, "price": v.price, "stock": v.stock} for v in listing.variations])
        await db.execute(stmt.on_conflict_do_update(
            constraint="uq_channel_product_variations_product_variation",
            set_={"channel_sku": stmt.excluded.channel_sku, "name": stmt.excluded.name, "price": stmt.excluded.price,
                  "stock": stmt.excluded.stock, "updated_at": func.now()}))
    masters = (await db.scalars(select(ChannelVariation.master_sku).where(
        ChannelVariation.channel_product_id == product_id))).all()
    await db.execute(update(ChannelProduct).where(ChannelProduct.id == product_id).values(
        mapping_status=rules.mapping_status(masters)))


def _shown(fields: tuple[Any, ...], variations: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """A listing as its audit entries compare it: its fields and each variation's SKU, price and stock."""
    name, category, state = fields
    shown: dict[str, Any] = {"name": name, "category": category, "listing_state": state}
    for key, (sku, _, price, stock) in sorted(variations.items()):
        shown[f"variation {key}"] = f"{sku} · {price:.2f} · {stock}"
    return shown


async def store(db: AsyncSession, shop: Shop, listing: ChannelProductIn, at: datetime) -> str:
    """One listing and its variations: 'created', 'updated' or 'unchanged'."""
    key = ChannelProduct.shop_id == shop.id, ChannelProduct.channel_item_id == listing.item_id
    before = (await db.execute(select(ChannelProduct.id, ChannelProduct.name, ChannelProduct.category,
                                      ChannelProduct.listing_state).where(*key).with_for_update())).one_or_none()
    old_variations = {} if before is None else await _variation_rows(db, before.id)
    values = {"name": listing.name, "category": listing.category, "listing_state": listing.status.value}
    stmt = insert(ChannelProduct).values(merchant_id=shop.merchant_id, shop_id=shop.id, channel=str(shop.channel),
                                         channel_item_id=listing.item_id, mapping_status=MappingStatus.UNMAPPED,
                                         last_synced_at=at, **values)
    product_id: int = (await db.execute(stmt.on_conflict_do_update(
        constraint="uq_channel_products_shop_id_channel_item_id",
        set_={**{k: stmt.excluded[k] for k in values}, "last_synced_at": at, "updated_at": func.now()})
        .returning(ChannelProduct.id))).scalar_one()
    await _variations(db, shop, product_id, listing)
    after = _shown((listing.name, listing.category, listing.status.value), await _variation_rows(db, product_id))
    if before is None:
        await audit.record_change(db, operator_id=None, operator_name=None, entity=CHANNEL, entity_id=product_id,
                                  action="create", before=None, after=after)
        return "created"
    old = _shown((before.name, before.category, str(before.listing_state)), old_variations)
    if old == after:
        return "unchanged"
    await audit.record_change(db, operator_id=None, operator_name=None, entity=CHANNEL, entity_id=product_id,
                              action="update", before=old, after=after)
    return "updated"


async def page(p: ProductSyncPage) -> ProductPageDone:
    """The page after `token` of the run's window, fetched and stored in one transaction."""
    async with transaction() as db:
        shop = await db.get(Shop, p.shop_id)
        if shop is None:
            return ProductPageDone(next_token=None)
        fetched = await adapter_for(shop.channel).fetch_products(ShopRef.of(shop), p.since or EPOCH, p.until, p.token,
                                                                 p.page_size)
        done = ProductPageDone(next_token=fetched.next_token, fetched=len(fetched.products))
        at = datetime.now(UTC)
        for listing in fetched.products:
            if isinstance(listing, Unreadable):
                outcome, reason = "failed", listing.reason
            else:
                try:
                    async with db.begin_nested():
                        outcome, reason = await store(db, shop, listing, at), ""
                except (DomainError, DBAPIError, ValueError) as exc:
                    outcome, reason = "failed", reason_of(exc)
            setattr(done, outcome, getattr(done, outcome) + 1)
            if outcome == "failed":
                number = listing.channel_order_no if isinstance(listing, Unreadable) else listing.item_id
                done.failed_items.append(f"{number}: {reason}"[:300])
                await _record_failure(db, p.run_id, shop, number, reason)
    return done


async def _record_failure(db: AsyncSession, run_id: int, shop: Shop, item_id: str, reason: str) -> None:
    """The listing as the run's failure, once (a page fetched again names it again, with its latest reason)."""
    stmt = insert(ProductSyncFailure).values(run_id=run_id, shop_id=shop.id, merchant_id=shop.merchant_id,
                                             channel_item_id=item_id[:100], reason=reason[:500])
    await db.execute(stmt.on_conflict_do_update(index_elements=["run_id", "channel_item_id"],
                                                set_={"reason": stmt.excluded.reason, "failed_at": func.now()}))


def _tally(run: ProductSyncRun) -> ProductSyncTally:
    return ProductSyncTally(run_id=run.id, shop_id=run.shop_id, status=run.status, pages=run.pages,
                            fetched=run.fetched, created=run.created_count, updated=run.updated_count,
                            unchanged=run.unchanged_count, failed=run.failed_count, message=run.message)


def ending(failure: str | None, skipped: str | None, failed: int) -> tuple[ProductSyncStatus, str | None]:
    """A run's status and message: failed (a page failed for good), partial (listings not stored), succeeded
    (saying why nothing was pulled, if so)."""
    if failure is not None:
        return ProductSyncStatus.FAILED, f"{SYNC_FAILED}: {failure}"[:500]
    if failed:
        return ProductSyncStatus.PARTIAL, SOME_PRODUCTS_FAILED
    return ProductSyncStatus.SUCCEEDED, skipped


async def finish(f: ProductSyncFinish) -> ProductSyncTally:
    """The run's status, counts (its failures counted from its rows) and message, written once; on a run that
    pulled without a failed page the shop's latest product sync time moves to the run's start, forward only (a
    slow run finishing after a newer one never moves it back)."""
    if f.run_id == 0:
        return ProductSyncTally(status=ProductSyncStatus.SUCCEEDED, message=SHOP_DELETED)
    async with transaction() as db:
        run = await db.get(ProductSyncRun, f.run_id, with_for_update=True)
        if run is None:
            return ProductSyncTally(run_id=f.run_id, status=ProductSyncStatus.FAILED, message=SYNC_FAILED)
        if run.status != ProductSyncStatus.RUNNING:  # a retried finish writes nothing twice
            return _tally(run)
        failed = await db.scalar(select(func.count()).where(ProductSyncFailure.run_id == run.id)) or 0
        run.status, run.message = ending(f.failure, f.skipped, failed)
        t = f.tally
        run.pages, run.fetched, run.created_count, run.updated_count = t.pages, t.fetched, t.created, t.updated
        run.unchanged_count, run.failed_count, run.finished_at = t.unchanged, failed, datetime.now(UTC)
        if run.status != ProductSyncStatus.FAILED and f.skipped is None and run.until is not None:
            await db.execute(update(Shop).where(Shop.id == run.shop_id).values(latest_product_sync_at=func.greatest(
                func.coalesce(Shop.latest_product_sync_at, run.until), run.until)))
        return _tally(run)


async def under_way(client: Client, shop_id: int) -> bool:
    """A run of the shop is under way: recorded, not finished, and its flow runs (the record of a flow that is
    gone is closed, and blocks nothing)."""
    return await close_gone(client, ProductSyncRun, shop_id)


async def start_run(client: Client, shop: Shop) -> str:
    """Start "Sync products" of a shop; returns the workflow id."""
    wid = workflow_id(shop.id, uuid.uuid4().hex[:12])
    await client.start_workflow(
        WORKFLOW, ProductSyncStart(shop_id=shop.id, kind=ProductSyncKind.MANUAL), id=wid,
        task_queue=get_settings().task_queue,
        static_summary=f"Sync products: {shop.name} ({shop.channel})"[:200],
        search_attributes=search_attributes(shop.id), rpc_timeout=rpc_timeout())
    return wid
