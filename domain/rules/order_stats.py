"""Order statistics (SPEC §9): which UTC hours a roll or a backfill covers, how a backfill is cut into batches,
and how a day in a GMT+01..+12 offset maps onto UTC hour buckets (a local day is 24 UTC hours shifted)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.enums import GmtOffset, OrderStatsGroup
from domain.errors import Invalid
from domain.rules.orders import zone_of

HOUR = timedelta(hours=1)
BACKFILL_MAX_DAYS = 400  # a little more than a year: the dashboards' longest preset
BATCH_HOURS = 24  # one activity rolls a day of hours: one statement over one or two partitions
READ_MAX_DAYS = 400
GROUPS_MAX = 3


def floor_hour(at: datetime) -> datetime:
    return at.astimezone(UTC).replace(minute=0, second=0, microsecond=0)


def ceil_hour(at: datetime) -> datetime:
    floor = floor_hour(at)
    return floor if floor == at else floor + HOUR


def scheduled_hours(now: datetime) -> tuple[datetime, datetime]:
    """What the hourly run rolls: the previous complete hour and the current partial one, [lo, hi)."""
    current = floor_hour(now)
    return current - HOUR, current + HOUR


def backfill_range(start: datetime, end: datetime, now: datetime) -> tuple[datetime, datetime, int]:
    """[lo, hi) in whole UTC hours covering start..end (the hours they touch), and how many hours; refused with
    the field and the rule when reversed, in the future or too long."""
    if end <= start:
        raise Invalid("endAt", "order_stats_range_reversed")
    lo, hi = floor_hour(start), ceil_hour(end)
    if lo > now:
        raise Invalid("startAt", "order_stats_range_future")
    hi = min(hi, ceil_hour(now))
    if hi - lo > timedelta(days=BACKFILL_MAX_DAYS):
        raise Invalid("startAt", "order_stats_range_long", days=BACKFILL_MAX_DAYS)
    return lo, hi, int((hi - lo) / HOUR)


def batches(lo: datetime, hi: datetime, size: int = BATCH_HOURS) -> list[tuple[datetime, datetime]]:
    """[lo, hi) cut into [a, b) of `size` hours at most, in order."""
    out, at = [], lo
    while at < hi:
        out.append((at, min(at + size * HOUR, hi)))
        at += size * HOUR
    return out


def offset_hours(offset: GmtOffset | str | None) -> int:
    return int(zone_of(offset).utcoffset(None).total_seconds() // 3600)


def check_groups(groups: list[OrderStatsGroup] | None) -> tuple[OrderStatsGroup, ...]:
    found = tuple(dict.fromkeys(groups or ()))
    if len(found) > GROUPS_MAX:
        raise Invalid("groupBy", "order_stats_groups", max=GROUPS_MAX)
    return found


def check_read_range(lo: datetime | None, hi: datetime | None) -> tuple[datetime, datetime]:
    if lo is None or hi is None:
        raise Invalid("orderedAt", "order_stats_range_required")
    if hi - lo > timedelta(days=READ_MAX_DAYS):
        raise Invalid("orderedAt", "order_stats_range_long", days=READ_MAX_DAYS)
    return lo, hi
