"""The order statistics backfill's activities (workflows/order_stats.py): thin adapters over
services/orders/stats.py."""

from __future__ import annotations

from temporalio import activity

from domain.db import transaction
from domain.flows.order_stats import BackfillFinish, BatchRequest
from services.orders import stats


@activity.defn
async def roll_order_stats_batch(batch: BatchRequest) -> int:
    """One batch's hours rolled and the backfill's progress moved, in one transaction; returns the orders rolled."""
    async with transaction() as db:
        return await stats.roll_batch(db, batch.backfill_id, batch.start_at, batch.end_at, batch.done)


@activity.defn
async def finish_order_stats_backfill(finish: BackfillFinish) -> None:
    async with transaction() as db:
        await stats.finish_backfill(db, finish.backfill_id, finish.state, finish.at, finish.error)
