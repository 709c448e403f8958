"""Ticket dashboard rules (SPEC §4, §9): date presets and the rates. Pure: no clock, no I/O."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.enums import DatePreset


def preset_range(preset: DatePreset | str, now: datetime) -> tuple[datetime, datetime]:
    """[start, end) of the preset around `now`, a time-zone-aware instant in the business time zone:
    calendar days, the week from Monday, the month, the quarter and the year that contain it."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    match DatePreset(preset):
        case DatePreset.TODAY:
            return day, day + timedelta(days=1)
        case DatePreset.YESTERDAY:
            return day - timedelta(days=1), day
        case DatePreset.WEEK:
            start = day - timedelta(days=day.weekday())
            return start, start + timedelta(days=7)
        case DatePreset.MONTH:
            start = day.replace(day=1)
            return start, add_months(start, 1)
        case DatePreset.QUARTER:
            start = day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)
            return start, add_months(start, 3)
        case DatePreset.YEAR:
            start = day.replace(month=1, day=1)
            return start, start.replace(year=start.year + 1)


def add_months(first_of_month: datetime, months: int) -> datetime:
    index = first_of_month.month - 1 + months
    return first_of_month.replace(year=first_of_month.year + index // 12, month=index % 12 + 1)


def percent(part: int, whole: int) -> int:
    """A whole percentage, capped at 100; 0 when there is nothing to divide by (SPEC §9 percentage helper)."""
    if whole <= 0:
        return 0
    return min(100, round(100 * part / whole))


def rates(created: int, confirming: int, closed: int, qualified: int) -> dict[str, int]:
    """SPEC §4: closed rate = closed / new; resolve rate = (confirming + closed) / new; SLA rate = qualified /
    ticket count. `created` counts the tickets created in the range, merged ones left out."""
    return {"closedRate": percent(closed, created), "resolveRate": percent(confirming + closed, created),
            "slaRate": percent(qualified, created)}
