"""The shelf-merge flow's activities (workflows/shelf_merges.py): plan, move one batch, finish.

Each is safe to repeat: the plan inserts the items it does not have yet, a batch moves only PENDING items and
marks each MOVED in the transaction of its movement (whose idempotency key is merge, shelf and SKU), and the
finish is a compare-and-set on the run's attempt.
"""

from __future__ import annotations

from temporalio import activity

from domain.flows import shelf_merges as m
from services.flows import beating
from services.shelf_merges import store
from services.shelf_merges.moves import move_item


@activity.defn
async def plan_shelf_merge(request: m.PlanRequest) -> m.Counts:
    """Every SKU with stock on a source shelf becomes an item (once: a retry or a rerun adds only new ones)."""
    return await store.plan(request.merge_id)


@activity.defn
async def move_shelf_merge_batch(request: m.BatchRequest) -> m.Counts:
    """Move up to `size` PENDING items, one movement and one transaction each. Cancelled (the flow was), it
    stops between two movements; killed, the next attempt finds the moved ones MOVED and goes on."""
    async with beating():
        for item_id in await store.pending(request.merge_id, request.size):
            await move_item(request.merge_id, item_id, request.batch)
            activity.heartbeat(item_id)
    return await store.counts(request.merge_id)


@activity.defn
async def finish_shelf_merge(request: m.FinishRequest) -> m.Progress:
    return await store.finish(request)
