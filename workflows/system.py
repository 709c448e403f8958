"""A round trip through the worker: used by health probes and as the smallest flow to test against."""

from __future__ import annotations

from pydantic import BaseModel
from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.system import EchoInput, echo
    from workflows.options import DEFAULT_ACTIVITY


class EchoRequest(BaseModel):
    text: str


@workflow.defn(name="echo")
class EchoWorkflow:
    @workflow.run
    async def run(self, request: EchoRequest) -> str:
        return await workflow.execute_activity(echo, EchoInput(text=request.text), **DEFAULT_ACTIVITY)
