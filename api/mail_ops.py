"""What the timed mail routes share: checking a form against the caller and saving it, the task's view with the
caller's links, the files a mail lets its readers open. A fire is started by services/mail/flow.py."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import ARRAY, BigInteger, cast, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.file_access import file_reader, readable
from api.schemas.mail import MailTaskWrite
from api.temporal_ui import OPERATE, UI_PATH, workflow_path
from api.ticket_ops import exports_every_ticket
from domain.enums import MailKind, MailReport, MailTaskStatus
from domain.errors import Forbidden, Invalid
from domain.flows.mail import task_schedule_id
from domain.models.files import StoredFile
from domain.models.mail import MailFire, MailTask
from domain.rules import mail as rules
from domain.rules.inputs import Problems
from domain.settings import get_settings
from services.mail import store

MENU = "timed-mail"
HISTORY = "mail-history"


async def check_attachments(db: AsyncSession, user: Principal, ids: list[int]) -> None:
    """SPEC §8 'attachment is being uploaded': a file exists only once its upload has finished; an id that is not
    (yet) a file the caller may read is refused, and the form waits for its uploads before it saves."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return
    rows = (await db.scalars(select(StoredFile).where(StoredFile.id.in_(wanted)))).all()
    allowed = await readable(db, user, rows)
    if any(i not in allowed for i in wanted):
        raise Invalid("attachmentIds", "attachment_uploading")


async def apply_form(db: AsyncSession, user: Principal, row: MailTask, body: MailTaskWrite) -> None:
    if body.kind == MailKind.BI and not exports_every_ticket(user):  # the report is the whole ticket list
        raise Forbidden("MAIL_REPORT_FORBIDDEN")
    problems = Problems()  # every broken field named in one reply
    with problems.catching():
        await check_attachments(db, user, body.attachment_ids)
    with problems.catching():
        row.send_at = rules.first_send(body.repeat, body.send_at, body.time_zone, datetime.now(UTC))
    problems.raise_any()
    row.recipients, row.cc, row.subject, row.content = body.recipients, body.cc, body.subject, body.content
    row.kind, row.repeat, row.time_zone = body.kind, body.repeat, body.time_zone
    row.report = (body.report or MailReport.TICKETS) if body.kind == MailKind.BI else None
    row.attachment_ids = list(dict.fromkeys(body.attachment_ids))


def schedule_url(task_id: int, user: Principal) -> str | None:
    if not user.can(OPERATE):
        return None
    return f"{UI_PATH}/namespaces/{get_settings().temporal_namespace}/schedules/{task_schedule_id(task_id)}"


def fire_url(workflow_id: str, user: Principal) -> str | None:
    return workflow_path(workflow_id) if user.can(OPERATE) else None


async def view(db: AsyncSession, row: MailTask, user: Principal) -> dict[str, Any]:
    files, owner = await store.attachments_and_owner(db, row)
    now = datetime.now(UTC)
    sends = rules.next_sends(row.repeat, row.send_at, ZoneInfo(row.time_zone), now) \
        if row.status == MailTaskStatus.IN_USE else []
    return {**{c.key: getattr(row, c.key) for c in MailTask.__table__.columns}, "owner_name": owner,
            "attachments": files, "next_sends": sends,
            "schedule_id": task_schedule_id(row.id), "schedule_url": schedule_url(row.id, user)}


@file_reader
async def mail_files(db: AsyncSession, user: Principal, ids: list[int]) -> set[int]:
    """Whoever may see timed mails may open the files they attach and the reports their fires built."""
    if not (user.can(MENU) or user.can(HISTORY)):
        return set()
    overlaps = MailTask.attachment_ids.bool_op("&&")(cast(ids, ARRAY(BigInteger)))  # the column is bigint[]
    attached = select(MailTask.attachment_ids).where(overlaps)
    found = {i for (row,) in (await db.execute(attached)).all() for i in row if i in ids}
    if not exports_every_ticket(user):  # a fire's BI report is the whole ticket list of its span: only for those
        return found  # who may export every ticket themselves
    reports = await db.scalars(select(MailFire.report_file_id).where(MailFire.report_file_id.in_(ids)))
    return found | {i for i in reports if i is not None}
