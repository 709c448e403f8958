"""A timed mail's fire: write its outbox rows, then send the pending ones (the steps of workflows/mail.py, run by
activities/mail.py).

Exactly-once per recipient rests on the outbox: UNIQUE (task, fire, recipient) rows written before any SMTP,
and a row's claim (PENDING -> SENDING) committed with the final "." of its DATA, not before
(services/mail/claims.py). A batch run twice, by a retry or by a second worker, skips every row that is not
PENDING any more or that the other holds.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from email.errors import MessageError
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from temporalio.client import Client

from domain.db import plain_url, transaction
from domain.enums import MailSendStatus, MailTaskStatus
from domain.flows.mail import BatchResult, FireRef, Prepared
from domain.models.mail import MailFire, MailOutbox, MailTask
from domain.models.notifications import Notification
from domain.rules import mail as rules
from domain.settings import get_settings
from services.mail import content
from services.mail.handover import Heartbeat, hand_over
from services.mail.schedules import pause_schedule
from services.mail.sender import Job, Row
from services.mail.settle import settle_unfinished
from services.mail.smtp import Relay

log = logging.getLogger("omp.mail")
S = MailSendStatus
BATCH = 1000  # rows a batch takes; the fire's workflow asks for the next batch until none is pending
LANES = 8  # SMTP connections of one batch, each with a database connection of its own
CHECK_EVERY = 50  # mails between two looks at whether the task was paused
# A message that cannot be built (a header with a line break, a charset unknown, an attachment's file gone) is
# the same on every attempt.
UNBUILDABLE = (ValueError, TypeError, LookupError, MessageError, FileNotFoundError)

# Every recipient's row in one statement of three arrays: a multi-row VALUES of 10,000 rows cost the worker
# seconds of CPU to build and compile.
INSERT_ROWS = text(
    "insert into mail_outbox (task_id, fire_time, recipient, copy, status, message_id, attempts) "
    "select :task_id, :fire_time, r.recipient, r.copy, 'PENDING', r.message_id, 0 "
    "from unnest(cast(:recipients as varchar[]), cast(:copies as boolean[]), cast(:message_ids as varchar[])) "
    "with ordinality as r(recipient, copy, message_id, n) order by r.n "
    "on conflict on constraint uq_mail_outbox_task_fire_recipient do nothing")


async def prepare(ref: FireRef) -> Prepared:
    """The fire's row (with its BI report, built once) and one PENDING outbox row per recipient; a retry adds
    nothing twice."""
    async with transaction() as db:
        task = await db.get(MailTask, ref.task_id)
        if task is None:
            return Prepared(found=False)
        await db.execute(pg_insert(MailFire).values(
            task_id=task.id, fire_time=ref.fire_time, workflow_id=ref.workflow_id, attachment_names=[])
            .on_conflict_do_nothing(constraint="uq_mail_fires_task_fire"))
        fire = await db.scalar(select(MailFire).where(MailFire.task_id == task.id,
                                                      MailFire.fire_time == ref.fire_time).with_for_update())
        assert fire is not None
        if not fire.attachment_names:
            fire.attachment_names, fire.report_file_id = await content.fire_attachments(db, task, ref.fire_time)
        found = addressees(task)
        await db.execute(INSERT_ROWS, {
            "task_id": task.id, "fire_time": ref.fire_time, "recipients": [a for a, _ in found],
            "copies": [c for _, c in found],
            "message_ids": [rules.message_id(task.id, ref.fire_time, a) for a, _ in found]})
        pending = await count_pending(db, ref)
    return Prepared(found=True, pending=pending)


def addressees(task: MailTask) -> list[tuple[str, bool]]:
    """Every address once: a recipient also listed as cc is mailed as a recipient."""
    seen: set[str] = set()
    found = []
    for address, copy in [*((a, False) for a in task.recipients), *((a, True) for a in task.cc)]:
        if address.lower() not in seen:
            seen.add(address.lower())
            found.append((address, copy))
    return found


async def count_pending(db: Any, ref: FireRef) -> int:
    return await db.scalar(select(func.count()).where(
        MailOutbox.task_id == ref.task_id, MailOutbox.fire_time == ref.fire_time,
        MailOutbox.status == S.PENDING)) or 0


async def send_batch(client: Client, ref: FireRef, heartbeat: Heartbeat) -> BatchResult:
    """The next BATCH pending rows sent by the sending process (`heartbeat` is told how many are in flight while
    it sends); a task that failed FAILURE_LIMIT times in a row pauses itself and its schedule (`client`)."""
    await settle_unfinished(ref.task_id)  # what a sending process that died left SENDING, before sending more
    async with transaction() as db:
        task = await db.get(MailTask, ref.task_id)
        if task is None:
            return BatchResult()
        if task.status == MailTaskStatus.PAUSED:
            return BatchResult(paused=True, remaining=await count_pending(db, ref))
        fire = await db.scalar(select(MailFire).where(MailFire.task_id == ref.task_id,
                                                      MailFire.fire_time == ref.fire_time))
        try:
            message = await content.compose(db, task, fire)
        except UNBUILDABLE as exc:  # no retry mends it: every recipient's row says so, for the history's retry
            return BatchResult(failed=await fail_pending(db, ref, f"the message cannot be built: {exc}"))
        rows = (await db.execute(select(MailOutbox.id, MailOutbox.recipient, MailOutbox.copy, MailOutbox.message_id)
                                 .where(MailOutbox.task_id == ref.task_id, MailOutbox.fire_time == ref.fire_time,
                                        MailOutbox.status == S.PENDING)
                                 .order_by(MailOutbox.id.desc()).limit(BATCH))).all()
        failures = task.consecutive_failures
    settings = get_settings()
    job = Job(task_id=ref.task_id, rows=[Row(*r) for r in rows], wire=message.wire, database_url=plain_url(),
              relay=Relay.of(settings), sender=settings.mail_from, lanes=LANES, failures=failures,
              failure_limit=rules.FAILURE_LIMIT, check_every=CHECK_EVERY)
    batch = await hand_over(job, heartbeat)  # by a process that outlives a killed worker (services/mail/sender.py)
    auto_paused = batch.failures >= rules.FAILURE_LIMIT
    async with transaction() as db:
        task = await db.get(MailTask, ref.task_id, with_for_update=True)
        if task is None:
            return BatchResult(sent=batch.sent, failed=batch.failed)
        task.consecutive_failures = batch.failures
        if auto_paused and task.status == MailTaskStatus.IN_USE:
            await pause_itself(db, task)
        remaining = await count_pending(db, ref)
        paused = task.status == MailTaskStatus.PAUSED
    if auto_paused:
        await pause_schedule(client, ref.task_id, "paused after consecutive SMTP failures")
    return BatchResult(sent=batch.sent, failed=batch.failed, remaining=remaining, paused=paused)


async def fail_pending(db: Any, ref: FireRef, error: str) -> int:
    failed = await db.execute(update(MailOutbox).where(
        MailOutbox.task_id == ref.task_id, MailOutbox.fire_time == ref.fire_time, MailOutbox.status == S.PENDING)
        .values(status=S.FAILED, smtp_error=error[:1000], updated_at=func.now()))
    log.warning("timed mail %s: %s", ref.task_id, error)
    return int(failed.rowcount or 0)


async def pause_itself(db: Any, task: MailTask) -> None:
    """After FAILURE_LIMIT failures in a row: the task pauses and its owner gets a console notification (a mail
    would likely fail as the others did)."""
    task.status, task.paused_reason = MailTaskStatus.PAUSED, "SMTP_FAILURES"
    if task.owner_id is not None:
        key = f"mail-task-{task.id}-paused-{datetime.now(UTC):%Y%m%dT%H%M%S}"
        await db.execute(pg_insert(Notification).values(
            user_id=task.owner_id, key=key, kind="MAIL_PAUSED",
            params={"taskId": task.id, "subject": task.subject, "failures": task.consecutive_failures},
            link=f"/system/message-center/manage-mail/mail-history?taskId={task.id}",
            mail_sent_at=datetime.now(UTC)).on_conflict_do_nothing(constraint="uq_notifications_key_user_id"))
    log.warning("timed mail %s paused after %s SMTP failures", task.id, task.consecutive_failures)
