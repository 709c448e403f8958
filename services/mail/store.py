"""What the timed mail routes write and read, with no HTTP: a task row (locked for a change), its audit entries,
the fires a recovered task goes on with, the history's retry of failed rows and a row's attempts, and the facts a
task's view shows."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain import audit
from domain.enums import MailSendStatus, MailTaskStatus
from domain.errors import DomainError, NotFound
from domain.flows.mail import RETRY, fire_workflow_id
from domain.models.files import StoredFile
from domain.models.mail import MailAttempt, MailOutbox, MailTask
from domain.models.users import User
from services.actors import Actor
from services.mail.flow import start_fire


async def load(db: AsyncSession, task_id: int, *, lock: bool = False) -> MailTask:
    query = select(MailTask).where(MailTask.id == task_id)
    row = await db.scalar(query.with_for_update() if lock else query)
    if row is None:
        raise NotFound(entity="MailTask")
    return row


async def changed(db: AsyncSession, actor: Actor, row: MailTask, action: str, before: dict[str, Any] | None) -> None:
    await audit.record_change(db, operator_id=actor.id, operator_name=actor.username, entity="MailTask",
                              entity_id=row.id, action=action, before=before, after=audit.snapshot(row))


async def pending_fires(db: AsyncSession, task_id: int) -> list[datetime]:
    """The fires of the task with rows still PENDING (a paused task's, which its recovery goes on with)."""
    return list((await db.scalars(select(MailOutbox.fire_time).distinct().where(
        MailOutbox.task_id == task_id, MailOutbox.status == MailSendStatus.PENDING))).all())


async def retry(db: AsyncSession, client: Client, actor: Actor, *conditions: ColumnElement[bool]) -> dict[str, int]:
    """Failed rows back to PENDING, then each of their fires started again (or told, when it still runs): only
    those rows are sent, each once. A paused task is refused: recover it first."""
    failed = [MailOutbox.status == MailSendStatus.FAILED, *conditions]
    paused = await db.scalar(select(MailTask.id).join(MailOutbox, MailOutbox.task_id == MailTask.id)
                             .where(*failed, MailTask.status == MailTaskStatus.PAUSED).limit(1))
    if paused is not None:
        raise DomainError("MAIL_PAUSED", status=409)
    reset = (await db.execute(update(MailOutbox).where(*failed)
                              .values(status=MailSendStatus.PENDING, smtp_error=None)
                              .returning(MailOutbox.task_id, MailOutbox.fire_time))).all()
    if not reset:
        raise DomainError("MAIL_NOTHING_TO_RETRY", status=409)
    fires = sorted({(r.task_id, r.fire_time) for r in reset})
    await audit.record_change(db, operator_id=actor.id, operator_name=actor.username, entity="MailOutbox",
                              entity_id=None, action="retry", before=None,
                              after={"rows": len(reset), "fires": [fire_workflow_id(*f) for f in fires]})
    await db.commit()  # the fires read the rows: they must be PENDING before a fire looks
    for task_id, fire_time in fires:
        await start_fire(client, task_id, fire_time, signal=RETRY)
    return {"rows": len(reset), "fires": len(fires)}


async def attachments_and_owner(db: AsyncSession, row: MailTask) -> tuple[list[dict[str, Any]], str | None]:
    """The files the task attaches (id and name) and its owner's display name, as its view shows them."""
    files = (await db.execute(select(StoredFile.id, StoredFile.name)
                              .where(StoredFile.id.in_(row.attachment_ids)))).all() if row.attachment_ids else []
    owner = await db.scalar(select(User.display_name).where(User.id == row.owner_id)) if row.owner_id else None
    return [{"id": f.id, "name": f.name} for f in files], owner


async def attempts_of(db: AsyncSession, outbox_id: int) -> list[dict[str, Any]]:
    """An outbox row's attempts, the first first, each with its time, result and the server's reply."""
    rows = await db.scalars(select(MailAttempt).where(MailAttempt.outbox_id == outbox_id)
                            .order_by(MailAttempt.attempt))
    return [{"attempt": a.attempt, "at": a.at, "result": a.result, "reply": a.reply} for a in rows]
