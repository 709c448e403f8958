"""Ticket SLA rules (SPEC §9): limits by priority and by whether the ticket came in work time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from domain.rules.calendar import BusinessCalendar

# priority -> (first response in work time, first response outside it, resolve), in minutes
SLA_MINUTES: dict[str, tuple[int, int, int]] = {
    "P0": (15, 30, 120),
    "P1": (30, 60, 360),
    "P2": (60, 1020, 720),
    "P3": (120, 1020, 2880),
}
CLOSE_LIMIT = timedelta(minutes=4320)  # a ticket pending confirmation this long is closed (3 days)

# SPEC §4: issue levels low, moderate, substantial, severe, critical map to P4 to P0.
ISSUE_LEVELS: dict[str, str] = {
    "LOW": "P4", "MODERATE": "P3", "SUBSTANTIAL": "P2", "SEVERE": "P1", "CRITICAL": "P0",
}


@dataclass(frozen=True)
class SlaLimits:
    first_response: timedelta
    resolve: timedelta
    in_work_time: bool


def sla_priority(priority: str | None) -> str:
    """P0 (also written PO), P1, P2, P3; any other value is treated as P3."""
    code = (priority or "").strip().upper()
    if code == "PO":
        code = "P0"
    return code if code in SLA_MINUTES else "P3"


def sla_limits(priority: str | None, created_at: datetime, calendar: BusinessCalendar) -> SlaLimits:
    work, non_work, resolve = SLA_MINUTES[sla_priority(priority)]
    in_work = calendar.is_work_time(created_at)
    return SlaLimits(first_response=timedelta(minutes=work if in_work else non_work),
                     resolve=timedelta(minutes=resolve), in_work_time=in_work)


def within_limit(elapsed: timedelta, limit: timedelta) -> bool:
    """The check passes when elapsed time is within the applicable limit (the limit itself included)."""
    return elapsed <= limit


def elapsed_display(elapsed: timedelta) -> tuple[int, str]:
    """Up to 300 minutes as minutes, under 4320 minutes as hours, otherwise days (whole units, down)."""
    minutes = int(elapsed.total_seconds() // 60)
    if minutes <= 300:
        return minutes, "minutes"
    if minutes < 4320:
        return minutes // 60, "hours"
    return minutes // 1440, "days"
