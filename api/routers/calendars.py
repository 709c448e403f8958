"""Business calendars (SPEC §9 work time) on the resource kit: calendars and their holidays and make-up
working days. The default calendar is the one ticket SLAs read when a clock starts."""

from __future__ import annotations

from typing import Any

from sqlalchemy import true, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION
from api.schemas.calendars import (
    CalendarCreate,
    CalendarDayCreate,
    CalendarDayFilters,
    CalendarDayPublic,
    CalendarDayUpdate,
    CalendarFilters,
    CalendarPublic,
    CalendarUpdate,
)
from api.user_center import ensure_ids
from domain.errors import DomainError
from domain.models.calendars import BusinessCalendarRow, CalendarDay

ACTIONS = Actions(add="calendar#add", edit="calendar#edit", delete="calendar#delete", export="calendar#export",
                  import_="calendar#import")


async def one_default(db: AsyncSession, row: Any, _: Principal) -> None:
    """Making a calendar the default takes the flag from the one that had it."""
    if row.is_default:
        others = BusinessCalendarRow.id != row.id if row.id is not None else true()
        await db.execute(update(BusinessCalendarRow).where(others).values(is_default=False))


async def keep_default(_: AsyncSession, row: Any, __: Principal) -> None:
    if row.is_default:
        raise DomainError("CALENDAR_DEFAULT_NEEDED", status=409)


async def calendar_exists(db: AsyncSession, row: Any, _: Principal) -> None:
    await ensure_ids(db, BusinessCalendarRow, [row.calendar_id], "calendarId")


calendars = Resource(
    name="BusinessCalendar", model=BusinessCalendarRow, public=CalendarPublic, create=CalendarCreate,
    update=CalendarUpdate, filters=CalendarFilters, permission="ticket-calendar", actions=ACTIONS,
    scope=CONFIGURATION, prepare=one_default, check_delete=keep_default,
    unique={"uq_business_calendars_code": "code"}, default_sort="code",
)
days = Resource(
    name="CalendarDay", model=CalendarDay, public=CalendarDayPublic, create=CalendarDayCreate,
    update=CalendarDayUpdate, filters=CalendarDayFilters, permission="ticket-calendar", actions=ACTIONS,
    scope=CONFIGURATION, prepare=calendar_exists, unique={"uq_calendar_days_calendar_id_day": "day"},
    default_sort="day",
)

router = calendars.router(prefix="/ticket-calendar", tags=["calendars"])
day_router = days.router(prefix="/ticket-calendar-day", tags=["calendar_days"])
