"""A round trip through the worker: used by health probes and as the smallest flow to test against."""

from __future__ import annotations

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.system import echo
    from domain.flows.system import WORKFLOW, EchoInput, EchoRequest
    from workflows.options import DEFAULT_ACTIVITY


@workflow.defn(name=WORKFLOW)
class EchoWorkflow:
    @workflow.run
    async def run(self, request: EchoRequest) -> str:
        return await workflow.execute_activity(echo, EchoInput(text=request.text), **DEFAULT_ACTIVITY)
