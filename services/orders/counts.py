"""The order list's tab counts, summed from the maintained counts (migration 0044), never by counting orders.

`order_counts` holds per merchant, shop, channel and status the orders of each UTC hour ('H') and day ('D'), and
all merchants' totals under merchant 0; `order_count_deltas` the changes not folded in yet. A range [lo, hi) of
whole hours (any GMT+01..+12 day is one) sums the whole UTC days inside it from the day rows, the hours at its
edges from the hour rows, and the deltas of the whole range: a few hundred rows for a quarter.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ARRAY, BigInteger, ColumnElement, Select, String, and_, any_, bindparam, func, or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.orders import OrderCount, OrderCountDelta
from domain.rules import orders as rules

C, D = OrderCount, OrderCountDelta


@dataclass(frozen=True)
class CountFilters:
    merchant_ids: tuple[int, ...] = ()
    shop_ids: tuple[int, ...] = ()
    channels: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    lo: datetime | None = None  # whole hours, UTC
    hi: datetime | None = None

    def shape(self, scoped: bool) -> tuple[Any, ...]:
        """What decides the statement (the values aside): a statement is rendered once per shape."""
        day_lo, day_hi = rules.count_buckets(self.lo, self.hi)
        return (bool(self.merchant_ids), bool(self.shop_ids), bool(self.channels), bool(self.statuses),
                self.lo is not None, self.hi is not None, day_lo is not None, day_hi is not None, scoped)

    def values(self) -> dict[str, Any]:
        day_lo, day_hi = rules.count_buckets(self.lo, self.hi)
        found = {"c_m": list(self.merchant_ids), "c_s": list(self.shop_ids), "c_ch": list(self.channels),
                 "c_st": list(self.statuses), "c_lo": self.lo, "c_hi": self.hi, "c_dlo": day_lo, "c_dhi": day_hi}
        return {k: v for k, v in found.items() if v not in (None, [])}


def _common(table: Any, f: CountFilters, values: dict[str, Any], scope: list[ColumnElement[bool]],
            merchant_level: bool) -> list[ColumnElement[bool]]:
    def bound(name: str, kind: Any = None) -> Any:
        return bindparam(name, values[name], type_=kind) if kind is not None else bindparam(name, values[name])

    found: list[ColumnElement[bool]] = list(scope)
    if table is C:
        found.append(C.merchant_id > 0 if merchant_level else C.merchant_id == 0)
    if f.merchant_ids:
        found.append(table.merchant_id == any_(bound("c_m", ARRAY(BigInteger))))
    if f.shop_ids:
        found.append(table.shop_id == any_(bound("c_s", ARRAY(BigInteger))))
    if f.channels:
        found.append(table.channel == any_(bound("c_ch", ARRAY(String))))
    if f.statuses:
        found.append(table.status == any_(bound("c_st", ARRAY(String))))
    return found


def _buckets(f: CountFilters, values: dict[str, Any]) -> ColumnElement[bool]:
    lo: Any = bindparam("c_lo", values.get("c_lo"))
    hi: Any = bindparam("c_hi", values.get("c_hi"))
    day_lo: Any = bindparam("c_dlo", values.get("c_dlo"))
    day_hi: Any = bindparam("c_dhi", values.get("c_dhi"))
    has_lo, has_hi = "c_lo" in values, "c_hi" in values
    if not has_lo and not has_hi:
        return C.grain == "D"
    if "c_dlo" not in values and "c_dhi" not in values:  # no whole day inside: hours only
        return and_(C.grain == "H", *([C.bucket >= lo] if has_lo else []), *([C.bucket < hi] if has_hi else []))
    days = and_(C.grain == "D", *([C.bucket >= day_lo] if has_lo else []), *([C.bucket < day_hi] if has_hi else []))
    edges = []
    if has_lo:
        edges.append(and_(C.bucket >= lo, C.bucket < day_lo))
    if has_hi:
        edges.append(and_(C.bucket >= day_hi, C.bucket < hi))
    return or_(days, and_(C.grain == "H", or_(*edges)))


def statement(f: CountFilters, counts_scope: list[ColumnElement[bool]],
              deltas_scope: list[ColumnElement[bool]]) -> Select[Any]:
    """(status, n) of the orders the filters find; `*_scope` narrow to the caller's data authority."""
    values = f.values()
    merchant_level = bool(f.merchant_ids or f.shop_ids or counts_scope)
    folded = select(C.status.label("status"), C.n.label("n")).where(
        *_common(C, f, values, counts_scope, merchant_level), _buckets(f, values))
    hours = [D.hour >= bindparam("c_lo", values["c_lo"])] if "c_lo" in values else []
    if "c_hi" in values:
        hours.append(D.hour < bindparam("c_hi", values["c_hi"]))
    pending = select(D.status.label("status"), D.delta.label("n")).where(
        *_common(D, f, values, deltas_scope, merchant_level), *hours)
    both = folded.union_all(pending).subquery()
    return select(both.c.status, func.sum(both.c.n).label("n")).group_by(both.c.status)


async def fold(db: AsyncSession) -> int:
    """Move the deltas into the counts (one fold at a time; a second returns 0 at once)."""
    return int((await db.execute(text("SELECT order_counts_fold()"))).scalar_one())
