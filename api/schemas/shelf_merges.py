"""Shelf merges on the wire (docs/shelf_merges.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AwareDatetime, Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Range, SearchParams
from api.schemas.types import BigRowId
from domain.enums import ShelfMergeItemState, ShelfMergeState
from domain.rules import shelf_merges as rules


class ShelfMergeBody(CamelModel):
    """Start a merge: every SKU on the source shelves moves onto the target shelf, all in one warehouse."""

    warehouse_id: BigRowId
    source_shelf_ids: Annotated[list[BigRowId], Field(min_length=1, max_length=rules.MAX_SOURCES * 2)]
    target_shelf_id: BigRowId


class ShelfMergePublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str = ""
    source_shelf_ids: list[int]
    source_shelf_codes: list[str] = []
    target_shelf_id: int
    target_shelf_code: str = ""
    state: ShelfMergeState
    total: int
    moved: int
    skipped: int
    batches: int
    attempt: int
    error: str | None
    created_by: int | None
    created_by_name: str | None = None
    created_at: datetime
    started_at: datetime | None
    retried_at: datetime | None = None  # the current run's start, when it is a retry
    finished_at: datetime | None
    cancel_requested_at: datetime | None


class ShelfMergeFilters(SearchParams):
    id: Annotated[int | None, Eq()] = None
    warehouse_id: Annotated[int | None, Eq()] = None
    state: Annotated[list[ShelfMergeState] | None, In()] = None
    created_at: Annotated[list[AwareDatetime] | None, Range()] = None


class MergeProgress(CamelModel):
    """The progress bar: from the running flow's `progress` query (live), else from the database."""

    total: int
    moved: int
    skipped: int
    batch: int
    percent: int
    live: bool


class MergeThroughput(CamelModel):
    """A measured rate: `run` is this merge's current run so far, `recent` the warehouse's last completed merges."""

    items_per_minute: float
    items: int
    seconds: float
    basis: Literal["run", "recent"]


class MergeEstimate(CamelModel):
    """The time a running merge still needs at a measured rate (never a fixed guess)."""

    remaining_seconds: int
    rate: MergeThroughput


class ShelfMergeView(ShelfMergePublic):
    workflow_id: str
    workflow_url: str | None  # the flow in the Temporal Web UI, for holders of temporal#operate
    progress: MergeProgress
    rate: MergeThroughput | None  # the current run's, once it has moved anything
    estimate: MergeEstimate | None  # a running merge's time left, when a rate has been measured
    can_cancel: bool
    can_retry: bool


class ShelfMergeItemPublic(CamelModel):
    id: int
    merge_id: int
    shelf_id: int
    shelf_code: str = ""
    sku: str
    planned: int
    quantity: int | None
    state: ShelfMergeItemState
    batch: int | None
    moved_at: datetime | None


class ShelfMergeItemFilters(SearchParams):
    merge_id: Annotated[int, Eq()]
    state: Annotated[list[ShelfMergeItemState] | None, In()] = None
    sku: Annotated[str | None, Eq()] = None


class MergeWarehouse(CamelModel):
    id: int
    code: str
    name: str


class MergeShelf(CamelModel):
    """A shelf the dialog offers, with what is on it now (SKUs with stock and their quantity)."""

    id: int
    code: str
    name: str | None
    enabled: bool
    skus: int
    quantity: int


def throughput_of(rate: rules.Throughput | None) -> MergeThroughput | None:
    if rate is None:
        return None
    return MergeThroughput(items_per_minute=rate.per_minute, items=rate.items, seconds=round(rate.seconds, 1),
                           basis=rate.basis)
