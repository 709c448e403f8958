"""The zone each user reads times in: their own choice, else the default business calendar's zone."""

from __future__ import annotations

from collections.abc import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.calendars import BusinessCalendarRow
from domain.models.users import User
from domain.rules.calendar import DEFAULT_TIME_ZONE
from domain.rules.time_zones import zone_or_default

# The default business calendar's zone (the first calendar if none is marked default, SPEC §9's if none exist).
CALENDAR_ZONE = (select(BusinessCalendarRow.time_zone)
                 .order_by(BusinessCalendarRow.is_default.desc(), BusinessCalendarRow.id).limit(1).scalar_subquery())


async def default_zone_name(db: AsyncSession) -> str:
    return await db.scalar(select(func.coalesce(CALENDAR_ZONE, DEFAULT_TIME_ZONE))) or DEFAULT_TIME_ZONE


async def zone_names_of(db: AsyncSession, user_ids: Iterable[int]) -> dict[int, str]:
    """Each user's effective zone name, by user id (unknown ids are left out)."""
    ids = list(set(user_ids))
    if not ids:
        return {}
    rows = await db.execute(select(User.id, func.coalesce(User.time_zone, CALENDAR_ZONE, DEFAULT_TIME_ZONE))
                            .where(User.id.in_(ids)))
    return {user_id: name for user_id, name in rows.all()}


async def zone_name_of(db: AsyncSession, user_id: int) -> str:
    return (await zone_names_of(db, [user_id])).get(user_id) or DEFAULT_TIME_ZONE


async def zone_of(db: AsyncSession, user_id: int) -> ZoneInfo:
    """The zone one user reads times in (exports, mails, notifications and dashboards made for them)."""
    return zone_or_default(await zone_name_of(db, user_id))
