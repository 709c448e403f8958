"""The order sync flow's contract (workflows/order_sync.py): its registered name, workflow ids, schedule id,
search attribute and query, and the inputs and outputs of the flow and its activities.

One run pulls one shop's orders changed since its cursor (minus the overlap window) up to the run's start, a page
per activity; a retry run fetches only the orders a run failed to ingest, one by one. Every order goes through
services/orders.upsert_channel_order, whose (shop, channel order number) key makes a page fetched twice, a retried
activity or a run racing another write each order once.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import AwareDatetime, BaseModel
from temporalio.common import RetryPolicy, SearchAttributeKey

from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus

WORKFLOW = "order-sync"  # the workflow type's registered name
STATUS = "status"  # the query answering its SyncTally
# Operators find a shop's runs in the Web UI with `ShopId = '42'` (a KeywordList: the Int columns are all taken).
SHOP_ID = SearchAttributeKey.for_keyword_list("ShopId")
RATE_LIMITED = "CHANNEL_RATE_LIMITED"  # a page the channel refused for now: tried again after its Retry-After

# A page the channel did not answer is tried again with back-off (1, 2, 4, ... up to 60 s), six times in all;
# a rate-limited page waits what the channel asked instead.
PAGE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                         maximum_interval=timedelta(minutes=1), maximum_attempts=6,
                         non_retryable_error_types=["DATA_REFUSED"])
PAGE_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(seconds=60),
                                  "schedule_to_close_timeout": timedelta(minutes=10), "retry_policy": PAGE_RETRY}


def schedule_id(shop_id: int) -> str:
    """The shop's Schedule, put while it is bound and connected."""
    return f"order-sync-shop-{shop_id}"


def scheduled_workflow_id(shop_id: int) -> str:
    """The Schedule's action id; Temporal appends each fire's time to it."""
    return f"order-sync-{shop_id}-scheduled"


def manual_workflow_id(shop_id: int, stamp: str) -> str:
    return f"order-sync-{shop_id}-now-{stamp}"


def retry_workflow_id(shop_id: int, run_id: int, stamp: str) -> str:
    return f"order-sync-{shop_id}-retry-{run_id}-{stamp}"


class OrderSyncStart(BaseModel):
    shop_id: int
    kind: OrderSyncKind = OrderSyncKind.SCHEDULED
    retry_of: int | None = None  # RETRY: the run whose failed orders are fetched again


class BeginSync(BaseModel):
    start: OrderSyncStart
    workflow_id: str
    now: AwareDatetime


class SyncBegun(BaseModel):
    run_id: int
    since: AwareDatetime | None  # None: the shop was never synced (its channel's whole history)
    until: AwareDatetime
    page_size: int
    skip: str | None = None  # why nothing is pulled (the shop unbound or disconnected); the run ends at once


class SyncPage(BaseModel):
    run_id: int
    token: str | None = None


class PageDone(BaseModel):
    next_token: str | None
    fetched: int = 0
    created: int = 0
    updated: int = 0
    failed: int = 0


class SyncTally(BaseModel):
    """What the flow's query and result answer."""

    run_id: int | None = None
    status: OrderSyncStatus = OrderSyncStatus.RUNNING
    pages: int = 0
    fetched: int = 0
    created: int = 0
    updated: int = 0
    failed: int = 0
    message: str | None = None


class SyncFinish(BaseModel):
    run_id: int
    failure: str | None = None  # the page that failed for good: 'sync failed'
    tally: SyncTally = SyncTally()  # what the pages counted
