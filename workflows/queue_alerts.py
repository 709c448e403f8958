"""One check of every queue alert rule, started by the `queue-alerts` Schedule (services/queue_alerts.py)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.queue_alerts import check_queue_alerts
    from domain.flows.queue_alerts import WORKFLOW, CheckResult
    from workflows.options import RETRY


@workflow.defn(name=WORKFLOW)
class QueueAlertCheckWorkflow:
    @workflow.run
    async def run(self) -> CheckResult:
        return await workflow.execute_activity(check_queue_alerts, start_to_close_timeout=timedelta(minutes=2),
                                               schedule_to_close_timeout=timedelta(minutes=5), retry_policy=RETRY)
