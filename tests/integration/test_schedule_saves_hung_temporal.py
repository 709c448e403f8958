"""A save whose schedule lives in Temporal (timed mails, scheduled tasks) commits its row before it asks Temporal:
more such saves than the database pool holds, all waiting on a hung Temporal, leave other users' logins working;
each save is kept, says its schedule follows, and the schedule reconciliation brings the schedules to the rows
once Temporal answers. Twenty saves during a hang once exhausted the pool and logins answered 503."""

import asyncio

import httpx
import pytest
from sqlalchemy import select
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from activities import schedule_sync
from activities.mail_schedules import put_schedule
from domain.db import get_engine, transaction
from domain.enums import MailTaskStatus
from domain.models.mail import MailTask
from domain.rules import mail as mail_rules
from domain.settings import get_settings
from tests.integration.people import create_user, login
from tests.integration.stoppable_temporal import StoppableTemporal
from tests.integration.test_temporal_breaker import mail_task

GUARD = 120  # seconds: the longest a call here may take on a busy machine


class HungTemporal:
    """A TCP listener that takes every connection and never answers: Temporal hung."""

    async def start(self) -> str:
        self.held: list[asyncio.StreamWriter] = []
        self.server = await asyncio.start_server(self.hold, "127.0.0.1", 0)
        return f"127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def hold(self, _: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.held.append(writer)

    def close(self) -> None:
        for writer in self.held:
            writer.close()
        self.server.close()


@pytest.fixture
async def hung(app, monkeypatch):
    temporal = HungTemporal()
    address = await temporal.start()
    monkeypatch.setattr(get_settings(), "temporal_rpc_seconds", 20.0)  # the saves wait this long on it
    before = app.state.flows._client
    app.state.flows._client = await Client.connect(address, lazy=True, data_converter=pydantic_data_converter)
    yield temporal
    app.state.flows._client = before
    temporal.close()


async def test_saves_waiting_on_a_hung_temporal_leave_logins_working_and_their_schedules_follow(
        client, hung, login_as, tmp_path):
    pool = get_engine().pool
    saves = pool.size() + pool._max_overflow + 5  # type: ignore[attr-defined]  # more than the pool holds
    operator = await login_as("timed-mail", "mail#send")
    tasks = [await mail_task(MailTaskStatus.IN_USE) for _ in range(saves)]
    other = await create_user()

    pausing = [asyncio.create_task(client.post(f"/cms/mail/{task}/pause", headers=operator)) for task in tasks]
    async with asyncio.timeout(GUARD):
        while len(hung.held) < 1:  # the saves have reached Temporal
            await asyncio.sleep(0.05)
    logged_in = await asyncio.wait_for(login(client, other.username), GUARD)
    assert logged_in.status_code == 200, logged_in.text
    assert not any(p.done() for p in pausing)  # the login was answered while every save waited on Temporal

    replies: list[httpx.Response] = await asyncio.wait_for(asyncio.gather(*pausing), GUARD)
    assert {r.status_code for r in replies} == {200}, [r.text for r in replies if r.status_code != 200]
    assert all("the schedule follows" in r.json()["message"] for r in replies)
    async with transaction() as db:
        statuses = set((await db.scalars(select(MailTask.status).where(MailTask.id.in_(tasks)))).all())
    assert statuses == {MailTaskStatus.PAUSED}  # every save kept

    temporal = StoppableTemporal(tmp_path / "temporal.db")  # Temporal answers again
    await temporal.start()
    try:
        real = await temporal.client()
        refused: list[str] = []
        await schedule_sync.put_each(real, MailTask, put_schedule, refused)
        assert not refused
        described = await real.get_schedule_handle(mail_rules.task_schedule_id(tasks[0])).describe()
        assert described.schedule.state.paused  # the schedule followed its row
    finally:
        await temporal.stop()
