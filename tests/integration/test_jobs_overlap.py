"""One run of a scheduled task at once, kept by the console (docs/decisions/job-overlap-in-console.md), on a
time-skipping server of its own with the API pointed at it: a fire while a run is live is recorded SKIPPED and
runs nothing, run now is refused meanwhile, a PROCESSING record of a run Temporal no longer runs blocks nothing,
and N failures in a row still pause the task. The task's job is a probe of a local endpoint that answers only
when the test opens it, so "a run is live" is a fact of the test, not a race."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select
from temporalio.client import WorkflowFailureError

from domain.db import transaction
from domain.enums import JobPauseReason, JobRecordResult, JobStatus, JobTrigger
from domain.flows.jobs import JobRun
from domain.models.jobs import JobRecord, ScheduledJob
from domain.settings import get_settings
from tests.conftest import own_flows, own_workers, unique
from tests.integration.ticket_support import eventually, free_port
from workflows.jobs import JobRunWorkflow

env = own_workers  # fixture: every worker on this module's own time-skipping server
flows = own_flows  # fixture: and the API's Temporal client pointed at it


class Gate:
    """A local endpoint that holds every request until `open` is set, then answers 200."""

    def __init__(self) -> None:
        self.open, self.port = asyncio.Event(), free_port()

    async def answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        await self.open.wait()
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        await writer.drain()
        writer.close()


async def probe_job(url: str, pause_after: int = 0) -> ScheduledJob:
    async with transaction() as db:
        job = ScheduledJob(name=unique("Gate "), handler="http", method="probe", cron="* * * * *", time_zone="UTC",
                           params={"url": url, "timeoutSeconds": 60}, emails=[], pause_after_failures=pause_after)
        db.add(job)
        await db.flush()
        return job


async def record_of(workflow_id: str) -> JobRecord | None:
    async with transaction() as db:
        return await db.scalar(select(JobRecord).where(JobRecord.workflow_id == workflow_id))


async def result_is(workflow_id: str, result: JobRecordResult) -> JobRecord | None:
    found = await record_of(workflow_id)
    return found if found is not None and found.result == result else None


async def start(env: Any, job: ScheduledJob, name: str, trigger: JobTrigger = JobTrigger.SCHEDULE) -> Any:
    return await env.client.start_workflow(
        JobRunWorkflow.run, JobRun(job_id=job.id, trigger=trigger), id=f"job-{job.id}-{name}",
        task_queue=get_settings().task_queue)


async def gate_open(monkeypatch: Any) -> tuple[Gate, Any]:
    monkeypatch.setattr(get_settings(), "job_probe_allow", "127.0.0.1")  # the gate is local
    gate = Gate()
    return gate, await asyncio.start_server(gate.answer, "127.0.0.1", gate.port)


async def test_a_fire_while_a_run_is_live_is_recorded_skipped_and_run_now_is_refused(flows, client, login_as,
                                                                                     monkeypatch):
    gate, server = await gate_open(monkeypatch)
    job = await probe_job(f"http://127.0.0.1:{gate.port}/")
    headers = await login_as("task-schedule", "job#run")
    try:
        with flows.auto_time_skipping_disabled():  # the probe waits on the wall clock
            first = await start(flows, job, "first", JobTrigger.MANUAL)
            await eventually(lambda: result_is(first.id, JobRecordResult.PROCESSING), timeout=60)

            fire = await start(flows, job, "fire")
            assert (await fire.result()).startswith("skipped")
            skipped = await record_of(fire.id)
            assert skipped is not None and skipped.result == JobRecordResult.SKIPPED
            assert first.id in (skipped.output or "") and skipped.trigger == JobTrigger.SCHEDULE
            assert skipped.finished_at is not None and skipped.duration_ms == 0

            refused = await client.post(f"/cms/job/{job.id}/run", json={}, headers=headers)
            assert refused.status_code == 409 and refused.json()["code"] == "JOB_RUNNING"
            assert first.id in refused.json()["message"]

            gate.open.set()
            await first.result()
            started = await client.post(f"/cms/job/{job.id}/run", json={}, headers=headers)
            assert started.status_code == 200, started.text
            await flows.client.get_workflow_handle(started.json()["data"]["workflowId"]).result()
    finally:
        server.close()
    async with transaction() as db:
        results = (await db.scalars(select(JobRecord.result).where(JobRecord.job_id == job.id)
                                    .order_by(JobRecord.id))).all()
        saved = await db.get(ScheduledJob, job.id)
    assert results == [JobRecordResult.SUCCEEDED, JobRecordResult.SKIPPED, JobRecordResult.SUCCEEDED]
    assert saved is not None and saved.consecutive_failures == 0  # a skipped fire is no failure


async def test_a_processing_record_of_a_run_that_is_gone_blocks_nothing(flows, monkeypatch):
    gate, server = await gate_open(monkeypatch)
    job = await probe_job(f"http://127.0.0.1:{gate.port}/")
    async with transaction() as db:  # a record whose run Temporal never had (its database was lost)
        db.add(JobRecord(job_id=job.id, job_name=job.name, workflow_id=f"job-{job.id}-lost", run_id=unique(),
                         trigger=JobTrigger.SCHEDULE, params={}, nominal_at=job.created_at,
                         started_at=job.created_at, result=JobRecordResult.PROCESSING))
    try:
        with flows.auto_time_skipping_disabled():
            terminated = await start(flows, job, "terminated")
            await eventually(lambda: result_is(terminated.id, JobRecordResult.PROCESSING), timeout=60)
            await terminated.terminate(reason="stuck")
            after = await start(flows, job, "after")
            await eventually(lambda: result_is(after.id, JobRecordResult.PROCESSING), timeout=60)
            gate.open.set()  # the terminated run's own job may end now too: its record, closed, stays so
            assert "answered 200" in await after.result()
    finally:
        server.close()
    gone = await record_of(terminated.id)
    lost = await record_of(f"job-{job.id}-lost")
    ran = await record_of(after.id)
    assert gone is not None and gone.result == JobRecordResult.FAILED and "TERMINATED" in (gone.error or "")
    assert lost is not None and lost.result == JobRecordResult.FAILED and "NOT_FOUND" in (lost.error or "")
    assert ran is not None and ran.result == JobRecordResult.SUCCEEDED
    async with transaction() as db:
        saved = await db.get(ScheduledJob, job.id)
    assert saved is not None and saved.consecutive_failures == 0  # a run that is gone is no failure of the job


async def test_n_failures_in_a_row_still_pause_the_task(flows, monkeypatch):
    monkeypatch.setattr(get_settings(), "job_probe_allow", "127.0.0.1")
    job = await probe_job(f"http://127.0.0.1:{free_port()}/", pause_after=2)  # nothing listens: each run fails
    with flows.auto_time_skipping_disabled():
        for name in ("one", "two"):
            handle = await start(flows, job, name)
            with pytest.raises(WorkflowFailureError):
                await handle.result()
    async with transaction() as db:
        saved = await db.get(ScheduledJob, job.id)
        results = (await db.scalars(select(JobRecord.result).where(JobRecord.job_id == job.id))).all()
    assert results == [JobRecordResult.FAILED, JobRecordResult.FAILED]
    assert saved is not None and (saved.status, saved.paused_reason, saved.consecutive_failures) == (
        JobStatus.PAUSED, JobPauseReason.FAILURES, 2)
