"""Temporal trouble never outlives Temporal. While Temporal is stopped the API's breaker opens; its one trial
call, once the open time is over, may fail in any way of its own (a 404, a refusal, an error) or meet Temporal
still down: however it ends, an action asked after Temporal is back works within the breaker's open time,
and the operators' health view shows the breaker as it is."""

import asyncio
from datetime import UTC, datetime

import httpx
import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.enums import MailRepeat, MailTaskStatus
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from services import flows
from tests.integration.stoppable_temporal import StoppableTemporal

OPEN = 2.0  # the breaker's open time in these tests (OPEN_SECONDS)
GUARD = 120  # seconds: a deadline far above OPEN, for a busy machine


@pytest.fixture
async def temporal(app, tmp_path, monkeypatch):
    server = StoppableTemporal(tmp_path / "temporal.db")
    await server.start()
    monkeypatch.setattr(flows, "OPEN_SECONDS", OPEN)
    before = app.state.flows._client
    app.state.flows._client = await server.client()  # the API's one client, kept across the restart
    yield server
    app.state.flows._client = before
    await server.stop()


@pytest.fixture
async def calls(app):
    """A client that receives the console's 500 reply, as a browser would, instead of the app's exception."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://console.test") as c:
        yield c


async def mail_task(status: MailTaskStatus = MailTaskStatus.PAUSED) -> int:
    """A timed mail sending once, in 2030 (its row only: no schedule)."""
    async with transaction() as db:
        row = MailTask(recipients=["a@example.com"], cc=[], subject="breaker", content="<p>x</p>",
                       attachment_ids=[], repeat=MailRepeat.ONCE_LATER, send_at=datetime(2030, 1, 1, tzinfo=UTC),
                       time_zone="UTC", status=status, consecutive_failures=0,
                       paused_reason="MANUAL" if status == MailTaskStatus.PAUSED else None)
        db.add(row)
        await db.flush()
        return row.id


async def schedule_of_a_task(calls, headers) -> httpx.Response:
    """The action: a scheduled task's schedule, as Temporal describes it (a built-in task's)."""
    async with transaction() as db:
        job_id = await db.scalar(select(func.min(ScheduledJob.id)))
    return await calls.get(f"/cms/job/{job_id}/schedule", headers=headers)


async def until_open_time_passed() -> None:
    async with asyncio.timeout(GUARD):
        while flows.breaker.state()[0] == "OPEN":
            await asyncio.sleep(0.2)


async def breaker_in_health(calls, headers) -> dict:
    reply = await calls.get("/cms/health", headers=headers)
    assert reply.status_code in (200, 503), reply.text
    return reply.json()["data"]["components"]["breaker"]


async def test_a_trial_ended_by_any_failure_of_its_own_frees_the_next_action(calls, temporal, login_as,
                                                                             monkeypatch):
    headers = await login_as("task-schedule", "timed-mail", "mail#send", "deploy#cancel", "system-health")
    paused = await mail_task()
    assert (await schedule_of_a_task(calls, headers)).status_code == 200
    assert (await breaker_in_health(calls, headers))["breaker"]["state"] == "CLOSED"

    async def not_found() -> httpx.Response:  # the route's own 404, its client taken as a dependency
        return await calls.post("/cms/deploy/run/2147483000/cancel", headers=headers)

    async def refused() -> httpx.Response:  # the route's own refusal, its client taken in the route
        return await calls.post(f"/cms/mail/{paused}/send-again", headers=headers)

    async def error() -> httpx.Response:  # an error of the route after it took the client
        async def broken(*_: object, **__: object) -> None:
            raise RuntimeError("a bug")

        with monkeypatch.context() as patch:
            patch.setattr("services.mail.store.load", broken)
            return await calls.post(f"/cms/mail/{paused}/send-again", headers=headers)

    for first_call, status in ((not_found, 404), (refused, 409), (error, 500)):
        await temporal.stop()
        assert (await schedule_of_a_task(calls, headers)).status_code == 503  # the outage opens the breaker
        health = await breaker_in_health(calls, headers)
        assert (health["status"], health["breaker"]["state"]) == ("DEGRADED", "OPEN"), health
        assert health["breaker"]["until"]
        await temporal.start()
        await until_open_time_passed()
        assert (await first_call()).status_code == status  # the trial call, failing before it reaches Temporal
        reply = await schedule_of_a_task(calls, headers)  # the next action is asked at once: it works
        assert reply.status_code == 200, (first_call.__name__, reply.text)
        assert (await breaker_in_health(calls, headers))["breaker"]["state"] == "CLOSED"


async def test_a_trial_that_meets_temporal_still_down_reopens_and_the_action_works_once_it_is_back(
        calls, temporal, login_as):
    headers = await login_as("task-schedule", "system-health")
    await temporal.stop()
    assert (await schedule_of_a_task(calls, headers)).status_code == 503
    await until_open_time_passed()
    assert (await breaker_in_health(calls, headers))["breaker"] == {"state": "HALF_OPEN", "until": None}
    assert (await schedule_of_a_task(calls, headers)).status_code == 503  # the trial: Temporal is still down
    assert flows.breaker.state()[0] == "OPEN"
    await temporal.start()
    loop = asyncio.get_running_loop()
    back, reply = loop.time(), await schedule_of_a_task(calls, headers)
    while reply.status_code == 503 and loop.time() - back < GUARD:
        await asyncio.sleep(0.2)
        reply = await schedule_of_a_task(calls, headers)
    assert reply.status_code == 200, reply.text


async def test_a_trial_lost_without_a_word_is_taken_back_after_its_deadline(monkeypatch):
    """A trial whose call never ends (no HTTP call gives it back) blocks the others only until its deadline."""
    monkeypatch.setattr(flows, "TRIAL_SECONDS", 0.5)
    breaker = flows.Breaker()
    breaker.record(TimeoutError())
    breaker.open_until = flows.time.monotonic()  # the open time is over: the next call is the trial
    lost, other = object(), object()
    assert breaker.allow(lost) and not breaker.allow(other)
    assert breaker.state()[0] == "HALF_OPEN"
    await asyncio.sleep(0.6)
    assert breaker.allow(other)
