"""One stock reconciliation run, started by the `stock-reconcile` Schedule (activities/stock.py): its workflow
id (the schedule's id and the scheduled time) is the run's key, so a retried activity writes one result."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.stock import ReconcileResult, reconcile_stock
    from workflows.options import RETRY


@workflow.defn(name="stock-reconcile")
class StockReconcileWorkflow:
    @workflow.run
    async def run(self) -> ReconcileResult:
        return await workflow.execute_activity(
            reconcile_stock, workflow.info().workflow_id, start_to_close_timeout=timedelta(minutes=30),
            schedule_to_close_timeout=timedelta(hours=2), retry_policy=RETRY)
