"""The order sync flow's activities (workflows/order_sync.py): thin adapters over services/order_sync.py. A page
the channel rate-limited fails with the channel's Retry-After as the next attempt's delay."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain.flows.order_sync import RATE_LIMITED, BeginSync, PageDone, SyncBegun, SyncFinish, SyncPage, SyncTally
from services import order_sync
from services.channels import RateLimited


@contextmanager
def channel_pace() -> Iterator[None]:
    """The channel's rate limit as the next attempt's delay (the retry policy's back-off otherwise)."""
    try:
        yield
    except RateLimited as exc:
        raise ApplicationError(str(exc), type=RATE_LIMITED,
                               next_retry_delay=timedelta(seconds=max(exc.retry_after, 0.1))) from exc


@activity.defn
async def begin_order_sync(begin: BeginSync) -> SyncBegun:
    """The run of this workflow id, recorded once, and the window it pulls."""
    return await order_sync.begin(activity.client(), begin)


@activity.defn
async def sync_order_page(page: SyncPage) -> PageDone:
    """One page of the channel's orders, ingested (a page fetched twice makes no second order)."""
    with channel_pace():
        return await order_sync.page(page)


@activity.defn
async def retry_failed_orders(page: SyncPage) -> PageDone:
    """The failed orders of the retried run, fetched again and ingested."""
    with channel_pace():
        return await order_sync.retry(page)


@activity.defn
async def finish_order_sync(finish: SyncFinish) -> SyncTally:
    """The run's status and counts; the cursor moves unless a page failed (a retry writes the same)."""
    return await order_sync.finish(finish)
