"""Console notifications and their mails, for every module: one row per recipient and event key (unique
`(key, user)`, so a retried sender writes nothing twice), then a mail to each recipient not mailed yet, its
times written in that recipient's zone; and the caller's own notifications as the console lists them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.db import transaction
from domain.i18n import DEFAULT_LANGUAGE, t
from domain.models.notifications import Notification
from domain.models.users import User
from domain.rules.time_zones import format_if_instant, zone_or_default
from domain.settings import get_settings
from domain.user_time_zones import zone_names_of
from services.mail import plain

TIME_PARAMS = frozenset({"due", "expireAt"})  # parameters holding an ISO instant, written in the reader's zone


async def deliver(key: str, kind: str, params: dict[str, Any], link: str, recipients: Iterable[int]) -> int:
    """Notify each existing recipient once per key (in the console at `link`, by mail with the whole address).
    Returns how many mails went out."""
    async with transaction() as db:
        users = (await db.scalars(select(User.id).where(User.id.in_(list(recipients))))).all()
        if users:
            await db.execute(pg_insert(Notification).values([
                {"user_id": u, "key": key, "kind": kind, "params": params, "link": link}
                for u in users]).on_conflict_do_nothing(constraint="uq_notifications_key_user_id"))
        unsent = (await db.execute(select(Notification.id, Notification.user_id, User.email)
                                   .join(User, User.id == Notification.user_id)
                                   .where(Notification.key == key, Notification.mail_sent_at.is_(None)))).all()
        zones = await zone_names_of(db, [user_id for _, user_id, _ in unsent])
    for notification_id, user_id, email in unsent:
        subject, body = render_notice(kind, params, DEFAULT_LANGUAGE, zone_or_default(zones.get(user_id)))
        body += f"\n\n{get_settings().console_web}{link}\n"
        await plain.send(email, subject, body, f"{key}.{notification_id}")
        async with transaction() as db:
            await db.execute(update(Notification).where(Notification.id == notification_id)
                             .values(mail_sent_at=datetime.now().astimezone()))
    return len(unsent)


def render_notice(kind: str, params: dict[str, Any], lang: str | None, zone: ZoneInfo) -> tuple[str, str]:
    """(title, body) of a notification in a language, its times in a zone; a `clock` parameter is named in that
    language too."""
    values = {k: format_if_instant(v, zone) if k in TIME_PARAMS and isinstance(v, str) else v
              for k, v in params.items()}
    if "clock" in values:
        values["clock"] = t(f"tickets.clock.{values['clock']}", lang)
    return t(f"notifications.{kind}.title", lang, **values), t(f"notifications.{kind}.body", lang, **values)


async def page(db: AsyncSession, user_id: int, unread: bool | None, number: int,
               size: int) -> tuple[list[Notification], int]:
    """One page of the user's notifications, newest first (`unread`: only unread, only read, or both), and how many
    there are."""
    query = select(Notification).where(Notification.user_id == user_id)
    if unread is not None:
        query = query.where(Notification.read_at.is_(None) if unread else Notification.read_at.is_not(None))
    total = await db.scalar(query.with_only_columns(func.count())) or 0
    rows = (await db.scalars(query.order_by(Notification.id.desc()).limit(size).offset((number - 1) * size))).all()
    return list(rows), total


async def unread_count(db: AsyncSession, user_id: int) -> int:
    count = await db.scalar(select(func.count()).where(Notification.user_id == user_id,
                                                       Notification.read_at.is_(None)))
    return count or 0


async def mark_read(db: AsyncSession, user_id: int, ids: list[int] | None) -> None:
    """Some (`ids`) or all of the user's unread notifications read now."""
    query = update(Notification).where(Notification.user_id == user_id, Notification.read_at.is_(None))
    if ids:
        query = query.where(Notification.id.in_(ids))
    await db.execute(query.values(read_at=datetime.now(UTC)))
