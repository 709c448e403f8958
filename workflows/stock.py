"""One stock reconciliation run, started by the `stock-reconcile` Schedule (activities/stock.py; the contract is
domain/flows/stock.py). The run's key is its workflow id and run id: a retried activity writes one result, and
two runs triggered within the same second (whose workflow ids, the schedule's id and the second, are equal) are
still two runs."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.stock import reconcile_stock
    from domain.flows.stock import WORKFLOW, ReconcileResult
    from workflows.options import RETRY


@workflow.defn(name=WORKFLOW)
class StockReconcileWorkflow:
    @workflow.run
    async def run(self) -> ReconcileResult:
        info = workflow.info()
        return await workflow.execute_activity(
            reconcile_stock, f"{info.workflow_id}/{info.run_id}", start_to_close_timeout=timedelta(minutes=30),
            schedule_to_close_timeout=timedelta(hours=2), retry_policy=RETRY)
