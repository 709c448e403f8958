"""The WMS order tabs' counts (migrations 0050, 0059), summed from the folded counts and the deltas not folded yet,
never by counting orders; and the fold that moves the deltas in."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Select, bindparam, func, select, text, true
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.wms_orders import WmsOrderCount, WmsOrderCountDelta

C, D = WmsOrderCount, WmsOrderCountDelta


def values(warehouse_id: int | None, merchant_id: int | None) -> dict[str, Any]:
    """The statement's values (`c_w`, `c_m`), the ones given only."""
    found = {"c_w": warehouse_id, "c_m": merchant_id}
    return {k: v for k, v in found.items() if v is not None}


def shape(warehouse_id: int | None, merchant_id: int | None) -> tuple[bool, bool]:
    """What decides the statement but the caller's scope (the values aside)."""
    return warehouse_id is not None, merchant_id is not None


def statement(bound: dict[str, Any], counts_scope: list[ColumnElement[bool]],
              deltas_scope: list[ColumnElement[bool]]) -> Select[Any]:
    """(WMS status, n) at the warehouse `c_w` and of the merchant `c_m` where given (`values`); `*_scope` narrow
    to the caller's data authority, through each table's merchant."""
    def narrowed(table: Any, scope: list[ColumnElement[bool]]) -> Select[Any]:
        column = C.n if table is C else D.delta
        return select(table.wms_status.label("wms_status"), column.label("n")).where(
            *scope,
            table.warehouse_id == bindparam("c_w", bound["c_w"]) if "c_w" in bound else true(),
            table.merchant_id == bindparam("c_m", bound["c_m"]) if "c_m" in bound else true())

    both = narrowed(C, counts_scope).union_all(narrowed(D, deltas_scope)).subquery()
    return select(both.c.wms_status, func.sum(both.c.n).label("n")).group_by(both.c.wms_status)


async def fold(db: AsyncSession) -> int:
    """Move the deltas into the counts (one fold at a time; a second returns 0 at once)."""
    return int((await db.execute(text("SELECT wms_order_counts_fold()"))).scalar_one())
