"""A save whose schedule lives in Temporal (timed mails, scheduled tasks) commits its row before it asks Temporal:
more such saves than the database pool holds, all waiting on a hung Temporal, leave other users' logins working;
each save is kept, says its schedule follows, and the schedule reconciliation brings the schedules to the rows
once Temporal answers. Twenty saves during a hang once exhausted the pool and logins answered 503. No other call
that asks Temporal holds a transaction open while it waits."""

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import select
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from domain.db import get_engine, transaction
from domain.enums import MailTaskStatus
from domain.flows import mail as mail_flows
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from domain.settings import get_settings
from services import schedule_sync
from services.mail.schedules import put_schedule
from tests.conftest import unique
from tests.integration.people import create_user, login
from tests.integration.plan_support import merchant_with_plan
from tests.integration.stoppable_temporal import StoppableTemporal
from tests.integration.test_temporal_breaker import mail_task
from tests.integration.test_tickets_hung_temporal import FreezableProxy, idle_in_transaction

GUARD = 120  # seconds: the longest a call here may take on a busy machine
Call = Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]


@pytest.fixture
async def hung(app, tmp_path, monkeypatch):
    """A real Temporal behind a relay that stops relaying: connected, then hung. `.real`: a client that goes
    around the relay, for once Temporal answers again."""
    server = StoppableTemporal(tmp_path / "temporal.db")
    await server.start()
    proxy = FreezableProxy(server.address)
    address = await proxy.start()
    monkeypatch.setattr(get_settings(), "temporal_rpc_seconds", 20.0)  # the saves wait this long on it
    before = app.state.flows._client
    app.state.flows._client = await Client.connect(address, data_converter=pydantic_data_converter)
    proxy.frozen = True
    proxy.real = await server.client()
    yield proxy
    app.state.flows._client = before
    proxy.close()
    await server.stop()


async def test_saves_waiting_on_a_hung_temporal_leave_logins_working_and_their_schedules_follow(
        client, hung, login_as):
    pool = get_engine().pool
    saves = pool.size() + pool._max_overflow + 5  # type: ignore[attr-defined]  # more than the pool holds
    operator = await login_as("timed-mail", "mail#send")
    tasks = [await mail_task(MailTaskStatus.IN_USE) for _ in range(saves)]
    other = await create_user()

    pausing = [asyncio.create_task(client.post(f"/cms/mail/{task}/pause", headers=operator)) for task in tasks]
    await asyncio.wait_for(hung.asked_while_frozen.wait(), GUARD)  # the saves have reached Temporal
    logged_in = await asyncio.wait_for(login(client, other.username), GUARD)
    assert logged_in.status_code == 200, logged_in.text
    assert not any(p.done() for p in pausing)  # the login was answered while every save waited on Temporal

    replies: list[httpx.Response] = await asyncio.wait_for(asyncio.gather(*pausing), GUARD)
    assert {r.status_code for r in replies} == {200}, [r.text for r in replies if r.status_code != 200]
    assert all("the schedule follows" in r.json()["message"] for r in replies)
    async with transaction() as db:
        statuses = set((await db.scalars(select(MailTask.status).where(MailTask.id.in_(tasks)))).all())
    assert statuses == {MailTaskStatus.PAUSED}  # every save kept

    refused: list[str] = []  # Temporal answers again: the reconciliation runs
    await schedule_sync.put_each(hung.real, MailTask, put_schedule, refused)
    assert not refused
    described = await hung.real.get_schedule_handle(mail_flows.task_schedule_id(tasks[0])).describe()
    assert described.schedule.state.paused  # the schedule followed its row


async def a_task() -> int:
    async with transaction() as db:
        job = ScheduledJob(name=unique("hung"), handler="console", method="ping", cron="*/10 * * * *",
                           time_zone="UTC", params={"note": ""}, emails=[])
        db.add(job)
        await db.flush()
        return job.id


async def pause_a_mail(login_as) -> Call:
    task = await mail_task(MailTaskStatus.IN_USE)
    headers = await login_as("timed-mail", "mail#send")
    return lambda client: client.post(f"/cms/mail/{task}/pause", headers=headers)


async def pause_a_task(login_as) -> Call:
    task, headers = await a_task(), await login_as("task-schedule", "job#pause")
    return lambda client: client.post(f"/cms/job/{task}/pause", json={"reason": "hung"}, headers=headers)


async def resync_a_plan(login_as) -> Call:
    merchant = await merchant_with_plan(datetime.now(UTC) + timedelta(days=30))
    headers = await login_as("ginee-account", "temporal#operate")
    return lambda client: client.post(f"/cms/merchant/{merchant.id}/plan/resync", headers=headers)


async def no_transaction_while(waiting: asyncio.Task) -> None:
    """While the call waits on Temporal (hung for temporal_rpc_seconds), its connection leaves its transaction: the
    count of sessions idle in a transaction falls to 0 well before the call can end. Sampled until then, as the
    relay may see the call's bytes while its last statements are still being answered."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while (held := await idle_in_transaction()) and loop.time() < deadline:
        await asyncio.sleep(0.1)
    assert held == 0
    assert not waiting.done()  # still waiting on Temporal: the 0 was seen during the wait


@pytest.mark.parametrize("prepare", [pause_a_mail, pause_a_task, resync_a_plan])
async def test_no_call_holds_a_transaction_while_it_waits_on_a_hung_temporal(client, hung, login_as, prepare):
    call = await prepare(login_as)  # the test's own writes done before the call
    hung.asked_while_frozen.clear()  # keep-alives of the client's connection are not the call
    waiting = asyncio.create_task(call(client))
    await asyncio.wait_for(hung.asked_while_frozen.wait(), GUARD)  # the call is asking Temporal
    await no_transaction_while(waiting)
    reply = await asyncio.wait_for(waiting, GUARD)  # and it ends: its wait on Temporal is bounded
    assert reply.status_code in (200, 503), reply.text  # a save is kept; an action says Temporal is away
