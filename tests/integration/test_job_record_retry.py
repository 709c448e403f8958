"""A failed task record is retried from the console: a new run of its task with the record's parameters, whose
record names the failed one; a record is retried once, and only a failed one (SPEC §4 task result)."""

from __future__ import annotations

import asyncio

from domain.enums import JobRecordResult
from domain.settings import get_settings
from tests.integration import ticket_support
from tests.integration.test_jobs_api import EVERYTHING, Probe, finished, form

mail_sink = ticket_support.mail_sink  # fixture
flows = ticket_support.flows  # fixture
RETRY = (*EVERYTHING, "job-record#retry")


async def test_a_failed_record_is_retried_once_with_its_parameters_and_linked(client, login_as, flows,
                                                                               monkeypatch):
    monkeypatch.setattr(get_settings(), "job_probe_allow", "127.0.0.0/8")  # the probed endpoint is local
    probe = Probe()
    server = await asyncio.start_server(probe.answer, "127.0.0.1", probe.port)
    headers = await login_as(*RETRY)
    job = (await client.post("/cms/job/add", json=form(
        handler="http", method="probe", params={"url": "https://example.com/"}), headers=headers)).json()["data"]
    try:
        # the failed run had an override: the retry runs with the record's parameters, not the task's
        override = {"url": probe.url, "timeoutSeconds": 5}
        await client.post(f"/cms/job/{job['id']}/run", json={"params": override}, headers=headers)
        [failed] = await finished(job["id"], 1)
        assert failed.result == JobRecordResult.FAILED

        refused = await client.post(f"/cms/job-record/{failed.id}/retry", headers=await login_as(*EVERYTHING))
        assert refused.status_code == 403  # the button's own permission

        probe.status = 200
        started = await client.post(f"/cms/job-record/{failed.id}/retry", headers=headers)
        assert started.status_code == 200, started.text
        rows = await finished(job["id"], 2)
        retried = rows[-1]
        assert retried.workflow_id == started.json()["data"]["workflowId"]
        assert (retried.result, retried.retry_of, retried.params) == (JobRecordResult.SUCCEEDED, failed.id,
                                                                      failed.params)
        listed = (await client.post("/cms/job-record/search", json={"jobId": job["id"]}, headers=headers)
                  ).json()["data"]["items"]
        by_id = {row["id"]: row for row in listed}
        assert by_id[failed.id]["retriedBy"] == retried.id and by_id[retried.id]["retryOf"] == failed.id

        again = await client.post(f"/cms/job-record/{failed.id}/retry",
                                  headers={**headers, "Accept-Language": "zh-CN"})
        assert again.status_code == 409 and again.json()["code"] == "JOB_RECORD_RETRIED"
        assert f"#{failed.id}" in again.json()["message"] and "已重试过" in again.json()["message"]
        succeeded = await client.post(f"/cms/job-record/{retried.id}/retry", headers=headers)
        assert succeeded.status_code == 409 and succeeded.json()["code"] == "JOB_RECORD_NOT_FAILED"
        assert "Succeeded" in succeeded.json()["message"]
    finally:
        server.close()


async def test_a_run_of_a_built_in_task_names_its_job_and_a_plain_task_keeps_its_name(client, login_as, flows):
    """A built-in task is named by its job's English label; its runs carry the job (`jobKey`) so the web names them
    in the reader's language. A plain task's runs keep the name its operators gave it."""
    from datetime import UTC, datetime

    from sqlalchemy import select

    from domain.db import transaction
    from domain.models.jobs import JobRecord, ScheduledJob

    headers = await login_as(*EVERYTHING)
    plain = (await client.post("/cms/job/add", json=form(), headers=headers)).json()["data"]
    now = datetime.now(UTC)
    async with transaction() as db:
        builtin = (await db.execute(select(ScheduledJob.id, ScheduledJob.name).where(
            ScheduledJob.builtin, ScheduledJob.handler == "plans"))).one()
        for job_id, name in ((builtin.id, builtin.name), (plain["id"], plain["name"])):
            db.add(JobRecord(job_id=job_id, job_name=name, workflow_id=f"record-name-{job_id}-{now.timestamp()}",
                             run_id="r", trigger="SCHEDULE", params={}, nominal_at=now, started_at=now))
    for job_id, key in ((builtin.id, "plans.expireSweep"), (plain["id"], None)):
        [row] = (await client.post("/cms/job-record/search", json={"jobId": job_id}, headers=headers)
                 ).json()["data"]["items"][:1]
        assert row["jobKey"] == key, row


async def test_a_renamed_built_in_task_shows_its_new_name_everywhere(client, login_as):
    """A built-in task an operator renamed is named as they named it, in its list and in the runs made under the new
    name; the runs made under its built-in name still name its job."""
    from datetime import UTC, datetime

    from sqlalchemy import select, update

    from domain.db import transaction
    from domain.models.jobs import JobRecord, ScheduledJob

    headers = await login_as(*EVERYTHING)
    now = datetime.now(UTC)
    async with transaction() as db:
        builtin = (await db.execute(select(ScheduledJob.id, ScheduledJob.name).where(
            ScheduledJob.builtin, ScheduledJob.handler == "deployReviews"))).one()
    renamed = f"Review sweeper {now.timestamp()}"

    async def runs_and_task() -> tuple[dict[str, str | None], dict | None]:
        runs = (await client.post("/cms/job-record/search", json={"jobId": builtin.id}, headers=headers)
                ).json()["data"]["items"]
        tasks = (await client.post("/cms/job/search", json={"name": renamed[:14]}, headers=headers)
                 ).json()["data"]["items"]
        task = next((row for row in tasks if row["id"] == builtin.id), None)
        return {row["jobName"]: row["jobKey"] for row in runs}, task

    try:
        async with transaction() as db:
            db.add(JobRecord(job_id=builtin.id, job_name=builtin.name, workflow_id=f"before-rename-{now.timestamp()}",
                             run_id="r", trigger="SCHEDULE", params={}, nominal_at=now, started_at=now))
            await db.execute(update(ScheduledJob).where(ScheduledJob.id == builtin.id).values(name=renamed))
            db.add(JobRecord(job_id=builtin.id, job_name=renamed, workflow_id=f"after-rename-{now.timestamp()}",
                             run_id="r", trigger="SCHEDULE", params={}, nominal_at=now, started_at=now))
        runs, task = await runs_and_task()
        assert runs == {builtin.name: "deployReviews.expireSweep", renamed: None}
        assert task is not None and task["jobKey"] is None  # listed under its new name, shown as it is
        found = (await client.get(f"/cms/job/detail/{builtin.id}", headers=headers)).json()["data"]
        assert (found["name"], found["jobKey"]) == (renamed, None)
    finally:
        async with transaction() as db:
            await db.execute(update(ScheduledJob).where(ScheduledJob.id == builtin.id).values(name=builtin.name))
    found = (await client.get(f"/cms/job/detail/{builtin.id}", headers=headers)).json()["data"]
    assert found["jobKey"] == "deployReviews.expireSweep"
