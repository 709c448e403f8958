"""Scheduled tasks on a real Temporal dev server (Schedules) with an SMTP sink: every refusal of the form (SPEC §5
task params a number where labelled), the schedule and its next 5 fire times as Temporal describes them, run now
with a parameter override writing a task record, pause after N failures with one failure mail and a "recovered"
mail when a run passes again, pause and resume with a reason, backfill, and the built-in tasks."""

from __future__ import annotations

import asyncio
import email
from typing import Any

import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.enums import JobRecordResult
from domain.flows.jobs import schedule_id
from domain.models.jobs import JobRecord, ScheduledJob
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.ticket_support import eventually, free_port

mail_sink = ticket_support.mail_sink  # fixture
flows = ticket_support.flows  # fixture
EVERYTHING = ("task-schedule", "job#add", "job#edit", "job#delete", "job#run", "job#pause", "job#export",
              "task-log", "job-record#export", "temporal#operate")


def form(**fields: Any) -> dict[str, Any]:
    return {"name": unique("Console ping "), "handler": "console", "method": "ping", "cron": "0 3 * * *",
            "timeZone": "Asia/Jakarta", "params": {}, "emails": [], "pauseAfterFailures": 0, **fields}


async def job_count() -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(ScheduledJob)) or 0


REFUSALS = [
    ({"cron": "0 3 * *"}, "cron", "cron_fields"),
    ({"cron": "0 3 * * * 2030"}, "cron", "cron_fields"),
    ({"cron": "0 3 * * MON"}, "cron", "cron_value"),
    ({"cron": "0 5-1 * * *"}, "cron", "cron_value"),
    ({"cron": "0 25 * * *"}, "cron", "cron_range"),
    ({"cron": "0 3 1 * 1"}, "cron", "cron_days"),
    ({"handler": "os", "method": "system"}, "handler", "job_handler"),
    ({"method": "shutdown"}, "method", "job_method"),
    ({"handler": "operationLog", "method": "purge", "params": {"keepDays": "forever"}}, "params.keepDays",
     "param_number"),
    ({"handler": "operationLog", "method": "purge", "params": {"keepDays": 1.5}}, "params.keepDays", "param_number"),
    ({"handler": "operationLog", "method": "purge", "params": {"keepDays": 3}}, "params.keepDays", "param_range"),
    ({"handler": "operationLog", "method": "purge", "params": {"keepDays": 90, "table": "users"}},
     "params.table", "param_unknown"),
    ({"handler": "http", "method": "probe", "params": {}}, "params.url", "required"),
    ({"handler": "http", "method": "probe", "params": {"url": "file:///etc/passwd"}}, "params.url", "url_form"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://127.0.0.1:8000/cms/health"}}, "params.url",
     "url_internal"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://169.254.169.254/latest/meta-data/"}},
     "params.url", "url_internal"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://10.1.2.3/"}}, "params.url", "url_internal"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://[::ffff:127.0.0.1]/"}}, "params.url",
     "url_internal"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://2130706433/"}}, "params.url", "url_internal"),
    ({"handler": "http", "method": "probe", "params": {"url": "http://[64:ff9b::7f00:1]/"}}, "params.url",
     "url_internal"),  # NAT64 of 127.0.0.1
    ({"handler": "http", "method": "probe", "params": {"url": "http://[2002:a9fe:a9fe::1]/"}}, "params.url",
     "url_internal"),  # 6to4 of the metadata service
    ({"handler": "http", "method": "probe", "params": {"url": "http://[::10.1.2.3]/"}}, "params.url",
     "url_internal"),  # IPv4-compatible
    ({"handler": "http", "method": "probe", "params": {"url": "http://localhost:5432/"}}, "params.url",
     "url_internal"),
    ({"timeZone": "Mars/Olympus"}, "timeZone", "time_zone"),
    ({"emails": ["ops@example.com", "not an address"]}, "emails", "email_address"),
    ({"pauseAfterFailures": -1}, "pauseAfterFailures", "ge"),
    ({"ownerId": 987654321}, "ownerId", "not_found"),
]


@pytest.mark.parametrize(("change", "field", "rule"), REFUSALS)
async def test_a_bad_task_is_refused_naming_the_field_and_nothing_is_saved(client, login_as, flows, change, field,
                                                                           rule):
    headers = await login_as(*EVERYTHING)
    before = await job_count()
    reply = await client.post("/cms/job/add", json=form(**change), headers=headers)
    assert reply.status_code == 422, reply.text
    errors = reply.json()["data"]["errors"]
    assert (field, rule) in [(e["field"].split("[")[0], e["rule"]) for e in errors], errors
    assert all(e["message"] for e in errors)
    assert await job_count() == before


async def test_a_refusal_is_translated(client, login_as, flows):
    headers = {**await login_as(*EVERYTHING), "Accept-Language": "zh-CN"}
    reply = await client.post("/cms/job/add", json=form(cron="0 3 1 * 1"), headers=headers)
    assert reply.status_code == 422 and "日期和星期只能指定其一" in reply.json()["data"]["errors"][0]["message"]


async def test_every_wrong_field_of_a_task_is_named_in_one_reply(client, login_as, flows):
    """A save learns at once that the cron, every wrong parameter (with its limit) and the person are wrong."""
    headers = await login_as(*EVERYTHING)
    before = await job_count()
    reply = await client.post("/cms/job/add", headers=headers, json=form(
        handler="operationLog", method="purge", cron="0 25 * * *", params={"keepDays": 3, "table": "users"},
        ownerId=987654321))
    assert reply.status_code == 422, reply.text
    errors = {e["field"]: e for e in reply.json()["data"]["errors"]}
    assert {k: e["rule"] for k, e in errors.items()} == {
        "cron": "cron_range", "params.table": "param_unknown", "params.keepDays": "param_range",
        "ownerId": "not_found"}
    assert "30" in errors["params.keepDays"]["message"]
    assert await job_count() == before


async def test_the_next_five_fire_times_are_temporals_own(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    job = (await client.post("/cms/job/add", json=form(cron="15 9 * * 1-5", timeZone="Asia/Shanghai"),
                             headers=headers)).json()["data"]
    view = (await client.get(f"/cms/job/{job['id']}/schedule", headers=headers)).json()["data"]
    described = await flows.client.get_schedule_handle(schedule_id(job["id"])).describe()
    assert described.schedule.spec.cron_expressions == ["15 9 * * 1-5"] or described.schedule.spec.calendars
    assert described.schedule.spec.time_zone_name == "Asia/Shanghai"
    assert len(view["nextTimes"]) == 5 and not view["paused"]
    assert view["scheduleUrl"].endswith(f"/schedules/job-{job['id']}")
    from datetime import datetime
    from zoneinfo import ZoneInfo
    local = [datetime.fromisoformat(t).astimezone(ZoneInfo("Asia/Shanghai")) for t in view["nextTimes"]]
    assert all((t.hour, t.minute) == (9, 15) and t.weekday() < 5 for t in local)
    assert [t.astimezone() for t in described.info.next_action_times[:5]] == [t.astimezone() for t in local]

    edited = await client.post("/cms/job/modify", json={"id": job["id"], "cron": "*/10 * * * *"}, headers=headers)
    assert edited.status_code == 200, edited.text
    after = (await client.get(f"/cms/job/{job['id']}/schedule", headers=headers)).json()["data"]
    assert all(datetime.fromisoformat(t).minute % 10 == 0 for t in after["nextTimes"])


async def records_of(job_id: int) -> list[JobRecord]:
    async with transaction() as db:
        return list((await db.scalars(select(JobRecord).where(JobRecord.job_id == job_id)
                                      .order_by(JobRecord.id))).all())


async def finished(job_id: int, count: int) -> list[JobRecord]:
    async def check() -> list[JobRecord] | None:
        rows = await records_of(job_id)
        done = [r for r in rows if r.result != JobRecordResult.PROCESSING]
        return rows if len(done) >= count else None

    return await eventually(check, timeout=30)


async def test_run_now_with_an_override_writes_a_task_record(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    job = (await client.post("/cms/job/add", json=form(params={"note": "saved"}), headers=headers)).json()["data"]
    refused = await client.post(f"/cms/job/{job['id']}/run", json={"params": {"note": 7}}, headers=headers)
    assert refused.status_code == 422 and refused.json()["data"]["errors"][0]["field"] == "params.note"
    started = await client.post(f"/cms/job/{job['id']}/run", json={"params": {"note": "override"}}, headers=headers)
    assert started.status_code == 200, started.text
    [record] = await finished(job["id"], 1)
    assert record.result == JobRecordResult.SUCCEEDED and record.output == "pong override"
    assert record.params == {"note": "override"} and record.trigger == "MANUAL" and record.attempt == 1
    assert record.workflow_id == started.json()["data"]["workflowId"] and record.duration_ms is not None
    listed = await client.post("/cms/job-record/search", json={"jobId": job["id"]}, headers=headers)
    assert [r["result"] for r in listed.json()["data"]["items"]] == ["SUCCEEDED"]
    exported = await client.post("/cms/job-record/export", json={"jobId": job["id"]}, headers=headers)
    assert exported.status_code == 200 and exported.content[:2] == b"PK"


class Probe:
    """A local HTTP endpoint whose answer the test switches between failing (503) and passing (200)."""

    def __init__(self) -> None:
        self.status, self.port = 503, free_port()

    async def answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(f"HTTP/1.1 {self.status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".encode())
        await writer.drain()
        writer.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/health"


def mails_to(mails: list[str], address: str) -> list[email.message.Message]:
    found = [email.message_from_string(m) for m in mails]
    return [m for m in found if address in m.get("X-Envelope-To", m.get("To", ""))]


async def test_n_failures_pause_the_task_mail_once_and_a_pass_mails_recovered(client, login_as, flows, mail_sink,
                                                                              monkeypatch):
    monkeypatch.setattr(get_settings(), "job_probe_allow", "127.0.0.0/8")  # the probed endpoint is local
    probe = Probe()
    server = await asyncio.start_server(probe.answer, "127.0.0.1", probe.port)
    address = f"{unique('oncall')}@example.com"
    headers = await login_as(*EVERYTHING)
    job = (await client.post("/cms/job/add", json=form(
        handler="http", method="probe", params={"url": probe.url, "timeoutSeconds": 5}, emails=[address],
        pauseAfterFailures=2), headers=headers)).json()["data"]
    try:
        await client.post(f"/cms/job/{job['id']}/run", json={}, headers=headers)
        await finished(job["id"], 1)
        await client.post(f"/cms/job/{job['id']}/run", json={}, headers=headers)
        rows = await finished(job["id"], 2)
        assert [r.result for r in rows] == [JobRecordResult.FAILED, JobRecordResult.FAILED]
        assert "503" in (rows[0].error or "")
        saved = (await client.get(f"/cms/job/detail/{job['id']}", headers=headers)).json()["data"]
        assert (saved["status"], saved["pausedReason"], saved["consecutiveFailures"], saved["alarm"]) == (
            "PAUSED", "FAILURES", 2, "FAILING")
        described = await flows.client.get_schedule_handle(schedule_id(job["id"])).describe()
        assert described.schedule.state.paused and "2 failures" in described.schedule.state.note

        failing = await eventually(lambda: _mails(mail_sink, address, 1))
        assert "failed" in failing[0]["Subject"]

        probe.status = 200  # the endpoint is back: run now passes, and the people hear it recovered
        await client.post(f"/cms/job/{job['id']}/run", json={}, headers=headers)
        rows = await finished(job["id"], 3)
        assert rows[-1].result == JobRecordResult.SUCCEEDED
        both = await eventually(lambda: _mails(mail_sink, address, 2))
        assert [m["Subject"] for m in both][1].endswith("recovered")
        saved = (await client.get(f"/cms/job/detail/{job['id']}", headers=headers)).json()["data"]
        assert (saved["consecutiveFailures"], saved["alarm"]) == (0, "OK")
        assert len(mails_to(mail_sink(), address)) == 2  # one failure mail for two failures, one recovered
    finally:
        server.close()


async def _mails(sink: Any, address: str, count: int) -> list[email.message.Message] | None:
    found = mails_to(sink(), address)
    return found if len(found) >= count else None


async def test_pause_and_resume_carry_a_reason_to_the_schedule(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    job = (await client.post("/cms/job/add", json=form(), headers=headers)).json()["data"]
    handle = flows.client.get_schedule_handle(schedule_id(job["id"]))
    reply = await client.post(f"/cms/job/{job['id']}/pause", json={"reason": "month-end freeze"}, headers=headers)
    assert reply.json()["data"]["status"] == "PAUSED"
    state = (await handle.describe()).schedule.state
    assert state.paused and "month-end freeze" in state.note
    again = await client.post(f"/cms/job/{job['id']}/pause", json={"reason": "twice"}, headers=headers)
    assert again.status_code == 409 and again.json()["code"] == "JOB_ALREADY_PAUSED"
    assert (await client.post(f"/cms/job/{job['id']}/pause", json={"reason": ""}, headers=headers)).status_code == 422
    await client.post(f"/cms/job/{job['id']}/resume", json={"reason": "freeze over"}, headers=headers)
    assert not (await handle.describe()).schedule.state.paused


async def test_backfill_runs_the_fires_of_a_past_window(client, login_as, flows):
    from datetime import UTC, datetime, timedelta

    headers = await login_as(*EVERYTHING)
    job = (await client.post("/cms/job/add", json=form(cron="*/30 * * * *"), headers=headers)).json()["data"]
    now = datetime.now(UTC).replace(second=0, microsecond=0)
    future = await client.post(f"/cms/job/{job['id']}/backfill", json={
        "startAt": now.isoformat(), "endAt": (now + timedelta(hours=1)).isoformat()}, headers=headers)
    assert future.status_code == 422 and future.json()["data"]["errors"][0]["field"] == "endAt"
    start = now.replace(minute=0) - timedelta(hours=2)
    reply = await client.post(f"/cms/job/{job['id']}/backfill", json={
        "startAt": start.isoformat(), "endAt": (start + timedelta(minutes=59)).isoformat()}, headers=headers)
    assert reply.status_code == 200, reply.text
    rows = await finished(job["id"], 2)
    assert sorted(r.nominal_at for r in rows) == [start, start + timedelta(minutes=30)]
    assert all(r.trigger == "SCHEDULE" and r.result == JobRecordResult.SUCCEEDED for r in rows)


async def test_a_builtin_task_cannot_be_deleted_and_a_plain_one_takes_its_schedule_along(client, login_as, flows):
    headers = await login_as(*EVERYTHING)
    async with transaction() as db:
        builtin = await db.scalar(select(ScheduledJob.id).where(ScheduledJob.builtin,
                                                                ScheduledJob.handler == "ticketFlows"))
    refused = await client.delete(f"/cms/job/delete/{builtin}", headers=headers)
    assert refused.status_code == 409 and refused.json()["code"] == "JOB_BUILTIN"
    job = (await client.post("/cms/job/add", json=form(), headers=headers)).json()["data"]
    assert (await client.delete(f"/cms/job/delete/{job['id']}", headers=headers)).status_code == 200
    from temporalio.service import RPCError
    with pytest.raises(RPCError):
        await flows.client.get_schedule_handle(schedule_id(job["id"])).describe()


async def test_a_schedule_put_by_an_older_console_lets_every_fire_start_after_the_next_start(client, login_as, flows):
    """SKIP_MISSED tasks' Schedules start every fire (ALLOW_ALL; the run refuses an overlap itself): one saved with
    SKIP by the console before is brought to it when the worker starts (ensure_job_schedules), FIRE_ALL_MISSED
    keeps buffering its fires."""
    from temporalio.client import ScheduleOverlapPolicy, ScheduleUpdate

    from services.jobs.schedules import ensure_job_schedules

    headers = await login_as(*EVERYTHING)
    plain = (await client.post("/cms/job/add", json=form(), headers=headers)).json()["data"]
    buffered = (await client.post("/cms/job/add", json=form(misfire="FIRE_ALL_MISSED"), headers=headers)).json()
    handle = flows.client.get_schedule_handle(schedule_id(plain["id"]))
    assert (await handle.describe()).schedule.policy.overlap == ScheduleOverlapPolicy.ALLOW_ALL

    async def as_before(given: Any) -> ScheduleUpdate:
        schedule = given.description.schedule
        schedule.policy.overlap = ScheduleOverlapPolicy.SKIP
        return ScheduleUpdate(schedule=schedule)

    await handle.update(as_before)
    assert (await handle.describe()).schedule.policy.overlap == ScheduleOverlapPolicy.SKIP
    await ensure_job_schedules(flows.client)
    assert (await handle.describe()).schedule.policy.overlap == ScheduleOverlapPolicy.ALLOW_ALL
    other = flows.client.get_schedule_handle(schedule_id(buffered["data"]["id"]))
    assert (await other.describe()).schedule.policy.overlap == ScheduleOverlapPolicy.BUFFER_ALL


async def test_the_catalogue_lists_each_job_with_its_schema(client, login_as, flows):
    headers = await login_as("task-schedule")
    listed = (await client.get("/cms/job/handlers", headers=headers)).json()["data"]
    purge = next(j for j in listed if (j["handler"], j["method"]) == ("operationLog", "purge"))
    assert purge["params"] == [{"name": "keepDays", "kind": "number", "default": 365, "minimum": 30,
                                "maximum": 3650, "required": True}]
    assert (await client.post("/cms/job/add", json=form(), headers=headers)).status_code == 403


async def test_the_list_and_detail_name_the_person_in_charge(client, login_as, flows):
    from tests.integration.people import create_user
    headers = await login_as(*EVERYTHING)
    owner = await create_user(prefix="owner")
    job = (await client.post("/cms/job/add", json=form(ownerId=owner.id), headers=headers)).json()["data"]
    assert job["ownerName"] == owner.real_name
    listed = (await client.post("/cms/job/search", json={"name": job["name"]}, headers=headers)).json()["data"]
    assert [(row["ownerId"], row["ownerName"]) for row in listed["items"]] == [(owner.id, owner.real_name)]
    detail = (await client.get(f"/cms/job/detail/{job['id']}", headers=headers)).json()["data"]
    assert detail["ownerName"] == owner.real_name


async def test_an_internal_probe_address_is_refused_in_the_readers_language_unless_allowed(client, login_as, flows,
                                                                                          monkeypatch):
    headers = {**await login_as(*EVERYTHING), "Accept-Language": "id"}
    probe = form(handler="http", method="probe", params={"url": "http://10.20.1.5/health"})
    refused = await client.post("/cms/job/add", json=probe, headers=headers)
    assert refused.status_code == 422
    [error] = refused.json()["data"]["errors"]
    assert error["field"] == "params.url" and "10.20.1.5" in error["message"]
    assert "OMP_JOB_PROBE_ALLOW" in error["message"]
    assert error["message"].startswith("URL: 10.20.1.5") and "jaringan internal" in error["message"]

    public = (await client.post("/cms/job/add", json=form(handler="http", method="probe",
                                                           params={"url": "https://93.184.215.14/"}),
                                headers=headers)).json()["data"]
    override = await client.post(f"/cms/job/{public['id']}/run", json={"params": {"url": "http://127.0.0.1:9/"}},
                                 headers=headers)  # run now may not point it inside either
    assert override.status_code == 422 and override.json()["data"]["errors"][0]["field"] == "params.url"

    monkeypatch.setattr(get_settings(), "job_probe_allow", "status.corp.example, 10.20.0.0/16")
    allowed = await client.post("/cms/job/add", json=probe, headers=headers)
    assert allowed.status_code == 200, allowed.text
