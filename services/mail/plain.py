"""Plain-text mail over SMTP (settings.smtp_target), for notifications and alarms; blocking, so `send` runs it in a
thread."""

from __future__ import annotations

import asyncio
import smtplib
from email.message import EmailMessage

from domain.rules.mail_headers import one_line
from domain.settings import get_settings


def send_now(to: str, subject: str, body: str, message_id: str) -> None:
    """One message. `message_id` is derived from the sender's idempotency key, so a mail system that
    sees the same message twice (after an interrupted retry) can tell it is a duplicate."""
    settings = get_settings()
    message = EmailMessage()
    # A subject composed from stored data (a job's name) is made one line rather than refused: the mail still goes.
    message["From"], message["To"], message["Subject"] = settings.mail_from, to, one_line(subject)
    message["Message-ID"] = f"<{message_id}@omp-console>"
    message.set_content(body)
    host, port = settings.smtp_target
    with smtplib.SMTP(host, port, timeout=20) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password or "")
        smtp.send_message(message)


async def send(to: str, subject: str, body: str, message_id: str) -> None:
    await asyncio.to_thread(send_now, to, subject, body, message_id)
