"""The run and incident flows of scheduled tasks on the time-skipping test server (workflows/jobs.py): a failing
run writes its record and opens the incident, which mails the task's people once and reminds them every hour
while it keeps failing (an hour passes in milliseconds); a passing run closes it with one "recovered" mail."""

from __future__ import annotations

import email
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from temporalio.client import WorkflowFailureError

from domain.db import transaction
from domain.enums import JobAlarm, JobRecordResult, JobTrigger
from domain.flows.jobs import JobRun, incident_workflow_id
from domain.models.jobs import JobAlarmMail, JobRecord, ScheduledJob
from domain.settings import get_settings
from tests.conftest import own_workers, unique
from tests.integration import ticket_support
from tests.integration.ticket_support import eventually, free_port
from workflows.jobs import JobRunWorkflow

mail_sink = ticket_support.mail_sink  # fixture


env = own_workers  # fixture: every worker on this module's own test server


async def new_job(address: str) -> ScheduledJob:
    closed = f"http://127.0.0.1:{free_port()}/"  # nothing listens: every probe fails at once
    async with transaction() as db:
        job = ScheduledJob(name=unique("Probe "), handler="http", method="probe", cron="0 * * * *", time_zone="UTC",
                           params={"url": closed, "timeoutSeconds": 2}, emails=[address], pause_after_failures=0)
        db.add(job)
        await db.flush()
        return job


async def run(env: Any, job: ScheduledJob, name: str, params: dict[str, Any] | None = None) -> Any:
    return await env.client.execute_workflow(
        JobRunWorkflow.run, JobRun(job_id=job.id, trigger=JobTrigger.MANUAL, params=params),
        id=f"job-{job.id}-{name}", task_queue=get_settings().task_queue)


def subjects(mails: list[str], address: str) -> list[str]:
    found = [email.message_from_string(m) for m in mails]
    return [str(m["Subject"]) for m in found if address in m.get("X-Envelope-To", m.get("To", ""))]


async def test_a_failing_task_mails_once_reminds_hourly_and_mails_recovered_once(env, mail_sink, monkeypatch):
    monkeypatch.setattr(get_settings(), "job_probe_allow", "127.0.0.1")  # the probe's closed port is local
    address = f"{unique('oncall')}@example.com"
    job = await new_job(address)
    # Waiting on a run's result lets the test server skip to the incident's next reminder whenever everything
    # is idle for a moment (a busy machine makes such moments): time moves only by `env.sleep` here.
    with env.auto_time_skipping_disabled():
        with pytest.raises(WorkflowFailureError):
            await run(env, job, "first")
        with pytest.raises(WorkflowFailureError):
            await run(env, job, "second")  # a second failure: no second first-failure mail
    failing = await eventually(lambda: _subjects_when(mail_sink, address, 1))
    assert failing[0].endswith("failed")

    await env.sleep(timedelta(hours=2, minutes=5))  # two reminders while it keeps failing
    reminders = await eventually(lambda: _subjects_when(mail_sink, address, 3))
    assert [s.endswith("still failing") for s in reminders] == [False, True, True]

    async with transaction() as db:
        saved = await db.get(ScheduledJob, job.id)
        assert saved is not None and (saved.consecutive_failures, saved.alarm) == (2, JobAlarm.FAILING)
        saved.handler, saved.method, saved.params = "console", "ping", {}
    with env.auto_time_skipping_disabled():
        await run(env, job, "fourth")
        incident = env.client.get_workflow_handle(incident_workflow_id(job.id))
        assert await incident.result() == 2
    done = await eventually(lambda: _subjects_when(mail_sink, address, 4))
    assert done[-1].endswith("recovered") and len(subjects(mail_sink(), address)) == 4

    async with transaction() as db:
        records = (await db.scalars(select(JobRecord).where(JobRecord.job_id == job.id)
                                    .order_by(JobRecord.id))).all()
        kinds = (await db.scalars(select(JobAlarmMail.kind).where(JobAlarmMail.job_id == job.id)
                                  .order_by(JobAlarmMail.id))).all()
        saved = await db.get(ScheduledJob, job.id)
    assert [r.result for r in records] == [JobRecordResult.FAILED, JobRecordResult.FAILED, JobRecordResult.SUCCEEDED]
    assert "Connect" in (records[0].error or "") or "connect" in (records[0].error or "").lower()
    assert kinds == ["FAILING", "REMINDER", "REMINDER", "RECOVERED"]
    assert saved is not None and (saved.consecutive_failures, saved.alarm) == (0, JobAlarm.OK)


async def _subjects_when(sink: Any, address: str, count: int) -> list[str] | None:
    found = subjects(sink(), address)
    return found if len(found) >= count else None


async def test_a_run_of_a_deleted_task_writes_nothing(env):
    result = await env.client.execute_workflow(
        JobRunWorkflow.run, JobRun(job_id=987654321), id=f"job-987654321-{unique()}",
        task_queue=get_settings().task_queue)
    assert result == "task deleted"
