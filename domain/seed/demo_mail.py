"""Demo timed mails for `make run`: a daily BI report and a weekly note; the worker gives them their
Temporal Schedules when it starts (services/mail/schedules.py ensure_mail_schedules)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import MailKind, MailRepeat, MailReport, MailTaskStatus
from domain.models.mail import MailTask
from domain.models.users import User


async def create(db: AsyncSession) -> None:
    admin = await db.scalar(select(User.id).where(User.username == "admin"))
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).replace(hour=1, minute=0, second=0, microsecond=0)
    db.add_all([
        MailTask(owner_id=admin, recipients=["ops-leads@example.com", "support-leads@example.com"],
                 cc=["cs-manager@example.com"], subject="Daily ticket report", kind=MailKind.BI,
                 report=MailReport.TICKETS, content="<p>Good morning,</p><p>the tickets of the last day are "
                 "attached.</p>", attachment_ids=[], repeat=MailRepeat.DAILY, send_at=tomorrow,
                 time_zone="Asia/Jakarta", status=MailTaskStatus.IN_USE, consecutive_failures=0),
        MailTask(owner_id=admin, recipients=["all-staff@example.com"], cc=[], subject="Weekly release notes",
                 kind=MailKind.COMMON, content="<p>This week's console changes:</p><ul><li>Timed mails</li>"
                 "<li>Mail history</li></ul>", attachment_ids=[], repeat=MailRepeat.WEEKLY,
                 send_at=tomorrow + timedelta(hours=2), time_zone="Asia/Jakarta", status=MailTaskStatus.PAUSED,
                 paused_reason="MANUAL", consecutive_failures=0),
    ])
    await db.flush()
