"""Timed mail that cannot be sent says so, and mail a dead sending process left unrecorded is settled: on
Temporal's time-skipping server with a real SMTP sink. A message that cannot be built and an address refused for
good fail at once with their reason; rows left SENDING are SENT when the sink has them, else FAILED for the
history's retry (docs/decisions/mail-unsettled-sends.md); nobody is mailed twice."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from domain.db import transaction
from domain.enums import MailSendStatus, MailTaskStatus
from domain.flows.mail import MailFireStart
from domain.models.mail import MailOutbox, MailTask
from domain.rules import mail as rules
from domain.settings import get_settings
from services.mail import fires as mail_fires
from tests.conftest import own_workers
from tests.integration import mail_flow_support, ticket_support
from tests.integration.mail_flow_support import envelope_to, new_task, received, rows, sink_ids, start
from workflows.mail import MailFireWorkflow

S = MailSendStatus
mail_sink = ticket_support.mail_sink  # fixture
fault = mail_flow_support.fault  # fixture
refusing_sink = mail_flow_support.refusing_sink  # fixture
env = own_workers  # fixture: every worker on this module's own test server


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
