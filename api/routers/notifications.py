"""The caller's console notifications (SLA breaches, reminders, automatic closes), in the caller's language."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter
from sqlalchemy import func, select, update

from activities.notifications import render_notice
from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.resource.scope import CALLERS_OWN, declares
from api.schemas.notifications import NotificationFilters, NotificationPublic, ReadBody, UnreadCount
from domain.models.notifications import Notification
from domain.user_time_zones import zone_of

router = APIRouter(prefix="/notification", tags=["notifications"])
Caller = Annotated[Principal, Need(AUTHENTICATED)]


@router.post("/search", summary="My notifications, newest first", openapi_extra=declares(CALLERS_OWN))
async def search(params: NotificationFilters, db: SessionDep, user: Caller) -> Reply[Page[NotificationPublic]]:
    query = select(Notification).where(Notification.user_id == user.id)
    if params.unread is not None:
        query = query.where(Notification.read_at.is_(None) if params.unread else Notification.read_at.is_not(None))
    total = await db.scalar(query.with_only_columns(func.count())) or 0
    rows = (await db.scalars(query.order_by(Notification.id.desc()).limit(params.page_size)
                             .offset((params.page - 1) * params.page_size))).all()
    items, zone = [], await zone_of(db, user.id)
    for row in rows:
        title, body = render_notice(row.kind, row.params, None, zone)
        items.append({"id": row.id, "kind": row.kind, "title": title, "body": body, "link": row.link,
                      "createdAt": row.created_at, "readAt": row.read_at, "mailSentAt": row.mail_sent_at})
    return ok({"items": items, "total": total, "page": params.page, "pageSize": params.page_size})


@router.get("/unread-count", summary="How many of my notifications are unread",
            openapi_extra=declares(CALLERS_OWN))
async def unread_count(db: SessionDep, user: Caller) -> Reply[UnreadCount]:
    count = await db.scalar(select(func.count()).where(Notification.user_id == user.id,
                                                       Notification.read_at.is_(None)))
    return ok({"unread": count or 0})


@router.post("/read", summary="Mark some (or all) of my notifications read")
async def mark_read(body: ReadBody, db: SessionDep, user: Caller) -> Reply[UnreadCount]:
    query = update(Notification).where(Notification.user_id == user.id, Notification.read_at.is_(None))
    if body.ids:
        query = query.where(Notification.id.in_(body.ids))
    await db.execute(query.values(read_at=datetime.now(UTC)))
    return await unread_count(db, user)
