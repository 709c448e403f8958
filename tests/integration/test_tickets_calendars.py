"""Business calendars: seeded from SPEC §9's 2021 list and the `holidays` package, editable afterwards."""

from datetime import date

from sqlalchemy import select

from domain.db import transaction
from domain.enums import CalendarDayKind
from domain.models.calendars import BusinessCalendarRow, CalendarDay
from domain.seed import calendars


async def days_of(code: str) -> dict[date, CalendarDayKind]:
    async with transaction() as db:
        rows = (await db.execute(select(CalendarDay.day, CalendarDay.kind).join(
            BusinessCalendarRow, BusinessCalendarRow.id == CalendarDay.calendar_id)
            .where(BusinessCalendarRow.code == code))).all()
    return {day: kind for day, kind in rows}


async def test_china_is_the_default_calendar_with_the_2021_list_and_current_years():
    """Non-work applies on a listed 2021 holiday; make-up working days are work days."""
    async with transaction() as db:
        default = await db.scalar(select(BusinessCalendarRow).where(BusinessCalendarRow.is_default))
    assert (default.code, default.time_zone) == ("CN", "Asia/Shanghai")
    days = await days_of("CN")
    assert days[date(2021, 10, 1)] == CalendarDayKind.HOLIDAY  # National Day
    assert days[date(2021, 9, 26)] == CalendarDayKind.WORKDAY  # a Sunday worked before it
    this_year = date.today().year
    assert any(d.year == this_year for d in days) and any(d.year == this_year + 1 for d in days)


async def test_indonesia_has_the_current_years_and_edits_survive_a_new_seed():
    days = await days_of("ID")
    assert any(d.year == date.today().year for d in days)
    async with transaction() as db:
        calendar_id = await db.scalar(select(BusinessCalendarRow.id).where(BusinessCalendarRow.code == "ID"))
        first = await db.scalar(select(CalendarDay).where(CalendarDay.calendar_id == calendar_id)
                                .order_by(CalendarDay.day.desc()).limit(1))
        first.name = "Edited by staff"
    async with transaction() as db:
        await calendars.sync(db)
    async with transaction() as db:
        assert await db.scalar(select(CalendarDay.name).where(CalendarDay.id == first.id)) == "Edited by staff"
