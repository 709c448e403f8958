"""The sync stock flow's activities (workflows/stock_sync.py): thin adapters over services/stock_sync.py, which
plans, writes and attempts the pushes of a batch and counts the event's totals."""

from __future__ import annotations

from temporalio import activity

from domain.flows.stock_sync import PushBatch, PushedBatch, SyncFinish
from services import stock_sync


@activity.defn
async def push_stock_batch(batch: PushBatch) -> PushedBatch:
    """The next batch of SKUs, planned, written and attempted (a retried batch writes nothing twice)."""
    return await stock_sync.push_batch(batch)


@activity.defn
async def finish_stock_sync(finish: SyncFinish) -> None:
    """The event's result and its totals (a retry writes the same)."""
    await stock_sync.finish(finish)
