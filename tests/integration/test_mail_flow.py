"""A timed mail's fire on Temporal's time-skipping server with a real SMTP sink: every recipient mailed once,
pause and recover, send again, a worker dying around the SMTP send, and the pause after SMTP failures.

(The test server has no Schedules: the schedules themselves are tested on the dev server, test_mail_api.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import MailSendStatus, MailTaskStatus
from domain.flows.mail import MailFireStart
from domain.models.mail import MailFire, MailOutbox, MailTask
from domain.models.notifications import Notification
from domain.rules import mail as rules
from domain.settings import get_settings
from services.mail import fires as mail_fires
from tests.conftest import own_workers, start_time_skipping_env
from tests.integration import mail_flow_support, ticket_support
from tests.integration.mail_flow_support import envelope_to, fire_id, new_task, received, rows, start
from tests.integration.temporal_support import register_search_attributes, workers_running
from tests.integration.ticket_support import eventually, free_port
from tests.integration.worker_process import spawn_worker
from workflows.mail import MailFireWorkflow

S = MailSendStatus
mail_sink = ticket_support.mail_sink  # fixture
fault = mail_flow_support.fault  # fixture


env = own_workers  # fixture: every worker on this module's own test server


async def test_a_fire_mails_every_recipient_once_and_records_the_server_id(env, mail_sink):
    task = await new_task(3, cc=1)
    handle = await start(env, task)
    result = await handle.result()
    assert (result.sent, result.failed) == (4, 0)
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted([*task.recipients, *task.cc])
    copy = next(m for m in got if envelope_to(m) == task.cc[0])
    assert copy["Cc"] == task.cc[0] and "undisclosed" in copy["To"]  # a cc recipient's copy says so
    outbox = await rows(task)
    assert {r.status for r in outbox} == {S.SENT}
    stems = {p.split("queued as ")[-1] for p in [r.server_id or "" for r in outbox]}
    assert all(stems) and len(stems) == 4  # the sink's own id for each message ("queued as <file>")
    assert {r.message_id for r in outbox} == {m["Message-ID"] for m in got}
    described = await handle.describe()
    assert described.typed_search_attributes.get(rules_key("MailTaskId")) == str(task.id)
    # The same fire started again (a retried start, a resumed task) finds nobody left to mail.
    again = await env.client.execute_workflow(MailFireWorkflow.run, MailFireStart(task_id=task.id), id=handle.id,
                                              task_queue=get_settings().task_queue)
    assert again.sent == 0 and len(received(mail_sink, task)) == 4


def rules_key(name: str) -> Any:
    from domain.flows.mail import MAIL_FIRE_TIME, MAIL_TASK_ID

    return {"MailTaskId": MAIL_TASK_ID, "MailFireTime": MAIL_FIRE_TIME}[name]


async def test_pause_stops_the_fire_and_recover_sends_only_what_was_not_sent(env, mail_sink, fault):
    task = await new_task(6)
    monkeypatch = fault("pause")  # somebody presses pause once two mails went out
    monkeypatch.setattr(mail_fires, "LANES", 1)
    monkeypatch.setattr(mail_fires, "CHECK_EVERY", 1)
    handle = await start(env, task)

    async def waiting() -> bool:
        left = [r for r in await rows(task) if r.status == S.PENDING]
        described = await handle.describe()
        return len(left) == 4 and not described.raw_description.pending_activities

    await eventually(waiting, timeout=60)  # a sending process starts per batch
    assert len(received(mail_sink, task)) == 2
    async with transaction() as db:
        await db.execute(update(MailTask).where(MailTask.id == task.id).values(status=MailTaskStatus.IN_USE))
    await handle.signal(MailFireWorkflow.recover)
    result = await handle.result()
    assert result.sent == 6
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)  # six people, one mail each


async def test_send_again_is_a_new_fire_to_everybody(env, mail_sink):
    task = await new_task(2)
    await (await start(env, task)).result()
    await (await start(env, task, minutes=30)).result()
    got = received(mail_sink, task)
    assert len(got) == 4 and len({m["Message-ID"] for m in got}) == 4
    async with transaction() as db:
        fires = (await db.scalars(select(MailFire.workflow_id).where(MailFire.task_id == task.id))).all()
    assert sorted(fires) == sorted([fire_id(task)[0], fire_id(task, 30)[0]])


async def test_the_sender_failing_before_the_final_dot_mails_everybody_once(env, mail_sink, fault):
    """An error with the row claimed and the body sent, but not its final ".": the server drops the message,
    the claim is rolled back, and the retried batch sends it, once."""
    task = await new_task(2)
    fault("dot")
    result = await (await start(env, task)).result()
    assert result.failed == 0
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)  # nobody missing, nobody twice
    assert {r.status for r in await rows(task)} == {S.SENT}


async def test_the_sender_failing_right_after_the_final_dot_mails_nobody_twice(env, mail_sink, fault):
    """An error once the "." and the claim's COMMIT are on the wire, before the server's reply: the server has
    the message, the row is SENDING, is never sent again, and the retried batch settles it."""
    task = await new_task(2)
    fault("commit").setattr(mail_fires, "LANES", 1)
    result = await (await start(env, task)).result()
    assert result.failed == 0
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)
    assert {r.status for r in await rows(task)} == {S.SENT}  # the one left SENDING is found at the sink


@pytest.mark.parametrize("sink", [True, False])
async def test_the_sender_killed_between_the_final_dot_and_its_commit_is_never_resent(env, mail_sink, fault, sink):
    """The sending process itself dies in the one window left, its "." out and its COMMIT not: the server has
    the message, the claim is rolled back. The local sink can say it has it: the row is SENT. A relay cannot:
    the row is FAILED, "delivery unknown", for an operator to resend from the mail history. Nobody gets two."""
    task = await new_task(3)
    monkeypatch = fault("die")
    monkeypatch.setattr(mail_fires, "LANES", 1)
    if not sink:
        monkeypatch.setattr(get_settings(), "smtp_sink_dir", None)
    result = await (await start(env, task)).result()
    outbox = await rows(task)
    if sink:
        assert {r.status for r in outbox} == {S.SENT}
    else:
        [unknown] = [r for r in outbox if r.status == S.FAILED]
        assert unknown.smtp_error.startswith("delivery unknown") and result.failed == 0
        assert {r.status for r in outbox if r is not unknown} == {S.SENT}
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)  # that one too, once


# The fault wherever the "." and its COMMIT are written: the worker itself, or the process it hands a batch to.
HOLDING_WORKER = """
from tests.integration import mail_fault_sender
mail_fault_sender.apply()
from services.mail import handover as mail_handover
mail_handover.SENDER = "tests.integration.mail_fault_sender"
"""


@pytest.fixture
async def lone_server() -> AsyncIterator[Any]:
    """A test server of one test: no worker of this process polls it, only those the test starts."""
    server = await start_time_skipping_env()
    await register_search_attributes(server.client)
    yield server
    await server.shutdown()


async def test_a_worker_killed_between_the_final_dot_and_its_commit_mails_nobody_twice(
        lone_server, mail_sink, fault, tmp_path):
    """The worker is killed (SIGKILL, its whole process group) at the worst moment: a message's "." is out and
    its claim's COMMIT is not. The process that wrote the "." is not the worker, so it lives on, commits, and
    the retried batch (on another worker) finds the row taken: every recipient gets exactly one mail."""
    env = lone_server
    task = await new_task(3)
    monkeypatch = fault("hold")
    monkeypatch.setenv("OMP_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("OMP_SMTP_PORT", str(get_settings().smtp_port))  # the sink, for the worker's process
    first = await spawn_worker(env.client.service_client.config.target_host, get_settings().task_queue,
                               HOLDING_WORKER)
    try:
        handle = await start(env, task)
        await eventually(lambda: asyncio.sleep(0, (tmp_path / "at").exists()), timeout=120)
        os.killpg(first.pid, signal.SIGKILL)  # the "." is at the server, its COMMIT not written
        await asyncio.to_thread(first.wait)
        (tmp_path / "go").touch()
        async with workers_running(env.client):  # the restarted worker
            result = await handle.result()
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)  # nobody missing, nobody twice
    assert result.failed == 0 and {r.status for r in await rows(task)} <= {S.SENT, S.SENDING}


async def test_no_reply_to_the_final_dot_is_a_failure_to_retry_not_a_sent_mail(env, mail_sink, fault):
    """The connection breaks after the "." and before the reply: the server may not have taken the message, so
    the row is FAILED with that said (an operator may send it again), not SENDING."""
    task = await new_task(1)
    fault("noreply")
    result = await (await start(env, task)).result()
    assert (result.sent, result.failed) == (0, 1)
    [row] = await rows(task)
    assert row.status == S.FAILED and row.smtp_error.startswith("after the final '.'")


async def _done_with(task: MailTask, check: Callable[[MailOutbox], bool], count: int) -> bool:
    return len([r for r in await rows(task) if check(r)]) == count


async def test_smtp_failures_in_a_row_pause_the_task_tell_its_owner_and_retry_sends_the_failed(
        env, mail_sink, monkeypatch):
    task = await new_task(rules.FAILURE_LIMIT + 2)
    working_port = get_settings().smtp_port
    monkeypatch.setattr(mail_fires, "LANES", 1)
    monkeypatch.setattr(get_settings(), "smtp_port", free_port())  # nobody listens: every mail fails
    handle = await start(env, task)

    async def paused() -> bool:
        async with transaction() as db:
            row = await db.get(MailTask, task.id, populate_existing=True)
        idle = not (await handle.describe()).raw_description.pending_activities
        return row.status == MailTaskStatus.PAUSED and idle

    await eventually(paused, timeout=60)
    outbox = await rows(task)
    assert [r.status for r in outbox].count(S.FAILED) == rules.FAILURE_LIMIT
    assert [r.status for r in outbox].count(S.PENDING) == 2
    assert all(r.smtp_error for r in outbox if r.status == S.FAILED)
    async with transaction() as db:
        row = await db.get(MailTask, task.id)
        told = (await db.scalars(select(Notification).where(Notification.user_id == task.owner_id))).all()
    assert row.paused_reason == "SMTP_FAILURES" and [n.kind for n in told] == ["MAIL_PAUSED"]

    monkeypatch.setattr(get_settings(), "smtp_port", working_port)  # the mail server is back
    async with transaction() as db:  # what the console's recover and retry do to the rows (test_mail_api.py)
        await db.execute(update(MailTask).where(MailTask.id == task.id)
                         .values(status=MailTaskStatus.IN_USE, consecutive_failures=0))
        await db.execute(update(MailOutbox).where(MailOutbox.task_id == task.id, MailOutbox.status == S.FAILED)
                         .values(status=S.PENDING, smtp_error=None))
    await handle.signal(MailFireWorkflow.retry)
    await handle.signal(MailFireWorkflow.recover)
    await handle.result()
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)
    assert {r.status for r in await rows(task)} == {S.SENT}
