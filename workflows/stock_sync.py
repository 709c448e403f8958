"""Sync stock (SPEC §5): one flow per request, `stock-sync-{eventId}`. It walks the SKUs stocked in the warehouses
bound to the store, in batches, and writes what each would push (SPEC §4 switches, SPEC §8 causes) as push
history; then it writes the event's result. Each batch is one transaction keyed by (event, sku), so a worker
killed mid-batch, or a retried activity, writes every sku once."""

from __future__ import annotations

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from activities.stock_sync import finish_stock_sync, push_stock_batch
    from domain.enums import JobResult
    from domain.flows.stock_sync import STATUS, WORKFLOW, PushBatch, StockSyncStart, SyncFinish, SyncProgress
    from workflows.jobs import failure_text
    from workflows.options import DEFAULT_ACTIVITY


@workflow.defn(name=WORKFLOW)
class StockSyncWorkflow:
    def __init__(self) -> None:
        self.progress = SyncProgress()

    @workflow.run
    async def run(self, start: StockSyncStart) -> SyncProgress:
        try:
            while True:
                batch = await workflow.execute_activity(push_stock_batch, PushBatch(
                    event_id=start.event_id, requested_at=start.requested_at, pushed_at=workflow.now(),
                    after_sku=self.progress.last_sku), **DEFAULT_ACTIVITY)
                self.progress.skus += batch.written
                self.progress.batches += 1
                if batch.last_sku is None:
                    break
                self.progress.last_sku = batch.last_sku
        except ActivityError as exc:
            await workflow.execute_activity(finish_stock_sync, SyncFinish(
                event_id=start.event_id, result=JobResult.FAILED, message=failure_text(exc)[:500]),
                **DEFAULT_ACTIVITY)
            raise
        await workflow.execute_activity(finish_stock_sync, SyncFinish(
            event_id=start.event_id, result=JobResult.SUCCEEDED), **DEFAULT_ACTIVITY)
        self.progress.done = True
        return self.progress

    @workflow.query(name=STATUS)
    def status(self) -> SyncProgress:
        return self.progress
