"""The caller's console notifications (SLA breaches, reminders, automatic closes), in the caller's language."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.resource.scope import CALLERS_OWN, declares
from api.schemas.notifications import NotificationFilters, NotificationPublic, ReadBody, UnreadCount
from domain.user_time_zones import zone_of
from services import notifications

router = APIRouter(prefix="/notification", tags=["notifications"])
Caller = Annotated[Principal, Need(AUTHENTICATED)]


@router.post("/search", summary="My notifications, newest first", openapi_extra=declares(CALLERS_OWN))
async def search(params: NotificationFilters, db: SessionDep, user: Caller) -> Reply[Page[NotificationPublic]]:
    rows, total = await notifications.page(db, user.id, params.unread, params.page, params.page_size)
    items, zone = [], await zone_of(db, user.id)
    for row in rows:
        title, body = notifications.render_notice(row.kind, row.params, None, zone)
        items.append({"id": row.id, "kind": row.kind, "title": title, "body": body, "link": row.link,
                      "createdAt": row.created_at, "readAt": row.read_at, "mailSentAt": row.mail_sent_at})
    return ok({"items": items, "total": total, "page": params.page, "pageSize": params.page_size})


@router.get("/unread-count", summary="How many of my notifications are unread",
            openapi_extra=declares(CALLERS_OWN))
async def unread_count(db: SessionDep, user: Caller) -> Reply[UnreadCount]:
    return ok({"unread": await notifications.unread_count(db, user.id)})


@router.post("/read", summary="Mark some (or all) of my notifications read")
async def mark_read(body: ReadBody, db: SessionDep, user: Caller) -> Reply[UnreadCount]:
    await notifications.mark_read(db, user.id, body.ids)
    return await unread_count(db, user)
