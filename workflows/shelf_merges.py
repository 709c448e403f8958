"""The shelf-merge flow `shelf-merge-{warehouse}-{id}` (docs/shelf_merges.md).

It plans the merge (every SKU with stock on the source shelves), then moves them in batches, one `move_shelf`
movement a SKU through the stock ledger, each under an idempotency key of merge, shelf and SKU, so a batch that is
retried after a worker died moves nothing twice. The `progress` query answers moved / total and the batch. A
cancel (from the console or the Temporal Web UI) stops between two movements: what moved stays moved. A retry of a
cancelled or failed merge is a new run under the same id that plans again and continues with what is left.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, CancelledError
from temporalio.workflow import ActivityCancellationType

with workflow.unsafe.imports_passed_through():
    from activities.shelf_merges import finish_shelf_merge, move_shelf_merge_batch, plan_shelf_merge
    from domain.enums import ShelfMergeState
    from domain.flows import shelf_merges as m
    from workflows.options import DEFAULT_ACTIVITY

S = ShelfMergeState
# A batch that keeps failing (the database away, a movement refused) ends the merge FAILED after a few minutes of
# back-off; a retry from the console continues it. A refusal (SHELF_MERGE_...) fails it at once.
BATCH_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                          maximum_interval=timedelta(seconds=30), maximum_attempts=8,
                          non_retryable_error_types=["DATA_REFUSED", "SHELF_MERGE_REFUSED"])


@workflow.defn(name=m.WORKFLOW, sandboxed=False)  # kept pure by tests/unit/test_shelf_merges_workflow_purity.py
class ShelfMergeWorkflow:
    @workflow.init
    def __init__(self, start: m.MergeStart) -> None:
        self.progress = m.Progress(merge_id=start.merge_id, batch=start.batch)
        self.remaining = 0

    @workflow.run
    async def run(self, start: m.MergeStart) -> m.Progress:
        if start.console_url:
            link = f"{start.console_url}/warehouse-setting/location-management/shelf-merge/{start.merge_id}"
            workflow.set_current_details(f"[Shelf merge #{start.merge_id}]({link})")  # the way back to the console
        state, error = S.COMPLETED, None
        try:
            self.take(await workflow.execute_activity(plan_shelf_merge, m.PlanRequest(merge_id=start.merge_id),
                                                      **DEFAULT_ACTIVITY))
            while self.remaining > 0:
                if workflow.info().is_continue_as_new_suggested():
                    workflow.continue_as_new(start.model_copy(update={"batch": self.progress.batch}))
                await self.move_batch(start)
        except asyncio.CancelledError:
            state = S.CANCELLED
        except ActivityError as exc:
            if isinstance(exc.cause, CancelledError):
                state = S.CANCELLED
            else:
                state, error = S.FAILED, str(exc.cause or exc)[:2000]
        workflow.upsert_search_attributes([m.REQUEST_STATE.value_set(state.value)])
        self.progress = await workflow.execute_activity(
            finish_shelf_merge, m.FinishRequest(merge_id=start.merge_id, attempt=start.attempt, state=state,
                                                batch=self.progress.batch, at=workflow.now(), error=error),
            **DEFAULT_ACTIVITY)
        return self.progress

    async def move_batch(self, start: m.MergeStart) -> None:
        self.progress.batch += 1
        request = m.BatchRequest(merge_id=start.merge_id, batch=self.progress.batch, size=start.batch_size)
        self.take(await workflow.execute_activity(
            move_shelf_merge_batch, request, heartbeat_timeout=timedelta(seconds=start.heartbeat_seconds),
            start_to_close_timeout=timedelta(minutes=10), retry_policy=BATCH_RETRY,
            cancellation_type=ActivityCancellationType.WAIT_CANCELLATION_COMPLETED))

    def take(self, counts: m.Counts) -> None:
        self.progress.total, self.progress.moved, self.progress.skipped = counts.total, counts.moved, counts.skipped
        self.remaining = counts.remaining

    @workflow.query(name=m.PROGRESS)
    def view(self) -> m.Progress:
        return self.progress
