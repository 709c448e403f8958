"""What the timed mail flow tests share: a task, its fire on the test server, its outbox rows, the mail the sink
received, a sending process with one fault, and a sink that refuses some addresses."""

from __future__ import annotations

import email
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.enums import MailKind, MailRepeat, MailTaskStatus
from domain.flows.mail import MailFireStart, fire_workflow_id
from domain.models.mail import MailOutbox, MailTask
from domain.settings import get_settings
from launcher.smtp_sink import MailSink, MailStore
from services.mail import handover as mail_handover
from tests.conftest import unique
from tests.integration import mail_fault_sender
from tests.integration.people import create_user
from tests.integration.ticket_support import free_port
from workflows.mail import MailFireWorkflow


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
    return fire_workflow_id(task.id, fire), fire


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


def sink_ids(tmp_path: Path) -> set[str]:
    """The sink's ids of what it stored: its files' names."""
    return {p.stem for p in (tmp_path / "mail").glob("*.eml")}
