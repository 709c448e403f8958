"""The product sync flow's contract (workflows/goods_sync.py): its registered name, workflow ids, schedule id,
search attribute and query, and the inputs and outputs of the flow and its activities.

A run is recorded once per workflow id (`product_sync_runs`), scheduled by the shop's Schedule or started by
"Sync products". One run pulls one shop's listings (channel products and their variations) that its channel
changed since the shop's latest product sync time (minus the order sync's overlap window) up to the run's start,
a page per activity. Each listing is stored by services/goods_sync.py keyed by (shop, channel item id) and each
variation by (product, channel variation id), so a page fetched twice or a retried activity stores nothing twice.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import AwareDatetime, BaseModel, Field
from temporalio.common import RetryPolicy

from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus
from domain.flows.order_sync import RATE_LIMITED, SHOP_ID

__all__ = ["RATE_LIMITED", "SHOP_ID"]  # a run is found by `ShopId` in the Web UI, as the order sync's are

WORKFLOW = "goods-sync"  # the workflow type's registered name
STATUS = "status"  # the query answering its ProductSyncTally
FAILED_SHOWN = 50  # the item ids of the listings a run could not store that its tally names

# A page the channel did not answer is tried again with back-off (1, 2, 4, ... up to 60 s), six times in all;
# a rate-limited page waits what the channel asked instead.
PAGE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                         maximum_interval=timedelta(minutes=1), maximum_attempts=6)
PAGE_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(seconds=60),
                                  "schedule_to_close_timeout": timedelta(minutes=10), "retry_policy": PAGE_RETRY}


def schedule_id(shop_id: int) -> str:
    """The shop's Schedule, put while it is bound and connected (beside its order sync's)."""
    return f"goods-sync-shop-{shop_id}"


def scheduled_workflow_id(shop_id: int) -> str:
    """The Schedule's action id; Temporal appends each fire's time to it."""
    return f"goods-sync-{shop_id}-scheduled"


def workflow_id(shop_id: int, stamp: str) -> str:
    """"Sync products" of a shop."""
    return f"goods-sync-{shop_id}-now-{stamp}"


def shop_of(workflow_id_: str) -> int | None:
    """The shop a product sync's workflow id names (None: not one of this flow's ids)."""
    parts = workflow_id_.split("-")
    if len(parts) < 4 or parts[:2] != ["goods", "sync"] or not parts[2].isdigit():
        return None
    return int(parts[2])


class ProductSyncStart(BaseModel):
    shop_id: int
    kind: ProductSyncKind = ProductSyncKind.SCHEDULED


class BeginProductSync(BaseModel):
    start: ProductSyncStart
    workflow_id: str
    now: AwareDatetime


class ProductSyncBegun(BaseModel):
    run_id: int  # 0: the shop was deleted, nothing recorded
    since: AwareDatetime | None  # None: the shop's products were never synced (the channel's whole catalogue)
    until: AwareDatetime
    page_size: int
    skip: str | None = None  # why nothing is pulled (the shop deleted, unbound or disconnected)


class ProductSyncPage(BaseModel):
    run_id: int  # the listings it cannot store are recorded as this run's failures
    shop_id: int
    since: AwareDatetime | None
    until: AwareDatetime
    page_size: int
    token: str | None = None


class ProductPageDone(BaseModel):
    next_token: str | None
    fetched: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    failed: int = 0
    failed_items: list[str] = Field(default_factory=list)  # "item id: why"


class ProductSyncTally(BaseModel):
    """What the flow's query and result answer: its counts, and the listings it could not store."""

    run_id: int | None = None
    shop_id: int | None = None
    status: ProductSyncStatus = ProductSyncStatus.RUNNING
    pages: int = 0
    fetched: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    failed: int = 0
    failed_items: list[str] = Field(default_factory=list)
    message: str | None = None


class ProductSyncFinish(BaseModel):
    run_id: int
    failure: str | None = None  # the page that failed for good: 'sync failed' (the sync time stays)
    skipped: str | None = None  # why nothing was pulled (the shop unbound or disconnected): the time stays
    tally: ProductSyncTally = Field(default_factory=ProductSyncTally)  # what the pages counted
