"""How a channel order's goods leave its warehouse, as its merchant's order settings say: the orders of the same
buyer merged into its packages (auto merge, within the merge window), and the packages split by the split rule
and the lines per package (domain/rules/erp_settings.parcels). A merchant without order settings takes their
defaults: no merging, one package of up to 100 lines. Used by services/orders/fulfilment.py when an order is handed
to its warehouse."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderSplitRule, OrderStatus
from domain.models.erp_settings import OrderSetting
from domain.models.orders import Order, OrderLine
from domain.models.stock_orders import CARRIED_ORDER, OrderParcel, StockOrder
from domain.rules import erp_settings as settings_rules
from domain.rules import stock_orders as order_rules
from services.orders.outbound import OutboundBody, outbound_body

# what makes two orders the same buyer's parcel: the store (below) and every part of the recipient and address
RECIPIENT = ("recipient_name", "recipient_phone", "address_line1", "address_line2", "city", "province", "postcode",
             "address_country")


@dataclass(frozen=True)
class Packing:
    split: OrderSplitRule = OrderSplitRule.NO_SPLIT
    max_lines: int = settings_rules.PACKAGE_LINES_DEFAULT
    merge_window: timedelta | None = None  # None: the merchant does not merge


@dataclass(frozen=True)
class Parcel:
    """One package to create: its outbound order's body (naming the first channel order it carries) and every
    channel order it carries."""

    body: OutboundBody
    orders: list[Order]


async def packing_of(db: AsyncSession, merchant_id: int) -> Packing:
    row = (await db.execute(select(OrderSetting.split_rule, OrderSetting.max_lines_per_package,
                                   OrderSetting.auto_merge, OrderSetting.merge_window_minutes)
                            .where(OrderSetting.merchant_id == merchant_id))).first()
    if row is None:
        return Packing()
    return Packing(OrderSplitRule(row.split_rule), row.max_lines_per_package,
                   timedelta(minutes=row.merge_window_minutes) if row.auto_merge else None)


async def companions(db: AsyncSession, order: Order, warehouse_id: int, window: timedelta) -> list[Order]:
    """The READY orders of the same store, recipient and address placed within the window of the order, reserved at
    the same warehouse and not yet in its order process, locked (one another caller holds is left out): they leave
    in the order's packages. An order without a recipient name or address merges with none."""
    if not order.recipient_name or not order.address_line1:
        return []
    return list((await db.scalars(select(Order).where(
        Order.shop_id == order.shop_id, Order.status == OrderStatus.READY, Order.id != order.id,
        Order.warehouse_id == warehouse_id,
        Order.ordered_at.between(order.ordered_at - window, order.ordered_at + window),
        *(getattr(Order, field).is_not_distinct_from(getattr(order, field)) for field in RECIPIENT), ~in_process())
        .order_by(Order.ordered_at, Order.id).with_for_update(skip_locked=True))).all())


def in_process() -> ColumnElement[bool]:
    """The order (of the enclosing query) has a package not cancelled: it is in its warehouse's order process."""
    return exists().where(OrderParcel.order_id == Order.id, StockOrder.id == OrderParcel.stock_order_id,
                          StockOrder.status.not_in(order_rules.CANCELLED))


def parcels(group: Sequence[tuple[Order, Sequence[OrderLine]]], warehouse_id: int, packing: Packing) -> list[Parcel]:
    """The packages of these orders' lines (the first order's, then those merged into it), split as the merchant
    says."""
    lines = [line for _, order_lines in group for line in order_lines]
    return [package([order for order, order_lines in group if any(line.sku in skus for line in order_lines)],
                    warehouse_id, ((line.sku, line.quantity) for line in lines if line.sku in skus))
            for skus in settings_rules.parcels([line.sku for line in lines], packing.split, packing.max_lines)]


def package(carried: Sequence[Order], warehouse_id: int, quantities: Iterable[tuple[str, int]]) -> Parcel:
    """One package of these (SKU, quantity) pairs carrying these orders: it names the first, with that order's AWB
    as logistic no (the warehouse gives each package its own tracking number when it packs)."""
    named = carried[0]
    fields: dict[str, Any] = {
        "shop_id": named.shop_id, "channel_order_no": named.channel_order_no, "channel_ordered_at": named.ordered_at,
        "logistic_no": named.awb[:order_rules.TEXT_MAX] if named.awb else None}
    return Parcel(outbound_body(named.merchant_id, warehouse_id, quantities, **fields), list(carried))


def open_parcels(order_id: int, warehouse_id: int | None = None) -> Select[Any]:
    """The packages of the channel order not cancelled (at its warehouse, when known), oldest first."""
    query = select(StockOrder).join(OrderParcel, OrderParcel.stock_order_id == StockOrder.id).where(
        OrderParcel.order_id == order_id, StockOrder.status.not_in(order_rules.CANCELLED))
    if warehouse_id is not None:
        query = query.where(StockOrder.warehouse_id == warehouse_id)
    return query.order_by(StockOrder.id)


async def carried_with(db: AsyncSession, parcel_ids: Sequence[int], order_id: int) -> list[tuple[int, str, str]]:
    """The other channel orders these packages carry (merged with the order): package id, number and status."""
    rows = await db.execute(select(OrderParcel.stock_order_id, Order.channel_order_no, Order.status).join(
        Order, CARRIED_ORDER).where(
        OrderParcel.stock_order_id.in_(list(parcel_ids)), OrderParcel.order_id != order_id)
        .order_by(Order.channel_order_no))
    return [(int(parcel_id), str(number), str(status)) for parcel_id, number, status in rows.all()]
