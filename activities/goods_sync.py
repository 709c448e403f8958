"""The product sync flow's activities (workflows/goods_sync.py): thin adapters over services/goods_sync.py. A page
the channel rate-limited fails with the channel's Retry-After as the next attempt's delay."""

from __future__ import annotations

from temporalio import activity

from activities.order_sync import channel_pace
from domain.flows.goods_sync import (
    BeginProductSync,
    ProductPageDone,
    ProductSyncBegun,
    ProductSyncFinish,
    ProductSyncPage,
    ProductSyncTally,
)
from services import goods_sync


@activity.defn
async def begin_product_sync(begin: BeginProductSync) -> ProductSyncBegun:
    """The run of this workflow id, recorded once, and the window it pulls: from the shop's latest product sync
    time (less the overlap) to its start."""
    return await goods_sync.begin(activity.client(), begin)


@activity.defn
async def sync_product_page(page: ProductSyncPage) -> ProductPageDone:
    """One page of the shop's listings, stored (a page fetched twice stores nothing twice)."""
    with channel_pace():
        return await goods_sync.page(page)


@activity.defn
async def finish_product_sync(finish: ProductSyncFinish) -> ProductSyncTally:
    """The run's status, counts and message; the shop's latest product sync time moves to the run's start unless
    a page failed (forward only; a retry writes the same)."""
    return await goods_sync.finish(finish)
