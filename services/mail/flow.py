"""A timed mail's fire as a flow client call: the one place a fire `mail-{taskId}-{fireTime}` is started, whether by
a save, a person ("send again", recover, the history's retry) or the schedule reconciliation. The task's
Schedule starts the others itself (services/mail/schedules.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy

from domain.flows.mail import WORKFLOW, MailFireStart, fire_workflow_id, flow_summary, search_attributes
from domain.settings import get_settings
from services.flows import watched


async def begin_fire(client: Client, task_id: int, fire_time: datetime, signal: str | None = None) -> str:
    """Start the fire `mail-{taskId}-{fireTime}`, or, when it runs, deliver `signal` to it (recover, retry): a
    closed fire with rows left pending runs again over those rows only."""
    workflow_id = fire_workflow_id(task_id, fire_time)
    # Signal-with-start joins a running fire by itself; a plain start needs USE_EXISTING to do the same.
    joining: dict[str, Any] = {"start_signal": signal} if signal else {
        "id_conflict_policy": WorkflowIDConflictPolicy.USE_EXISTING}
    await client.start_workflow(
        WORKFLOW, MailFireStart(task_id=task_id), id=workflow_id, task_queue=get_settings().task_queue,
        search_attributes=search_attributes(task_id), static_summary=flow_summary(task_id), **joining)
    return workflow_id


async def start_fire(client: Client, task_id: int, fire_time: datetime, signal: str | None = None) -> str:
    """`begin_fire`, watched: the API's calls share this process's breaker (services/flows.py)."""
    async with watched():
        return await begin_fire(client, task_id, fire_time, signal)
