"""International addresses on a real SMTP server over a socket (the console's sink, with and without SMTPUTF8): a
domain beyond ASCII is always sent, in IDNA; a local part beyond ASCII is sent with SMTPUTF8 where the server offers
it, and otherwise fails at once with the reason in the mail history, one attempt, the fire ending (no crashed
sending step, no endless retry). The alarm and notification mails (services/mail/plain.py) do the same."""

from __future__ import annotations

import email
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import MailSendStatus
from domain.models.mail import MailAttempt, MailOutbox, MailTask
from domain.rules.mail_headers import NO_SMTPUTF8
from domain.settings import get_settings
from launcher.smtp_sink import MailSink
from services.mail import plain
from tests.conftest import own_workers
from tests.integration import ticket_support
from tests.integration.mail_flow_support import envelope_to, new_task, received, rows, start
from tests.integration.ticket_support import free_port

S = MailSendStatus
mail_sink = ticket_support.mail_sink  # fixture: offers SMTPUTF8
env = own_workers  # fixture: every worker on this module's own test server

UTF8_LOCAL = "jörg.müller@exämple.de"
IDN_DOMAIN = "joerg@exämple.de"
PLAIN = "plain@example.com"
IDNA = "xn--exmple-cua.de"


@pytest.fixture
def ascii_sink(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], list[str]]]:
    """A relay that does not offer SMTPUTF8."""
    port = free_port()
    monkeypatch.setattr(get_settings(), "smtp_host", "127.0.0.1")
    monkeypatch.setattr(get_settings(), "smtp_port", port)
    sink = MailSink(tmp_path / "mail", port=port, smtputf8=False).start()
    yield lambda: [p.read_text(errors="replace") for p in sorted((tmp_path / "mail").glob("*.eml"))]
    sink.stop()


async def international_task() -> MailTask:
    task = await new_task(1)
    task.recipients = [UTF8_LOCAL, IDN_DOMAIN, PLAIN]
    async with transaction() as db:
        await db.execute(update(MailTask).where(MailTask.id == task.id).values(recipients=task.recipients))
    return task


async def attempts_of(row: MailOutbox) -> list[MailAttempt]:
    async with transaction() as db:
        return list((await db.scalars(select(MailAttempt).where(MailAttempt.outbox_id == row.id)
                                      .order_by(MailAttempt.attempt))).all())


async def test_a_relay_offering_smtputf8_gets_every_international_address(env, mail_sink):
    task = await international_task()
    result = await (await start(env, task)).result()
    assert (result.sent, result.failed) == (3, 0)
    got = {envelope_to(m): m for m in received(mail_sink, task)}
    # the domain in IDNA, the local part as it is (UTF-8, announced with SMTPUTF8)
    assert set(got) == {f"jörg.müller@{IDNA}", f"joerg@{IDNA}", PLAIN}
    assert got[f"jörg.müller@{IDNA}"]["To"] == f"jörg.müller@{IDNA}"
    for row in await rows(task):
        assert (row.status, row.attempts) == (S.SENT, 1)
        [attempt] = await attempts_of(row)
        assert attempt.result == S.SENT and attempt.reply is not None and attempt.reply.startswith("250 ")
        assert row.server_id and row.server_id in attempt.reply


async def test_a_relay_without_smtputf8_fails_the_local_part_beyond_ascii_with_its_reason(env, ascii_sink):
    task = await international_task()
    result = await (await start(env, task)).result()  # the fire ends: nothing crashes, nothing retries forever
    assert (result.sent, result.failed) == (2, 1)
    assert sorted(envelope_to(m) for m in received(ascii_sink, task)) == sorted([f"joerg@{IDNA}", PLAIN])
    by_address = {r.recipient: r for r in await rows(task)}
    refused = by_address[UTF8_LOCAL]
    assert (refused.status, refused.smtp_error, refused.attempts) == (S.FAILED, NO_SMTPUTF8, 1)
    [attempt] = await attempts_of(refused)
    assert (attempt.result, attempt.reply) == (S.FAILED, NO_SMTPUTF8)
    assert by_address[IDN_DOMAIN].status == S.SENT
    async with transaction() as db:  # a refusal of one address says nothing of the server: the task goes on
        assert (await db.get(MailTask, task.id)).consecutive_failures == 0


def test_alarm_mails_send_international_addresses_and_skip_what_the_relay_cannot_take(tmp_path, monkeypatch):
    for smtputf8 in (True, False):
        port = free_port()
        monkeypatch.setattr(get_settings(), "smtp_host", "127.0.0.1")
        monkeypatch.setattr(get_settings(), "smtp_port", port)
        directory = tmp_path / f"utf8-{smtputf8}"
        with MailSink(directory, port=port, smtputf8=smtputf8):
            for n, address in enumerate((UTF8_LOCAL, IDN_DOMAIN)):
                plain.send_now(address, "Job failed", "The job failed.", f"alarm-{smtputf8}-{n}")
        got = sorted(envelope_to(email.message_from_string(p.read_text())) for p in directory.glob("*.eml"))
        assert got == sorted([f"jörg.müller@{IDNA}", f"joerg@{IDNA}"] if smtputf8 else [f"joerg@{IDNA}"])
