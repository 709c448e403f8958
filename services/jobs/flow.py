"""The scheduled task flows as client calls: a run started now by a user (`job-{id}-run-{time}`, beside the
Schedule's own fires), and the incident flow of a failing task (started with its first failure, told of the
recovery)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from temporalio.client import Client
from temporalio.common import WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from domain.enums import JobAlarm, JobTrigger
from domain.errors import DomainError
from domain.flows import jobs as m
from domain.models.jobs import JobRecord, ScheduledJob
from domain.rules import jobs as rules
from domain.settings import get_settings
from services.flows import watched

log = logging.getLogger("omp.jobs")


async def start_run(client: Client, row: ScheduledJob, params: dict[str, Any] | None) -> str:
    """Run now: a run of the task outside its schedule, with `params` overriding the task's for this run only.
    Returns its workflow id."""
    workflow_id = m.manual_workflow_id(row.id, datetime.now(UTC))
    async with watched():
        await client.start_workflow(
            m.WORKFLOW, m.JobRun(job_id=row.id, trigger=JobTrigger.MANUAL, params=params), id=workflow_id,
            task_queue=get_settings().task_queue, search_attributes=m.task_name(row.name),
            static_summary=f"Run now: {row.name} ({row.handler}.{row.method})"[:200])
    return workflow_id


async def start_retry(client: Client, row: ScheduledJob, record: JobRecord) -> str:
    """A new run of the task with the failed record's parameters, its record linked to the failed one. Its
    workflow id is the failed record's, refused once used: a second retry of the same record is a 409."""
    workflow_id = m.retry_workflow_id(row.id, record.id)
    try:
        async with watched():
            await client.start_workflow(
                m.WORKFLOW, m.JobRun(job_id=row.id, trigger=JobTrigger.MANUAL, params=dict(record.params),
                                     retry_of=record.id),
                id=workflow_id, id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
                task_queue=get_settings().task_queue, search_attributes=m.task_name(row.name),
                static_summary=f"Retry of record #{record.id}: {row.name} ({row.handler}.{row.method})"[:200])
    except WorkflowAlreadyStartedError as exc:
        raise DomainError("JOB_RECORD_RETRIED", status=409, id=record.id, run=workflow_id) from exc
    return workflow_id


async def tell_incident(client: Client, job_id: int, found: rules.Verdict, error: str | None) -> None:
    """A failing task's incident flow hears of the failure (signal-with-start: the first failure starts it); a
    task that recovered ends its incident."""
    workflow_id = m.incident_workflow_id(job_id)
    if found.alarm == JobAlarm.FAILING:
        remind = get_settings().job_remind_minutes * 60
        await client.start_workflow(
            m.INCIDENT_WORKFLOW, m.IncidentStart(job_id=job_id, remind_every_seconds=remind), id=workflow_id,
            task_queue=get_settings().task_queue, start_signal=m.FAILED,
            start_signal_args=[m.JobFailure(failures=found.failures, error=error)],
            static_summary=f"Scheduled task #{job_id} is failing")
    elif found.closed:
        try:
            await client.get_workflow_handle(workflow_id).signal(m.RECOVERED)
        except RPCError as exc:  # no incident runs (its history was lost): nobody is waiting for the news
            log.warning("incident of task %s not told of the recovery: %s", job_id, exc)
