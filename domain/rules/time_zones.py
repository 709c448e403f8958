"""How the console writes an instant for a person: in that person's time zone, labelled with its offset.

One format everywhere a server writes a time for people to read (exports, mails, notifications), the same
the web app shows: `2026-11-24 14:05:00 GMT+07:00`. The label is the offset of that instant, so a zone
with summer time reads `GMT+01:00` in winter and `GMT+02:00` in summer.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.rules.calendar import DEFAULT_TIME_ZONE

DISPLAY_FORMAT = "%Y-%m-%d %H:%M:%S"


def is_time_zone(name: str) -> bool:
    """True for an IANA zone name this machine knows (`Asia/Jakarta`, `UTC`), false for anything else."""
    try:
        zone(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


@lru_cache(maxsize=256)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def zone_or_default(name: str | None) -> ZoneInfo:
    """A stored zone name as a zone; an unset or unknown one falls back to the SPEC §9 default."""
    if name and is_time_zone(name):
        return zone(name)
    return zone(DEFAULT_TIME_ZONE)


def offset_label(offset: timedelta | None) -> str:
    """`GMT+07:00`, `GMT-03:30`, `GMT+00:00` (the way SPEC §9 names zones)."""
    minutes = int((offset or timedelta()).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"GMT{sign}{hours:02d}:{rest:02d}"


def in_zone(instant: datetime, where: ZoneInfo) -> datetime:
    """The instant on the clocks of `where`; a naive value is taken as UTC (how the database returns none)."""
    if instant.tzinfo is None:
        instant = instant.replace(tzinfo=ZoneInfo("UTC"))
    return instant.astimezone(where)


def format_instant(instant: datetime, where: ZoneInfo) -> str:
    """`2026-11-24 14:05:00 GMT+07:00`: the instant in `where`, labelled."""
    local = in_zone(instant, where)
    return f"{local.strftime(DISPLAY_FORMAT)} {offset_label(local.utcoffset())}"


def format_if_instant(text: str, where: ZoneInfo) -> str:
    """An ISO instant written into a message's parameters, shown in `where`; any other text as it is."""
    try:
        instant = datetime.fromisoformat(text)
    except ValueError:
        return text
    if instant.tzinfo is None:  # a plain date or a local time says nothing about a zone
        return text
    return format_instant(instant, where)
