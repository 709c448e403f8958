"""The outbound stock order a channel order ships through, as the order side writes it: its body (one line a SKU),
the scope the console's own work on it takes (the channel order's authority was checked already), and the actor
of what the console does by itself. Used by services/orders/fulfilment.py and the demo's warehouse orders."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderSplitRule, StockOrderType
from domain.models.erp_settings import OrderSetting
from domain.models.orders import Order, OrderLine
from domain.models.stock_orders import StockOrder
from domain.rules import erp_settings as settings_rules
from domain.rules import stock_orders as order_rules


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


async def parcel_bodies(db: AsyncSession, order: Order, warehouse_id: int,
                        lines: Sequence[OrderLine]) -> list[OutboundBody]:
    """The outbound orders of a channel order, one a parcel as its merchant's order settings split it (split rule,
    lines per parcel; domain/rules/erp_settings.parcels; without settings, the settings' defaults): each carries
    its SKUs' lines and the order's AWB as logistic no (the warehouse gives each parcel its own tracking number
    when it packs)."""
    settings = (await db.execute(select(OrderSetting.split_rule, OrderSetting.max_lines_per_package).where(
        OrderSetting.merchant_id == order.merchant_id))).first()
    split, max_lines = settings or (OrderSplitRule.NO_SPLIT, settings_rules.PACKAGE_LINES_DEFAULT)
    fields: dict[str, Any] = {"shop_id": order.shop_id, "channel_order_no": order.channel_order_no,
                              "channel_ordered_at": order.ordered_at,
                              "logistic_no": order.awb[:order_rules.TEXT_MAX] if order.awb else None}
    return [outbound_body(order.merchant_id, warehouse_id,
                          ((line.sku, line.quantity) for line in lines if line.sku in parcel), **fields)
            for parcel in settings_rules.parcels([line.sku for line in lines], OrderSplitRule(split), max_lines)]


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
