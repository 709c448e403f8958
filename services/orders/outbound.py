"""The outbound stock order a channel order ships through, as the order side writes it: its body (one line a SKU),
the scope the console's own work on it takes (the channel order's authority was checked already), and the actor
of what the console does by itself. Used by services/orders/fulfilment.py and the demo's warehouse orders."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import StockOrderType
from domain.models.stock_orders import StockOrder


@dataclass(frozen=True)
class Line:
    sku: str
    quantity: int


@dataclass(frozen=True)
class OutboundBody:
    """A sales outbound order as services/stock/orders.create reads it."""

    merchant_id: int
    warehouse_id: int
    lines: list[Line]
    shop_id: int | None = None
    channel_order_no: str | None = None
    channel_ordered_at: datetime | None = None
    order_type: StockOrderType = StockOrderType.SALES_OUTBOUND
    order_no: str | None = None
    logistic_no: str | None = None
    delivery_method: Any = None
    remark: str | None = None


def outbound_body(merchant_id: int, warehouse_id: int, quantities: Iterable[tuple[str, int]],
                  **fields: Any) -> OutboundBody:
    """The body of an outbound order of these (SKU, quantity) pairs: one line a SKU (the stock order's rule), a
    SKU given twice summed."""
    per_sku: dict[str, int] = defaultdict(int)
    for sku, quantity in quantities:
        per_sku[sku] += quantity
    return OutboundBody(merchant_id, warehouse_id, [Line(sku, quantity) for sku, quantity in per_sku.items()],
                        **fields)


class _Everywhere:
    """The outbound order is the order's own: the caller's authority was checked on the channel order."""

    async def load(self, db: AsyncSession, order_id: int) -> StockOrder:
        return (await db.scalars(select(StockOrder).where(StockOrder.id == order_id).with_for_update())).one()

    def visible(self) -> Select[Any]:
        return select(StockOrder)

    def warehouses(self, query: Select[Any]) -> Select[Any]:
        return query

    async def created(self, db: AsyncSession, row: StockOrder) -> None:
        await db.flush()


EVERYWHERE = _Everywhere()


class _System:
    """The actor of what the console does by itself (a sync applying a channel's cancellation, the order
    settings' auto-processing)."""

    id: Any = None
    username = "system"


SYSTEM = _System()
