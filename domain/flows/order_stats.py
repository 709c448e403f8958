"""The order statistics backfill flow's data (workflows/order_stats.py): its start, a batch, the progress it
answers. Pure: the workflow, the activities and the API share these models."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import OrderStatsBackfillState

WORKFLOW = "order-stats-backfill"  # the workflow type's name, and its TaskName in the Temporal Web UI
WORKFLOW_PREFIX = "order-stats-backfill"  # + "-{backfill id}"
PROGRESS = "progress"
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")  # `TaskName = 'order-stats-backfill'` in the Web UI


def attributes() -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(TASK_NAME, WORKFLOW)])


class BackfillStart(BaseModel):
    backfill_id: int
    start_at: datetime  # whole UTC hours, [start_at, end_at)
    end_at: datetime
    batch_hours: int = 24  # hours a batch rolls (domain/rules/order_stats.py BATCH_HOURS)


class BatchRequest(BaseModel):
    backfill_id: int
    start_at: datetime
    end_at: datetime
    done: int  # hours done once this batch is rolled


class BackfillFinish(BaseModel):
    backfill_id: int
    state: OrderStatsBackfillState
    at: datetime
    error: str | None = None


class Progress(BaseModel):
    backfill_id: int
    state: OrderStatsBackfillState = OrderStatsBackfillState.RUNNING
    hours: int = 0
    done: int = 0
    orders: int = 0  # orders rolled so far
