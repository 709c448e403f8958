"""Order statistics (SPEC §9 'order statistics refresh every 60 minutes'): orders rolled into UTC hour buckets by
merchant, channel, country, status and currency (count and GMV; the average transaction value is GMV / count), so
a dashboard in any GMT+01..+12 offset sums at most a few hundred buckets a day instead of raw orders. A roll of an
hour replaces that hour's buckets in one transaction (services/orders/stats.py); `order_stats_hours` records which
hours were rolled, and `order_stats_backfills` a backfill of a date range and its progress. Created by migration
0053."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, CheckConstraint, Index, Integer, Numeric, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, one_of
from domain.enums import OrderStatsBackfillState

WHOLE_HOUR = "date_trunc('hour', hour, 'UTC') = hour"


class OrderStat(Base):
    __tablename__ = "order_stats"
    __table_args__ = (
        CheckConstraint(WHOLE_HOUR, name="whole_hour"),
        CheckConstraint("orders > 0", name="orders_positive"),
        CheckConstraint("gmv >= 0", name="gmv_not_negative"),
        Index("ix_order_stats_merchant_hour", "merchant_id", "hour"),
    )

    hour: Mapped[datetime] = mapped_column(primary_key=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    channel: Mapped[str] = mapped_column(String(32), primary_key=True)
    country: Mapped[str] = mapped_column(String(8), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), primary_key=True)
    currency: Mapped[str] = mapped_column(String(8), primary_key=True)
    orders: Mapped[int] = mapped_column(BigInteger)
    gmv: Mapped[Decimal] = mapped_column(Numeric(20, 2))


class OrderStatHour(Base):
    """An hour rolled: when, and how many orders it held then."""

    __tablename__ = "order_stats_hours"
    __table_args__ = (
        CheckConstraint(WHOLE_HOUR, name="whole_hour"),
        CheckConstraint("orders >= 0", name="orders_not_negative"),
    )

    hour: Mapped[datetime] = mapped_column(primary_key=True)
    orders: Mapped[int] = mapped_column(BigInteger)
    rolled_at: Mapped[datetime] = mapped_column(server_default=func.now())


class OrderStatsBackfill(Base):
    """A backfill of [start_at, end_at) (whole UTC hours) by its workflow: `done` of `hours` rolled so far."""

    __tablename__ = "order_stats_backfills"
    __table_args__ = (
        UniqueConstraint("workflow_id"),
        CheckConstraint("start_at < end_at AND date_trunc('hour', start_at, 'UTC') = start_at "
                        "AND date_trunc('hour', end_at, 'UTC') = end_at", name="range"),
        CheckConstraint("hours * interval '1 hour' = end_at - start_at", name="hours"),
        CheckConstraint("done >= 0 AND done <= hours", name="done"),
        one_of("state", OrderStatsBackfillState),
        CheckConstraint("(state = 'RUNNING') = (finished_at IS NULL)", name="finished"),
        CheckConstraint("state <> 'COMPLETED' OR done = hours", name="completed"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    start_at: Mapped[datetime]
    end_at: Mapped[datetime]
    hours: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, server_default="0")
    state: Mapped[OrderStatsBackfillState] = mapped_column(String(16))
    workflow_id: Mapped[str] = mapped_column(String(128))
    started_by: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    finished_at: Mapped[datetime | None]
    error: Mapped[str | None] = mapped_column(String(2000))
