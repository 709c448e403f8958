"""Mail history (SPEC §2 manage-mail/mail-history): every fire × recipient with its status, SMTP error, message
id and attachments, and one mail's every attempt with the server's reply; failed rows of one fire, or of every fire
in a time range, are sent again from here."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy import and_, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.flows import temporal_client
from api.mail_ops import HISTORY, fire_url
from api.resource.bounds import narrow_filters
from api.resource.query import apply_filters, apply_sort, page_of
from api.resource.scope import declares, unscoped
from api.schemas.mail import (
    MailHistoryDetail,
    MailHistoryFilters,
    MailHistoryItem,
    MailRetried,
    MailRetryFire,
    MailRetryRange,
)
from domain.enums import MailSendStatus
from domain.errors import Invalid, NotFound
from domain.flows.mail import fire_workflow_id
from domain.models.mail import MailFire, MailOutbox, MailTask
from services.mail import store

router = APIRouter(prefix="/mail-history", tags=["mail_history"])
narrow_filters(MailOutbox, MailHistoryFilters)  # each integer filter held to its column's range
SCOPE = unscoped("timed mails are shared by everyone who manages mail")
ROWS = (select(MailOutbox, MailTask.subject, MailFire.attachment_names, MailFire.workflow_id)
        .join(MailTask, MailTask.id == MailOutbox.task_id)
        .outerjoin(MailFire, and_(MailFire.task_id == MailOutbox.task_id, MailFire.fire_time == MailOutbox.fire_time)))


def item(row: Any, user: Principal) -> dict[str, Any]:
    out = row.MailOutbox
    workflow_id = row.workflow_id or fire_workflow_id(out.task_id, out.fire_time)
    return {"id": out.id, "taskId": out.task_id, "subject": row.subject, "fireTime": out.fire_time,
            "recipient": out.recipient, "copy": out.copy, "status": out.status, "messageId": out.message_id,
            "serverId": out.server_id, "smtpError": out.smtp_error, "attempts": out.attempts, "sentAt": out.sent_at,
            "smtpReply": out.smtp_error if out.status == MailSendStatus.FAILED else out.smtp_reply,
            "updatedAt": out.updated_at, "attachmentNames": row.attachment_names or [], "workflowId": workflow_id,
            "workflowUrl": fire_url(workflow_id, user)}


@router.post("/search", summary="Search the outbox: fires × recipients", openapi_extra=declares(SCOPE))
async def search(params: MailHistoryFilters, db: SessionDep,
                 user: Annotated[Principal, Need(HISTORY)]) -> Reply[Page[MailHistoryItem]]:
    query = apply_sort(apply_filters(ROWS, MailOutbox, params), MailOutbox, params.sort,
                       {"id", "fire_time", "status", "recipient", "sent_at"}, "-id")
    return ok(await page_of(db, query, params, lambda row: item(row, user), whole_rows=True))


@router.get("/detail/{outbox_id}", summary="One mail of the outbox: its recipient, subject, attempts and replies",
            openapi_extra=declares(SCOPE))
async def detail(outbox_id: int, db: SessionDep,
                 user: Annotated[Principal, Need(HISTORY)]) -> Reply[MailHistoryDetail]:
    row = (await db.execute(ROWS.where(MailOutbox.id == outbox_id))).first()
    if row is None:
        raise NotFound(entity="MailOutbox")
    return ok({**item(row, user), "attemptList": await store.attempts_of(db, outbox_id)})


@router.post("/retry-fire", summary="Send the failed rows of one fire again")
async def retry_fire(body: MailRetryFire, db: SessionDep, request: Request,
                     user: Annotated[Principal, Need("mail-history#retry")]) -> Reply[MailRetried]:
    client = await temporal_client(request)
    return ok(await store.retry(db, client, user, MailOutbox.task_id == body.task_id,
                          MailOutbox.fire_time == body.fire_time))


@router.post("/retry-range", summary="Send the failed rows of every fire in a time range again")
async def retry_range(body: MailRetryRange, db: SessionDep, request: Request,
                      user: Annotated[Principal, Need("mail-history#retry")]) -> Reply[MailRetried]:
    start, end = body.fire_time
    if start >= end:
        raise Invalid("fireTime", "range_order")
    client = await temporal_client(request)
    return ok(await store.retry(db, client, user, MailOutbox.fire_time >= start, MailOutbox.fire_time < end))
