"""Each scheduled task is one Temporal Schedule, `job-{id}`, built from the task's row: its cron in its zone,
its misfire policy, paused with the note of who paused it and why. The API puts it after every save; a task that
pauses itself after failures pauses it too; the worker puts every task's at its start."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleBackfill,
    ScheduleDescription,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleState,
)
from temporalio.service import RPCError, RPCStatusCode

from domain.db import transaction
from domain.enums import JobMisfire, JobStatus
from domain.flows import jobs as m
from domain.models.jobs import ScheduledJob
from domain.settings import get_settings
from services import schedules

# Plain misfire names (docs/jobs.md) as Temporal's catch-up window and overlap policy: a fire missed while the
# console was down is dropped, run once when it is back, or every missed one is run in turn (within a day).
# SKIP_MISSED, the default, lets every fire start (ALLOW_ALL): the console refuses a fire while a run of the task is
# live and records it SKIPPED (services/jobs/overlap.py), so the scheduler does not watch each run to its close,
# which cost more than the run itself. Catching up after an outage is the scheduler's own buffer for the other two
# (docs/decisions/job-overlap-in-console.md).
MISFIRE = {
    JobMisfire.SKIP_MISSED: (timedelta(minutes=1), ScheduleOverlapPolicy.ALLOW_ALL),
    JobMisfire.FIRE_ONCE_NOW: (timedelta(days=1), ScheduleOverlapPolicy.SKIP),
    JobMisfire.FIRE_ALL_MISSED: (timedelta(days=1), ScheduleOverlapPolicy.BUFFER_ALL),
}
# The schedules that ran the reconcilers before they became scheduled tasks (domain/seed/jobs.py).
RETIRED = ("ticket-reconciler", "notice-reconciler")


def run_action(job: ScheduledJob) -> ScheduleActionStartWorkflow:
    return ScheduleActionStartWorkflow(
        m.WORKFLOW, m.JobRun(job_id=job.id), id=m.run_workflow_prefix(job.id), task_queue=get_settings().task_queue,
        typed_search_attributes=m.task_name(job.name),
        static_summary=f"Scheduled: {job.name} ({job.handler}.{job.method})"[:200])


def schedule_of(job: ScheduledJob) -> Schedule:
    catch_up, overlap = MISFIRE[job.misfire]
    return Schedule(
        action=run_action(job),
        spec=ScheduleSpec(cron_expressions=[job.cron], time_zone_name=job.time_zone),
        policy=SchedulePolicy(overlap=overlap, catchup_window=catch_up),
        state=ScheduleState(paused=job.status == JobStatus.PAUSED, note=job.pause_note or ""))


async def put_schedule(client: Client, job: ScheduledJob) -> None:
    """Create the task's schedule, or bring an existing one to the task as saved."""
    await schedules.put(client, m.schedule_id(job.id), schedule_of(job))


async def pause_schedule(client: Client, job_id: int, note: str) -> None:
    await schedules.pause(client, m.schedule_id(job_id), note)


async def drop_schedule(client: Client, job_id: int) -> None:
    await schedules.drop(client, m.schedule_id(job_id))


async def describe_schedule(client: Client, job_id: int) -> ScheduleDescription | None:
    try:
        return await client.get_schedule_handle(m.schedule_id(job_id)).describe()
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
        return None


async def backfill(client: Client, job_id: int, start: datetime, end: datetime) -> None:
    """Run the fires the cron had between start and end, as if they were on time (overlap: one after another)."""
    await client.get_schedule_handle(m.schedule_id(job_id)).backfill(
        ScheduleBackfill(start_at=start, end_at=end, overlap=ScheduleOverlapPolicy.BUFFER_ALL))


async def ensure_job_schedules(client: Client) -> int:
    """At the worker's start: every task has its schedule as its row says, and the schedules that ran the
    reconcilers before they were tasks are gone. Returns how many it put."""
    async with transaction() as db:
        found = (await db.scalars(select(ScheduledJob))).all()
    for job in found:
        await put_schedule(client, job)
    for retired in RETIRED:
        await schedules.drop(client, retired)
    return len(found)


async def follow_pause(client: Client, job_id: int, paused: bool, note: str) -> None:
    """A pause or resume saved by a user: the schedule paused or unpaused with `note` (who and why). Unlike
    `pause_schedule`, a failure reaches the caller, whose save then says Temporal did not follow."""
    handle = client.get_schedule_handle(m.schedule_id(job_id))
    await (handle.pause(note=note) if paused else handle.unpause(note=note))
