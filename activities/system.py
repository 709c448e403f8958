"""The echo flow's activity (workflows/system.py): the text back."""

from __future__ import annotations

from temporalio import activity

from domain.flows.system import EchoInput


@activity.defn
async def echo(request: EchoInput) -> str:
    return request.text
