"""The shelf-merge flow's data: its start input, the activities' inputs and outputs, and the progress it answers.

Pure: the workflow, the activities and the API share these models (docs/shelf_merges.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import ShelfMergeState
from domain.rules import shelf_merges as rules

WORKFLOW = "shelf-merge"  # the workflow type's registered name, and its TaskName in the Temporal Web UI
PROGRESS = "progress"  # the query answering the merge's Progress
# A worker that dies mid-batch stops heartbeating; after this long the batch's next attempt goes on from where the
# database says it stopped. Read when a flow starts (services/shelf_merges/flow.py), so a test may shorten it.
HEARTBEAT_SECONDS = 20

# Existing search attributes (domain/search_attributes.py; no Keyword or Int column is left for new ones):
# `TaskName = 'shelf-merge' AND RequestState = 'FAILED'`, `MerchantId = 12`, `WorkflowId STARTS_WITH 'shelf-merge-3-'`.
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")
MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")
REQUEST_STATE = SearchAttributeKey.for_keyword("RequestState")


def attributes(merchant_id: int | None, state: ShelfMergeState) -> TypedSearchAttributes:
    pairs: list[SearchAttributePair[Any]] = [SearchAttributePair(TASK_NAME, WORKFLOW),
                                        SearchAttributePair(REQUEST_STATE, state.value)]
    if merchant_id is not None:
        pairs.append(SearchAttributePair(MERCHANT_ID, merchant_id))
    return TypedSearchAttributes(pairs)


class MergeStart(BaseModel):
    merge_id: int
    warehouse_id: int
    attempt: int = 1  # 1 for the first run, then one more for each retry
    batch_size: int = rules.BATCH_SIZE
    heartbeat_seconds: int = HEARTBEAT_SECONDS
    console_url: str | None = None
    batch: int = 0  # batches already done by the runs this one continues (continue-as-new)


class Progress(BaseModel):
    """What the query answers and the progress bar shows: SKUs moved (and skipped) of the total, the batch."""

    merge_id: int
    state: ShelfMergeState = ShelfMergeState.RUNNING
    total: int = 0
    moved: int = 0
    skipped: int = 0
    batch: int = 0
    error: str | None = None

    @property
    def done(self) -> int:
        return self.moved + self.skipped

    @property
    def percent(self) -> int:
        return rules.percent(self.done, self.total)


class PlanRequest(BaseModel):
    merge_id: int


class BatchRequest(BaseModel):
    merge_id: int
    batch: int
    size: int


class Counts(BaseModel):
    """The merge's counts after a plan or a batch, read from the database, so a retried batch reports the truth."""

    total: int
    moved: int
    skipped: int
    remaining: int


class FinishRequest(BaseModel):
    merge_id: int
    attempt: int
    state: ShelfMergeState
    batch: int
    at: datetime
    error: str | None = None
