"""What a fire sends: the message built once (subject, sanitised HTML with a plain-text part, attachments, the
BI report built for this fire), then made personal per recipient by two headers."""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate
from zoneinfo import ZoneInfo

import nh3
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import MailKind, MailRepeat
from domain.models.files import StoredFile
from domain.models.mail import MailFire, MailTask
from domain.models.tickets import Ticket
from domain.settings import get_settings
from domain.storage import get_storage
from services.mail.smtp import wire_body
from services.tickets.export import PAGE, ticket_workbook

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# The span a BI report covers, ending at the fire's nominal time: the period since the previous send.
REPORT_SPAN = {MailRepeat.DAILY: timedelta(days=1), MailRepeat.WEEKLY: timedelta(days=7)}
DEFAULT_SPAN = timedelta(days=30)


async def fire_attachments(db: AsyncSession, task: MailTask, fire_time: datetime) -> tuple[list[str], int | None]:
    """The names this fire attaches, and the id of the report built for it (BI only)."""
    names = [f.name for f in await files_of(db, task.attachment_ids)]
    if task.kind != MailKind.BI:
        return names, None
    report = await build_ticket_report(db, task, fire_time)
    return [*names, report.name], report.id


async def files_of(db: AsyncSession, ids: list[int]) -> list[StoredFile]:
    if not ids:
        return []
    rows = {f.id: f for f in await db.scalars(select(StoredFile).where(StoredFile.id.in_(ids)))}
    return [rows[i] for i in ids if i in rows]


async def build_ticket_report(db: AsyncSession, task: MailTask, fire_time: datetime) -> StoredFile:
    """The ticket list (the console's export) of the tickets created in the span before this fire."""
    zone = ZoneInfo(task.time_zone)
    start = fire_time - REPORT_SPAN.get(task.repeat, DEFAULT_SPAN)
    query = PAGE.where(Ticket.created_at >= start, Ticket.created_at < fire_time).order_by(Ticket.id)
    book = await ticket_workbook(db, query, zone)
    try:
        content = book.path.read_bytes()
    finally:
        book.path.unlink(missing_ok=True)
    name = f"tickets-{fire_time.astimezone(zone):%Y-%m-%d-%H%M}.xlsx"
    storage = get_storage()
    key = f"private/mail/{fire_time:%Y/%m}/{uuid.uuid4().hex}.xlsx"
    await storage.put(key, content, XLSX)
    row = StoredFile(backend=storage.name, storage_key=key, name=name, content_type=XLSX, size=len(content),
                     sha256=hashlib.sha256(content).hexdigest(), public=False, uploaded_by=task.owner_id)
    db.add(row)
    await db.flush()
    return row


async def read_file(row: StoredFile) -> bytes:
    return b"".join([chunk async for chunk in get_storage().stream(row.storage_key)])


@dataclass
class Message:
    """The shared part of every recipient's copy, as bytes, and as the DATA command carries it."""

    body: bytes

    def __post_init__(self) -> None:
        self.wire = wire_body(self.body)  # once per fire, not once per recipient


async def compose(db: AsyncSession, task: MailTask, fire: MailFire | None) -> Message:
    message = EmailMessage(policy=SMTP)
    message["From"] = get_settings().mail_from
    message["Subject"] = task.subject
    message["Date"] = formatdate(datetime.now(UTC).timestamp(), localtime=False)
    message.set_content(nh3.clean(task.content, tags=set()) or task.subject)  # the text of the HTML, for any reader
    message.add_alternative(task.content, subtype="html")
    ids = list(task.attachment_ids)
    if fire is not None and fire.report_file_id is not None:
        ids.append(fire.report_file_id)
    for stored in await files_of(db, ids):
        main, _, sub = stored.content_type.partition("/")
        message.add_attachment(await read_file(stored), maintype=main, subtype=sub or "octet-stream",
                               filename=stored.name)
    return Message(body=message.as_bytes())
