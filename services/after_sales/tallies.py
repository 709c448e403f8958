"""Returns by UTC hour, warehouse, merchant and currency: `add` runs in the transaction of the change it counts, so
the by-day screen sums these rows (a few per day) in any GMT offset and never counts returns themselves. The
currency is the return's (its order's): refund amounts of two currencies are never added together."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, Select, cast, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import Currency
from domain.models.after_sales import ReturnHour

COUNTS = ("requested", "received", "restocked", "defective", "rejected")  # added across currencies
FIGURES = (*COUNTS, "refund_amount")


async def add(db: AsyncSession, at: datetime, warehouse_id: int, merchant_id: int, currency: Currency,
              **deltas: int | Decimal) -> None:
    """Add `deltas` (figure -> amount) to the hour of `at`; one upsert, in the caller's transaction."""
    hour = func.date_trunc("hour", at, "UTC")
    statement = insert(ReturnHour).values(hour=hour, warehouse_id=warehouse_id, merchant_id=merchant_id,
                                          currency=currency, **deltas)
    table = ReturnHour.__table__
    await db.execute(statement.on_conflict_do_update(
        index_elements=["hour", "warehouse_id", "merchant_id", "currency"],
        set_={name: table.c[name] + statement.excluded[name] for name in deltas}))


def by_day(offset_zone: str, lo: datetime | None, hi: datetime | None) -> Select[Any]:
    """Each local day (in the zone named, `Etc/GMT-7` for GMT+07:00), warehouse, merchant and currency of [lo, hi)."""
    day = cast(func.timezone(offset_zone, ReturnHour.hour), Date).label("day")
    query = select(day, ReturnHour.warehouse_id, ReturnHour.merchant_id, ReturnHour.currency,
                   *(func.sum(getattr(ReturnHour, name)).label(name) for name in FIGURES))
    if lo is not None:
        query = query.where(ReturnHour.hour >= lo)
    if hi is not None:
        query = query.where(ReturnHour.hour < hi)
    return query.group_by(day, ReturnHour.warehouse_id, ReturnHour.merchant_id, ReturnHour.currency)


def zone_name(hours: int) -> str:
    """The IANA name of a whole-hour offset east of UTC (POSIX signs: GMT+07:00 is `Etc/GMT-7`)."""
    return f"Etc/GMT-{hours}" if hours else "UTC"
