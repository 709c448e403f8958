"""The order statistics backfill `order-stats-backfill-{id}`: the hours of a date range rolled in batches (a day of
hours each, services/orders/stats.py roll), each batch with its progress row in one transaction, so a retried
batch rolls the same hours again and the progress never runs ahead of the buckets. The `progress` query answers
hours done of the total; the console polls the progress row, which outlives the flow."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from activities.order_stats import finish_order_stats_backfill, roll_order_stats_batch
    from domain.enums import OrderStatsBackfillState
    from domain.flows import order_stats as m
    from domain.rules import order_stats as rules
    from workflows.options import DEFAULT_ACTIVITY, RETRY

BATCH: dict[str, Any] = {"start_to_close_timeout": timedelta(minutes=5),
                         "schedule_to_close_timeout": timedelta(minutes=30), "retry_policy": RETRY}


@workflow.defn(name=m.WORKFLOW)
class OrderStatsBackfillWorkflow:
    @workflow.init
    def __init__(self, start: m.BackfillStart) -> None:
        hours = int((start.end_at - start.start_at) / rules.HOUR)
        self.progress = m.Progress(backfill_id=start.backfill_id, hours=hours)

    @workflow.run
    async def run(self, start: m.BackfillStart) -> m.Progress:
        state, error = OrderStatsBackfillState.COMPLETED, None
        try:
            for lo, hi in rules.batches(start.start_at, start.end_at, start.batch_hours):
                done = self.progress.done + int((hi - lo) / rules.HOUR)
                self.progress.orders += await workflow.execute_activity(
                    roll_order_stats_batch, m.BatchRequest(backfill_id=start.backfill_id, start_at=lo, end_at=hi,
                                                           done=done), **BATCH)
                self.progress.done = done
        except ActivityError as exc:
            state, error = OrderStatsBackfillState.FAILED, str(exc.cause or exc)[:2000]
        self.progress.state = state
        await workflow.execute_activity(
            finish_order_stats_backfill, m.BackfillFinish(backfill_id=start.backfill_id, state=state,
                                                          at=workflow.now(), error=error), **DEFAULT_ACTIVITY)
        return self.progress

    @workflow.query(name=m.PROGRESS)
    def view(self) -> m.Progress:
        return self.progress
