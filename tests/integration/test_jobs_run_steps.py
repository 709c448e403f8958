"""The steps of a scheduled task's run (workflows/jobs.py): its record is begun and finished by local activities, and
a short job is one too, so a ping's run is one workflow task and a purge's two workflow tasks and one activity
task; runs recorded before that still replay. On a time-skipping
server of its own (the flow tests' skips would put its clock years ahead of the worker's)."""

from __future__ import annotations

from sqlalchemy import select
from temporalio.api.enums.v1 import EventType

from domain.db import transaction
from domain.enums import JobRecordResult, JobTrigger
from domain.flows.jobs import JobRun
from domain.models.jobs import JobRecord, ScheduledJob
from domain.settings import get_settings
from tests.conftest import own_workers, unique
from tests.integration.replay_support import history_of, replay_all, replay_recorded
from workflows.jobs import JobRunWorkflow

env = own_workers  # fixture: every worker on this module's own time-skipping server



async def new_job(handler: str, method: str, params: dict) -> ScheduledJob:
    async with transaction() as db:
        job = ScheduledJob(name=unique("Steps "), handler=handler, method=method, cron="* * * * *", time_zone="UTC",
                           params=params, emails=[], pause_after_failures=0)
        db.add(job)
        await db.flush()
        return job


async def run_and_count(env, job: ScheduledJob, expected: str) -> tuple[str, list[str], list[str]]:
    """Runs the task once; its workflow id, its history's event kinds and marker names (after a replay)."""
    workflow_id = f"job-{job.id}-{unique()}"
    with env.auto_time_skipping_disabled():  # the record's duration is real time: no skipping meanwhile
        assert await env.client.execute_workflow(
            JobRunWorkflow.run, JobRun(job_id=job.id, trigger=JobTrigger.MANUAL), id=workflow_id,
            task_queue=get_settings().task_queue) == expected
    history = await history_of(env, workflow_id)
    await replay_all({f"job-run-{job.handler}": history}, JobRunWorkflow)
    kinds = [EventType.Name(e.event_type) for e in history.events]
    markers = [e.marker_recorded_event_attributes.marker_name for e in history.events
               if e.event_type == EventType.EVENT_TYPE_MARKER_RECORDED]
    return workflow_id, kinds, markers


async def test_a_short_job_runs_in_one_workflow_task_and_replays(env):
    """The record's two writes and a short job (the catalogue's ping) are local activities of the run's one
    workflow task: no activity task at all, and what the run writes is unchanged."""
    job = await new_job("console", "ping", {"note": "replay"})
    workflow_id, kinds, markers = await run_and_count(env, job, "pong replay")
    assert kinds.count("EVENT_TYPE_WORKFLOW_TASK_COMPLETED") == 1
    assert kinds.count("EVENT_TYPE_ACTIVITY_TASK_SCHEDULED") == 0
    assert markers.count("core_local_activity") == 3
    async with transaction() as db:
        record = await db.scalar(select(JobRecord).where(JobRecord.workflow_id == workflow_id))
    assert record is not None and record.result == JobRecordResult.SUCCEEDED and record.attempt == 1
    assert record.started_at <= (record.finished_at or record.started_at) and record.output == "pong replay"


async def test_a_long_job_is_an_activity_between_two_workflow_tasks(env):
    """A job that may run for minutes (a purge) stays an ordinary activity, heartbeating: two workflow tasks
    (the record begun, then finished, by local activities) and one activity task."""
    job = await new_job("taskRecords", "purge", {"keepDays": 3650})
    _, kinds, markers = await run_and_count(env, job, "0 task records older than 3650 days removed")
    assert kinds.count("EVENT_TYPE_WORKFLOW_TASK_COMPLETED") == 2
    assert kinds.count("EVENT_TYPE_ACTIVITY_TASK_SCHEDULED") == 1
    assert markers.count("core_local_activity") == 2


async def test_runs_begun_before_the_local_steps_replay():
    """Runs recorded when the record was written by ordinary activities still replay (workflow.patched)."""
    await replay_recorded("job-run-", JobRunWorkflow)
