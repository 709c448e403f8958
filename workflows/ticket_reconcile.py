"""The reconciler of ticket flows as the fixed schedule of earlier releases ran it: starts the flow of any ticket
whose creator died between the insert and the start (docs/decisions/ticket-creation.md). Kept registered for the
histories of those runs; the built-in scheduled task calls the same code now (activities/job_code.py)."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.tickets import reconcile_ticket_flows

PENDING_FOR = 30  # seconds a row may stay marked before the reconciler steps in (creation takes milliseconds)


@workflow.defn(name="ticket-reconcile")
class TicketReconcileWorkflow:
    @workflow.run
    async def run(self) -> int:
        return await workflow.execute_activity(
            reconcile_ticket_flows, PENDING_FOR, start_to_close_timeout=timedelta(minutes=2),
            retry_policy=RetryPolicy(maximum_attempts=3))
