"""Timed mails (SPEC §2 manage-mail/timed-mail, §3, §4, §5): create and edit, the preview of the next sends,
pause, recover and send again. Each task is one Temporal Schedule (services/mail/schedules.py); each fire
is a flow `mail-{taskId}-{nominalTime}` (workflows/mail.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from sqlalchemy import select
from temporalio.client import Client

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.flows import temporal_client
from api.mail_ops import MENU, apply_form, view
from api.resource.query import apply_filters, apply_sort, page_of, picked_or_named
from api.resource.scope import declares, unscoped
from api.schedule_saves import follow, saved
from api.schemas.mail import (
    MailPreview,
    MailPreviewQuery,
    MailTaskCreate,
    MailTaskFilters,
    MailTaskPublic,
    MailTaskUpdate,
)
from api.schemas.options import MailTaskOption, PickedIds, Typed
from domain import audit
from domain.enums import MailTaskStatus
from domain.errors import DomainError
from domain.flows.mail import RECOVER
from domain.models.mail import MailTask
from domain.rules import mail as rules
from services.mail import store
from services.mail.flow import start_fire
from services.mail.schedules import drop_schedule, put_schedule

router = APIRouter(prefix="/mail", tags=["mail"])
# Every holder of the menu sees every timed mail: they are the console's own announcements, not a team's data.
SCOPE = unscoped("timed mails are shared by everyone who manages mail")


@router.post("/search", summary="Search timed mails", openapi_extra=declares(SCOPE))
async def search(params: MailTaskFilters, db: SessionDep,
                 user: Annotated[Principal, Need(MENU)]) -> Reply[Page[MailTaskPublic]]:
    query = apply_sort(apply_filters(select(MailTask), MailTask, params), MailTask, params.sort,
                       {"id", "subject", "status", "repeat", "send_at", "updated_at"}, "-id")
    return ok(await page_of(db, query, params, lambda row: view(db, row, user)))


@router.get("/options", openapi_extra=declares(SCOPE),
            summary="Timed mails whose subject contains what is typed (the first 20), or the given ids, for the mail "
            "history's mail filter")
async def options(db: SessionDep, _: Annotated[Principal, Need(MENU, "mail-history")], q: Typed = None,
                  ids: PickedIds = None) -> Reply[list[MailTaskOption]]:
    query = select(MailTask).order_by(MailTask.subject, MailTask.id)
    rows = await db.scalars(picked_or_named(query, [MailTask.subject], q, MailTask.id, ids))
    return ok([MailTaskOption.model_validate(row) for row in rows])


@router.get("/detail/{task_id}", summary="One timed mail with its next send times", openapi_extra=declares(SCOPE))
async def detail(task_id: int, db: SessionDep, user: Annotated[Principal, Need(MENU)]) -> Reply[MailTaskPublic]:
    return ok(await view(db, await store.load(db, task_id), user))


@router.post("/preview", summary="The next 5 send times of a repeat kind, first send and zone (the editor's form, "
                                  "or a saved mail: a ONCE mail's own send time)", openapi_extra={"x-audit": False})
async def preview(body: MailPreviewQuery, _: Annotated[Principal, Need(MENU)]) -> Reply[MailPreview]:
    now = datetime.now(UTC)
    first = now if body.send_at is None else (
        body.send_at if body.send_at.tzinfo else body.send_at.replace(tzinfo=ZoneInfo(body.time_zone)))
    return ok({"sends": rules.next_sends(body.repeat, first, ZoneInfo(body.time_zone), now),
               "timeZone": body.time_zone})


@router.post("/add", summary="Create a timed mail and its schedule (ONCE: sent at once)")
async def add(body: MailTaskCreate, db: SessionDep, request: Request,
              user: Annotated[Principal, Need("mail#add")]) -> Reply[MailTaskPublic]:
    row = MailTask(owner_id=user.id, status=MailTaskStatus.IN_USE, consecutive_failures=0)
    await apply_form(db, user, row, body)
    db.add(row)
    await db.flush()
    await store.changed(db, user, row, "create", None)

    async def schedule(client: Client) -> None:
        await put_schedule(client, row)
        if row.repeat == "ONCE":
            await start_fire(client, row.id, row.send_at)  # the fire reads the task, committed by now

    followed = await follow(request, db, schedule)
    return saved(await view(db, row, user), followed)


@router.post("/modify", summary="Edit a timed mail; its schedule follows")
async def modify(body: MailTaskUpdate, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("mail#edit")]) -> Reply[MailTaskPublic]:
    row = await store.load(db, body.id, lock=True)
    before = audit.snapshot(row)
    await apply_form(db, user, row, body)
    await db.flush()
    await store.changed(db, user, row, "update", before)
    followed = await follow(request, db, lambda client: put_schedule(client, row))
    return saved(await view(db, row, user), followed)


@router.delete("/delete/{task_id}", summary="Delete a timed mail, its schedule and its history")
async def delete(task_id: int, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("mail#delete")]) -> Reply[None]:
    row = await store.load(db, task_id, lock=True)
    before = audit.snapshot(row)
    await db.delete(row)
    await db.flush()
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="MailTask",
                              entity_id=task_id, action="delete", before=before, after=None)
    return saved(None, await follow(request, db, lambda client: drop_schedule(client, task_id)))


@router.post("/{task_id}/pause", summary="Pause: no new fire starts, a fire sending stops after its current mail")
async def pause(task_id: int, db: SessionDep, request: Request,
                user: Annotated[Principal, Need("mail#send")]) -> Reply[MailTaskPublic]:
    row = await store.load(db, task_id, lock=True)
    if row.status == MailTaskStatus.PAUSED:
        raise DomainError("MAIL_ALREADY_PAUSED", status=409)
    before = audit.snapshot(row)
    row.status, row.paused_reason = MailTaskStatus.PAUSED, "MANUAL"
    await db.flush()
    await store.changed(db, user, row, "pause", before)
    followed = await follow(request, db, lambda client: put_schedule(client, row, note=f"paused by {user.username}"))
    return saved(await view(db, row, user), followed)


@router.post("/{task_id}/recover", summary="Recover: the schedule runs again and paused fires send what was not sent")
async def recover(task_id: int, db: SessionDep, request: Request,
                  user: Annotated[Principal, Need("mail#send")]) -> Reply[MailTaskPublic]:
    row = await store.load(db, task_id, lock=True)
    if row.status != MailTaskStatus.PAUSED:
        raise DomainError("MAIL_NOT_PAUSED", status=409)
    before = audit.snapshot(row)
    row.status, row.paused_reason, row.consecutive_failures = MailTaskStatus.IN_USE, None, 0
    await db.flush()
    await store.changed(db, user, row, "recover", before)
    waiting = await store.pending_fires(db, task_id)

    async def resume(client: Client) -> None:  # the fires read the task's state: IN_USE, committed by now
        await put_schedule(client, row, note=f"recovered by {user.username}")
        for fire_time in waiting:
            await start_fire(client, task_id, fire_time, signal=RECOVER)

    followed = await follow(request, db, resume)
    return saved(await view(db, row, user), followed)


@router.post("/{task_id}/send-again", summary="Send again: a new fire now, to every recipient")
async def send_again(task_id: int, db: SessionDep, request: Request,
                     user: Annotated[Principal, Need("mail#send")]) -> Reply[MailTaskPublic]:
    client = await temporal_client(request)
    row = await store.load(db, task_id)
    if row.status == MailTaskStatus.PAUSED:
        raise DomainError("MAIL_PAUSED", status=409)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="MailTask",
                              entity_id=task_id, action="send", before=None, after={"sendAgain": True})
    await db.commit()
    await start_fire(client, task_id, datetime.now(UTC).replace(microsecond=0))
    return ok(await view(db, row, user))
