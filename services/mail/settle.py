"""Outbox rows left SENDING by a sending process that died before writing the server's reply: settled before a
task's next batch, never sent again by themselves (docs/decisions/mail-unsettled-sends.md).

A SENDING row's final "." went out (its claim was committed with it), so the server most likely has the message.
The local SMTP sink can be asked: its .eml files carry our Message-ID, so a row whose copy is there is SENT (the
file's name is the sink's id, as its 250 reply says), and a row without one never reached it and is FAILED, for
the mail history's retry. An external relay cannot be asked: the row is FAILED, "delivery unknown", saying to check
before resending.

The rows of a sending process still alive are its own: each of its lanes holds the task's sending lock shared
(services/mail/sender.py), and the settling takes it alone or does nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.db import transaction
from domain.enums import MailSendStatus
from domain.models.mail import MailOutbox
from domain.settings import get_settings
from services.mail.sender import sending_lock

log = logging.getLogger("omp.mail")
S = MailSendStatus
UNCONFIRMED = ("delivery unknown: the message was handed to the mail server but its reply was not recorded; "
               "check with the recipient before resending")
NOT_DELIVERED = "not delivered: the sending process ended and the mail server has no copy; retry sends it"
MESSAGE_ID = re.compile(rb"^Message-ID:[ \t]*(<[^>\r\n]+>)", re.IGNORECASE | re.MULTILINE)
HEAD = 16384  # the headers of a stored message, ours first (smtp.personal_copy)
SLACK_SECONDS = 300  # a stored file older than its row's claim by more than this is not its copy


async def settle_unfinished(task_id: int) -> int:
    """The task's SENDING rows no live sending process holds, settled; how many."""
    async with transaction() as db:
        free = await db.scalar(text("select pg_try_advisory_xact_lock(hashtextextended(:key, 0))"),
                               {"key": sending_lock(task_id)})
        if not free:
            return 0  # a sending process of this task is alive: it records its own rows
        rows = (await db.execute(select(MailOutbox.id, MailOutbox.message_id, MailOutbox.updated_at).where(
            MailOutbox.status == S.SENDING, MailOutbox.task_id == task_id))).all()
        if not rows:
            return 0
        directory = get_settings().smtp_sink_dir
        if directory is None:
            await fail(db, [r.id for r in rows], UNCONFIRMED)
        else:
            copies = await asyncio.to_thread(sink_copies, directory, min(r.updated_at for r in rows))
            await mark_sent(db, [(r.id, copies[r.message_id]) for r in rows if r.message_id in copies])
            await fail(db, [r.id for r in rows if r.message_id not in copies], NOT_DELIVERED)
    log.warning("timed mail %s: %s mails left SENDING by a sending process that died, settled", task_id, len(rows))
    return len(rows)


async def fail(db: AsyncSession, ids: list[int], error: str) -> None:
    if ids:
        await db.execute(update(MailOutbox).where(MailOutbox.id.in_(ids), MailOutbox.status == S.SENDING)
                         .values(status=S.FAILED, smtp_error=error, updated_at=func.now()))


async def mark_sent(db: AsyncSession, found: list[tuple[int, str]]) -> None:
    for row_id, server_id in found:
        await db.execute(update(MailOutbox).where(MailOutbox.id == row_id, MailOutbox.status == S.SENDING)
                         .values(status=S.SENT, server_id=server_id, smtp_error=None, sent_at=func.now(),
                                 updated_at=func.now()))


def sink_copies(directory: Path, since: datetime) -> dict[str, str]:
    """Message-ID -> the sink's id (its file's stem) of the messages it stored from `since` on."""
    floor = (since if since.tzinfo else since.replace(tzinfo=UTC)).timestamp() - SLACK_SECONDS
    found: dict[str, str] = {}
    for path in directory.glob("*.eml"):
        try:
            if path.stat().st_mtime < floor:
                continue
            with path.open("rb") as stored:
                head = stored.read(HEAD)
        except OSError:
            continue  # removed meanwhile
        match = MESSAGE_ID.search(head.split(b"\r\n\r\n", 1)[0])
        if match:
            found[match.group(1).decode(errors="replace")] = path.stem
    return found
