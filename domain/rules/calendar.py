"""Business calendars: which instants are work time (SPEC §9: working days, 10:00 to 19:00).

A calendar is plain data (time zone, holidays, make-up working days) so workflows can use it
deterministically; build it outside the workflow sandbox (ZoneInfo cannot be created inside).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from zoneinfo import ZoneInfo

DEFAULT_TIME_ZONE = "Asia/Shanghai"  # SPEC §9: the default date time zone is a China zone
WORK_START_HOUR = 10
WORK_END_HOUR = 19


@dataclass(frozen=True)
class BusinessCalendar:
    time_zone: ZoneInfo = field(default_factory=lambda: ZoneInfo(DEFAULT_TIME_ZONE))
    holidays: frozenset[date] = frozenset()
    # Weekend days that are worked to make up for a holiday bridge (common in China and Indonesia).
    make_up_days: frozenset[date] = frozenset()
    start_hour: int = WORK_START_HOUR
    end_hour: int = WORK_END_HOUR

    def is_working_day(self, day: date) -> bool:
        if day in self.holidays:
            return False
        return day.weekday() < 5 or day in self.make_up_days

    def is_work_time(self, instant: datetime) -> bool:
        """True on a working day between start (inclusive) and end (exclusive) local hours."""
        if instant.tzinfo is None:
            raise ValueError("instant must be timezone-aware")
        local = instant.astimezone(self.time_zone)
        return self.is_working_day(local.date()) and self.start_hour <= local.hour < self.end_hour


def from_holidays_package(country: str, years: list[int], time_zone: str = DEFAULT_TIME_ZONE) -> BusinessCalendar:
    """A calendar from the `holidays` package, with its make-up working days where it knows them."""
    days = package_days(country, years)
    return BusinessCalendar(time_zone=ZoneInfo(time_zone), holidays=frozenset(d for d, off, _ in days if off),
                            make_up_days=frozenset(d for d, off, _ in days if not off))


@dataclass(frozen=True)
class CalendarData:
    """A calendar as plain values, to pass into a workflow; `build()` it outside the sandbox's reach
    (this module is imported through `imports_passed_through()`, so ZoneInfo works here)."""

    time_zone: str = DEFAULT_TIME_ZONE
    holidays: tuple[date, ...] = ()
    make_up_days: tuple[date, ...] = ()

    def build(self) -> BusinessCalendar:
        return BusinessCalendar(time_zone=ZoneInfo(self.time_zone), holidays=frozenset(self.holidays),
                                make_up_days=frozenset(self.make_up_days))


def package_days(country: str, years: list[int]) -> list[tuple[date, bool, str]]:
    """(day, is_holiday, name) from the `holidays` package: holidays, and weekend days worked instead."""
    import holidays

    table = holidays.country_holidays(country, years=years)
    days = [(d, True, str(name)) for d, name in sorted(table.items())]
    worked = sorted(d for d in getattr(table, "weekend_workdays", set()) if d.year in years)
    return days + [(d, False, "make-up working day") for d in worked]
