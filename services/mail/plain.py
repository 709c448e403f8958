"""Plain-text mail over SMTP (settings.smtp_target), for notifications and alarms; blocking, so `send` runs it in a
thread.

An international address is sent as the timed mails send it (domain/rules/mail_headers.py `envelope_address`): its
domain in IDNA, a local part beyond ASCII with SMTPUTF8. One that cannot be sent (no IDNA form, or a server without
SMTPUTF8) is skipped, never retried: no retry mends it, and the other recipients still get theirs; `send` answers why,
so the caller records that mail as skipped with its reason, not as sent."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

from domain.rules.mail_headers import NO_SMTPUTF8, envelope_address, one_line
from domain.settings import get_settings

log = logging.getLogger("omp.mail")


def send_now(to: str, subject: str, body: str, message_id: str) -> str | None:
    """One message: None once the server took it, or why it was skipped. `message_id` is derived from the sender's
    idempotency key, so a mail system that sees the same message twice (after an interrupted retry) can tell it is
    a duplicate."""
    settings = get_settings()
    try:
        address, utf8 = envelope_address(to)
    except ValueError as exc:
        log.warning("mail to %s not sent: %s", to, exc)
        return str(exc)
    message = EmailMessage()
    # A subject composed from stored data (a job's name) is made one line rather than refused: the mail still goes.
    message["From"], message["To"], message["Subject"] = settings.mail_from, address, one_line(subject)
    message["Message-ID"] = f"<{message_id}@omp-console>"
    message.set_content(body)
    host, port = settings.smtp_target
    with smtplib.SMTP(host, port, timeout=20) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password or "")
        smtp.ehlo_or_helo_if_needed()
        if utf8 and not smtp.has_extn("smtputf8"):
            log.warning("mail to %s not sent: %s", to, NO_SMTPUTF8)
            return NO_SMTPUTF8
        smtp.send_message(message)  # SMTPUTF8 when an address needs it
    return None


async def send(to: str, subject: str, body: str, message_id: str) -> str | None:
    """None once sent, or why the mail was skipped."""
    return await asyncio.to_thread(send_now, to, subject, body, message_id)


def mailed(skipped: str | None) -> dict[str, Any]:
    """The columns marking one outbox-like row (an alarm or alert mail) once `send` answered: sent now, or skipped
    with the reason (the row is then done: no retry mends it)."""
    return {"sent_at": datetime.now(UTC)} if skipped is None else {"skipped": skipped[:500]}
