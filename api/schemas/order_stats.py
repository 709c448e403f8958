"""Order statistics as the API reads and answers them (api/routers/order_stats.py)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from pydantic import Field

from api.envelope import CamelModel
from api.schemas.types import Day, Int64
from domain.enums import (
    Channel,
    Country,
    Currency,
    DatePreset,
    GmtOffset,
    OrderStatsBackfillState,
    OrderStatsGroup,
    OrderStatus,
)


class OrderStatsQuery(CamelModel):
    """A period (a SPEC §9 preset, or the days start..end both included) in a GMT+01..+12 offset (GMT+08:00 when
    not given), the filters, and at most three groups."""

    preset: DatePreset | None = None
    start: Day | None = None
    end: Day | None = None
    gmt_offset: GmtOffset | None = None
    group_by: list[OrderStatsGroup] = Field(default_factory=list, max_length=3)
    merchant_id: Int64 | None = Field(default=None, ge=1)
    channel: list[Channel] = Field(default_factory=list, max_length=30)
    country: list[Country] = Field(default_factory=list, max_length=20)
    status: list[OrderStatus] = Field(default_factory=list, max_length=10)


class OrderStatsRow(CamelModel):
    """Orders, GMV and the average transaction value (GMV / orders) in one currency; the group's keys when
    grouped."""

    day: date | None = None
    status: OrderStatus | None = None
    channel: Channel | None = None
    country: Country | None = None
    merchant: int | None = None
    currency: Currency
    orders: int
    gmv: Decimal
    atv: Decimal


class OrderStatsView(CamelModel):
    start_at: datetime  # the period in UTC, [start_at, end_at)
    end_at: datetime
    gmt_offset: GmtOffset
    totals: list[OrderStatsRow]
    groups: list[OrderStatsRow]
    rolled_through: datetime | None  # buckets are complete up to here (the hourly roll)


class OrderStatsBackfillView(CamelModel):
    id: int
    start_at: datetime
    end_at: datetime
    hours: int
    done: int
    state: OrderStatsBackfillState
    workflow_id: str
    workflow_url: str | None = None
    created_at: datetime
    finished_at: datetime | None = None
    error: str | None = None
