"""Order statistics: the roll of UTC hours into buckets (a re-roll replaces those hours' buckets in one
transaction), the sum of buckets for a range in a GMT offset, and the backfills' progress rows.

A roll reads only the partitions of the hours it covers (`ordered_at` bounds prune the rest); rolls are one at a
time (a transaction-scoped advisory lock), so a backfill batch and the hourly run never interleave their writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Date, Interval, cast, delete, func, insert, literal, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderStatsBackfillState, OrderStatsGroup
from domain.models.order_stats import OrderStat, OrderStatHour, OrderStatsBackfill
from domain.models.orders import Order

S = OrderStat
ROLL_LOCK = text("SELECT pg_advisory_xact_lock(hashtext('order_stats_roll'))")
HOURS = text(
    "INSERT INTO order_stats_hours (hour, orders, rolled_at) "
    "SELECT h, coalesce((SELECT sum(s.orders) FROM order_stats s WHERE s.hour = h), 0), now() "
    "FROM generate_series(CAST(:lo AS timestamptz), CAST(:hi AS timestamptz) - interval '1 hour', interval '1 hour') h "
    "ON CONFLICT (hour) DO UPDATE SET orders = excluded.orders, rolled_at = excluded.rolled_at")


async def roll(db: AsyncSession, lo: datetime, hi: datetime) -> int:
    """Replace the buckets of the whole UTC hours [lo, hi) with what the orders say now; returns the orders rolled.
    In the caller's transaction: the hours are either all replaced or untouched."""
    await db.execute(ROLL_LOCK)
    await db.execute(delete(S).where(S.hour >= lo, S.hour < hi))
    hour = func.date_trunc("hour", Order.ordered_at, "UTC")
    keys = (hour, Order.merchant_id, Order.channel, Order.country, Order.status, Order.currency)
    source = (select(*keys, func.count(), func.sum(Order.total))
              .where(Order.ordered_at >= lo, Order.ordered_at < hi).group_by(*keys))
    await db.execute(insert(S).from_select(
        ["hour", "merchant_id", "channel", "country", "status", "currency", "orders", "gmv"], source))
    await db.execute(HOURS, {"lo": lo, "hi": hi})
    total = await db.scalar(select(func.coalesce(func.sum(OrderStatHour.orders), 0))
                            .where(OrderStatHour.hour >= lo, OrderStatHour.hour < hi))
    return int(total or 0)


# ---- reading --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class StatsQuery:
    lo: datetime  # whole UTC hours
    hi: datetime
    offset_hours: int
    group_by: tuple[OrderStatsGroup, ...] = ()
    merchant_ids: tuple[int, ...] = ()
    channels: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()


def _group_column(group: OrderStatsGroup, offset_hours: int) -> ColumnElement[Any]:
    if group == OrderStatsGroup.DAY:  # the bucket's hour on the offset's clock, as a date
        shifted = S.hour + literal(timedelta(hours=offset_hours), Interval())
        return cast(func.timezone("UTC", shifted), Date).label("day")
    column = {OrderStatsGroup.STATUS: S.status, OrderStatsGroup.CHANNEL: S.channel,
              OrderStatsGroup.COUNTRY: S.country, OrderStatsGroup.MERCHANT: S.merchant_id}[group]
    return column.label(group.value.lower())


def _where(q: StatsQuery, scope: list[ColumnElement[bool]]) -> list[ColumnElement[bool]]:
    found = [S.hour >= q.lo, S.hour < q.hi, *scope]
    for column, values in ((S.merchant_id, q.merchant_ids), (S.channel, q.channels), (S.country, q.countries),
                           (S.status, q.statuses)):
        if values:
            found.append(column.in_(values))
    return found


def atv(orders: int, gmv: Decimal) -> Decimal:
    """Average transaction value: GMV over orders, to the cent."""
    return (gmv / orders).quantize(Decimal("0.01")) if orders else Decimal("0.00")


async def order_stats(db: AsyncSession, scope: list[ColumnElement[bool]], q: StatsQuery) -> dict[str, Any]:
    """The buckets of [lo, hi) the caller's scope reaches, summed by currency and the groups asked for: `totals`
    (one row a currency) and `groups` (one row a group and currency), each with orders, GMV and ATV."""
    columns = [_group_column(g, q.offset_hours) for g in q.group_by]
    sums = (func.sum(S.orders).label("orders"), func.sum(S.gmv).label("gmv"))
    where = _where(q, scope)

    def shaped(row: Any) -> dict[str, Any]:
        found = dict(row._mapping)
        found["orders"] = int(found["orders"])
        found["atv"] = atv(found["orders"], found["gmv"])
        return found

    totals = (await db.execute(select(S.currency, *sums).where(*where).group_by(S.currency)
                               .order_by(S.currency))).all()
    groups: list[Any] = []
    if columns:
        keys = [*columns, S.currency]
        groups = list(await db.execute(select(*keys, *sums).where(*where).group_by(*keys).order_by(*keys)))
    rolled = await db.scalar(select(func.max(OrderStatHour.hour)))
    return {"totals": [shaped(r) for r in totals], "groups": [shaped(r) for r in groups],
            "rolled_through": rolled + timedelta(hours=1) if rolled else None}


# ---- backfills --------------------------------------------------------------------------------------------------

async def begin_backfill(db: AsyncSession, lo: datetime, hi: datetime, hours: int, workflow_prefix: str,
                         user_id: int | None) -> OrderStatsBackfill:
    row = OrderStatsBackfill(start_at=lo, end_at=hi, hours=hours, done=0, state=OrderStatsBackfillState.RUNNING,
                             workflow_id=f"{workflow_prefix}-pending", started_by=user_id)
    db.add(row)
    await db.flush()
    row.workflow_id = f"{workflow_prefix}-{row.id}"
    await db.flush()
    return row


async def roll_batch(db: AsyncSession, backfill_id: int, lo: datetime, hi: datetime, done: int) -> int:
    """One batch of a backfill: its hours rolled and the progress row at `done` hours, in one transaction (a
    retried batch writes the same)."""
    rolled = await roll(db, lo, hi)
    await db.execute(update(OrderStatsBackfill).where(OrderStatsBackfill.id == backfill_id)
                     .values(done=done))
    return rolled


async def finish_backfill(db: AsyncSession, backfill_id: int, state: OrderStatsBackfillState, at: datetime,
                          error: str | None) -> None:
    await db.execute(update(OrderStatsBackfill).where(OrderStatsBackfill.id == backfill_id,
                                                      OrderStatsBackfill.state == OrderStatsBackfillState.RUNNING)
                     .values(state=state, finished_at=at, error=error))


async def add_months_ahead(db: AsyncSession, ahead: int) -> tuple[int, int]:
    """The partitions of the current month and the `ahead` next ones exist (orders_add_month, migration 0044);
    returns the order partitions before and after."""
    count = text("SELECT count(*) FROM pg_inherits WHERE inhparent = 'orders'::regclass")
    before = int((await db.execute(count)).scalar_one())
    await db.execute(text(
        "SELECT orders_add_month((date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => g))::date) "
        "FROM generate_series(0, :ahead) g"), {"ahead": ahead})
    return before, int((await db.execute(count)).scalar_one())
