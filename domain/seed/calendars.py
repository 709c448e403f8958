"""Built-in business calendars: China (the default, with SPEC §9's 2021 list) and Indonesia.

A calendar is created once; afterwards only years it has no days for are added (the current and the
next year), so what staff edited on the calendar screen stays as it is.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import extract, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import CalendarDayKind
from domain.models.calendars import BusinessCalendarRow, CalendarDay
from domain.rules.calendar import package_days

# code -> (name, time zone, default, years seeded besides the current and next one)
BUILT_IN: dict[str, tuple[str, str, bool, tuple[int, ...]]] = {
    "CN": ("China", "Asia/Shanghai", True, (2021,)),
    "ID": ("Indonesia", "Asia/Jakarta", False, ()),
}


async def sync(db: AsyncSession, today: date | None = None) -> None:
    this_year = (today or date.today()).year
    for code, (name, zone, default, extra_years) in BUILT_IN.items():
        calendar = await db.scalar(select(BusinessCalendarRow).where(BusinessCalendarRow.code == code))
        if calendar is None:
            calendar = BusinessCalendarRow(code=code, name=name, time_zone=zone, is_default=default)
            db.add(calendar)
            await db.flush()
        years = sorted({*extra_years, this_year, this_year + 1})
        present = set((await db.scalars(select(extract("year", CalendarDay.day)).distinct()
                                        .where(CalendarDay.calendar_id == calendar.id))).all())
        missing = [y for y in years if y not in {int(p) for p in present}]
        if not missing:
            continue
        for day, is_holiday, label in package_days(code, missing):
            db.add(CalendarDay(calendar_id=calendar.id, day=day, name=label[:128],
                               kind=CalendarDayKind.HOLIDAY if is_holiday else CalendarDayKind.WORKDAY))
        await db.flush()
