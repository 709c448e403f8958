"""A timed mail's fire on Temporal's time-skipping server with a real SMTP sink: every recipient mailed once,
pause and recover, send again, a worker dying around the SMTP send, and the pause after SMTP failures.

(The test server has no Schedules: the schedules themselves are tested on the dev server, test_mail_api.py.)"""

from __future__ import annotations

import asyncio
import email
import os
import signal
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from activities import mail_fires, mail_handover
from domain.db import transaction
from domain.enums import MailKind, MailRepeat, MailSendStatus, MailTaskStatus
from domain.models.mail import MailFire, MailOutbox, MailTask
from domain.models.notifications import Notification
from domain.rules import mail as rules
from domain.settings import get_settings
from launcher.smtp_sink import MailSink, MailStore
from tests.conftest import own_workers, start_time_skipping_env, unique
from tests.integration import mail_fault_sender, ticket_support
from tests.integration.people import create_user
from tests.integration.temporal_support import register_search_attributes, workers_running
from tests.integration.ticket_support import eventually, free_port
from tests.integration.worker_process import spawn_worker
from workflows.mail import MailFireWorkflow
from workflows.mail_models import MailFireStart

S = MailSendStatus
mail_sink = ticket_support.mail_sink  # fixture


env = own_workers  # fixture: every worker on this module's own test server


class RefusingStore(MailStore):
    """The sink, refusing some addresses for good (550 to RCPT), as a relay does for a mailbox that is gone."""

    def __init__(self, mail_dir: Path) -> None:
        super().__init__(mail_dir)
        self.refused: set[str] = set()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address in self.refused:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"


@pytest.fixture
def refusing_sink(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RefusingStore]:
    port = free_port()
    monkeypatch.setattr(get_settings(), "smtp_host", "127.0.0.1")
    monkeypatch.setattr(get_settings(), "smtp_port", port)
    sink = MailSink(tmp_path / "mail", port=port)
    sink.store = RefusingStore(tmp_path / "mail")
    sink.start()
    yield sink.store
    sink.stop()


@pytest.fixture
def fault(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], pytest.MonkeyPatch]:
    """Batches sent by the sending process with one fault (tests/integration/mail_fault_sender.py)."""

    def arm(kind: str) -> pytest.MonkeyPatch:
        monkeypatch.setattr(mail_handover, "SENDER", "tests.integration.mail_fault_sender")
        monkeypatch.setenv(mail_fault_sender.VARIABLE, f"{kind}:{tmp_path}")
        return monkeypatch

    return arm


async def new_task(count: int, cc: int = 0, **fields: Any) -> MailTask:
    owner = await create_user(prefix="mailowner")
    name = unique("m")
    row = MailTask(owner_id=owner.id, recipients=[f"{name}{i}@example.com" for i in range(count)],
                   cc=[f"{name}cc{i}@example.com" for i in range(cc)], subject=fields.pop("subject", f"Report {name}"),
                   kind=MailKind.COMMON,
                   content="<p>Daily <b>figures</b></p>", attachment_ids=[], repeat=MailRepeat.DAILY,
                   send_at=datetime.now(UTC), time_zone="Asia/Jakarta", status=MailTaskStatus.IN_USE,
                   consecutive_failures=0, **fields)
    async with transaction() as db:
        db.add(row)
    return row


def fire_id(task: MailTask, minutes: int = 0) -> tuple[str, datetime]:
    fire = datetime(2026, 11, 25, 1, 0, tzinfo=UTC) + timedelta(minutes=minutes)
    return rules.fire_workflow_id(task.id, fire), fire


async def start(env: Any, task: MailTask, minutes: int = 0) -> Any:
    workflow_id, _ = fire_id(task, minutes)
    return await env.client.start_workflow(MailFireWorkflow.run, MailFireStart(task_id=task.id), id=workflow_id,
                                           task_queue=get_settings().task_queue)


async def rows(task: MailTask) -> list[MailOutbox]:
    async with transaction() as db:
        return list((await db.scalars(select(MailOutbox).where(MailOutbox.task_id == task.id)
                                      .order_by(MailOutbox.id))).all())


def received(mails: Callable[[], list[str]], task: MailTask) -> list[email.message.Message]:
    found = [email.message_from_string(m) for m in mails()]
    return [m for m in found if m["Subject"] == task.subject]


def envelope_to(message: email.message.Message) -> str:
    return message["X-Envelope-To"]


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
    from workflows.mail_models import MAIL_FIRE_TIME, MAIL_TASK_ID

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


def sink_ids(tmp_path: Any) -> set[str]:
    return {p.stem for p in (tmp_path / "mail").glob("*.eml")}


@pytest.mark.parametrize("kind", ["flush", "kill"])
async def test_the_sender_dying_between_the_smtp_send_and_the_mark_mails_nobody_twice(env, mail_sink, fault,
                                                                                      tmp_path, kind):
    """The server has the mails (their "." went out) but the sending process fails, or is killed, before writing
    the server's ids: the rows are SENDING. The retried batch sends none of them again and settles them: the sink
    has each one (found by its Message-ID), so they are SENT with the sink's id."""
    task = await new_task(3)
    fault(kind).setattr(mail_fires, "LANES", 1)
    result = await (await start(env, task)).result()
    assert result.failed == 0
    got = received(mail_sink, task)
    assert sorted(envelope_to(m) for m in got) == sorted(task.recipients)  # nobody missing, nobody twice
    outbox = await rows(task)
    assert {r.status for r in outbox} == {S.SENT} and {r.server_id for r in outbox} <= sink_ids(tmp_path)


async def test_mails_a_killed_sender_left_with_a_relay_are_delivery_unknown_not_resent(env, mail_sink, fault):
    """The same with a relay that cannot be asked: those rows are FAILED "delivery unknown", for a person to
    check before resending them from the mail history; nobody gets a second mail."""
    task = await new_task(2)
    monkeypatch = fault("kill")
    monkeypatch.setattr(mail_fires, "LANES", 1)
    monkeypatch.setattr(get_settings(), "smtp_sink_dir", None)
    result = await (await start(env, task)).result()
    outbox = await rows(task)
    assert {r.status for r in outbox} == {S.FAILED} and result.sent == 0
    assert all(r.smtp_error.startswith("delivery unknown") and "check" in r.smtp_error for r in outbox)
    assert sorted(envelope_to(m) for m in received(mail_sink, task)) == sorted(task.recipients)


async def test_a_mail_left_sending_that_the_sink_never_took_is_retryable(env, mail_sink, tmp_path):
    """A SENDING row whose copy the sink does not have was not delivered: FAILED, for the history's retry."""
    task = await new_task(2)
    await (await start(env, task)).result()
    lost = (await rows(task))[0]
    async with transaction() as db:  # as if the sink had not stored it
        await db.execute(update(MailOutbox).where(MailOutbox.id == lost.id).values(status=S.SENDING))
    for path in (tmp_path / "mail").glob("*.eml"):
        if lost.message_id in path.read_text(errors="replace"):
            path.unlink()
    await (await start(env, task, minutes=30)).result()  # the task's next fire settles it
    settled = next(r for r in await rows(task) if r.id == lost.id)
    assert settled.status == S.FAILED and settled.smtp_error.startswith("not delivered")


async def test_a_message_that_cannot_be_built_fails_at_once_and_is_sent_once_fixed(env, mail_sink):
    """A subject with a line break (saved before the form refused it) cannot become a header: no attempt would
    mend that, so every recipient's row is FAILED with the reason at once, and the fire ends. Fixed and retried
    from the history, it is sent."""
    task = await new_task(2, subject="Report\r\nBcc: everyone@example.com")
    handle = await start(env, task)
    result = await handle.result()
    outbox = await rows(task)
    assert (result.sent, result.failed) == (0, 2) and {r.status for r in outbox} == {S.FAILED}
    assert all(r.smtp_error.startswith("the message cannot be built") for r in outbox)
    fixed = f"Report {task.id}"
    async with transaction() as db:  # the subject corrected, then what the history's retry does to the rows
        await db.execute(update(MailTask).where(MailTask.id == task.id).values(subject=fixed))
        await db.execute(update(MailOutbox).where(MailOutbox.task_id == task.id).values(status=S.PENDING))
    again = await env.client.execute_workflow(MailFireWorkflow.run, MailFireStart(task_id=task.id), id=handle.id,
                                              task_queue=get_settings().task_queue)
    assert again.sent == 2 and {r.status for r in await rows(task)} == {S.SENT}
    assert len([m for m in mail_sink() if fixed in m]) == 2


async def test_an_address_the_server_refuses_for_good_fails_at_once_without_pausing_the_task(env, refusing_sink,
                                                                                           monkeypatch):
    """A 550 to RCPT is about that address alone: its row is FAILED with the server's words at once, the others
    are sent, and a list with many such addresses does not pause the task as a broken server would."""
    task = await new_task(rules.FAILURE_LIMIT + 2)
    gone = task.recipients[: rules.FAILURE_LIMIT + 1]
    refusing_sink.refused.update(gone)
    monkeypatch.setattr(mail_fires, "LANES", 1)  # one after the other: more refusals in a row than the limit
    result = await (await start(env, task)).result()
    outbox = {r.recipient: r for r in await rows(task)}
    assert (result.sent, result.failed) == (1, len(gone))
    assert all(outbox[a].status == S.FAILED and outbox[a].smtp_error.startswith("550") for a in gone)
    async with transaction() as db:
        assert (await db.get(MailTask, task.id)).status == MailTaskStatus.IN_USE


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
from activities import mail_handover
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
