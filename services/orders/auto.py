"""What a merchant's order settings do by themselves (SPEC §2 erp-settings/order-setting), run every minute by the
built-in task `orders.autoProcess` (activities/job_code.py) and once after the demo orders:

- a paid PENDING order of a merchant accepting automatically is accepted once `auto_accept_delay_minutes` have
  passed since its payment and `hold_minutes` since it reached the console: through `transition(ACCEPT)`, so the
  interception rules and the stock reservation act as on a click (a short SKU or a rule holds it as abnormal);
- an unpaid PENDING order is cancelled `auto_cancel_unpaid_hours` after it was placed.

Only merchants with order settings are touched. An order whose store has no warehouse to go to is left for staff
(accepting it would be refused at every run). `due` reads a page of the orders due, oldest first, after a key;
`settle` acts on one, and answers None when its state moved first (staff or the channel acted)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, exists, func, or_, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderAction, OrderStatus
from domain.errors import DomainError
from domain.i18n import t
from domain.models.erp_settings import OrderSetting
from domain.models.orders import Order
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse
from services.orders.fulfilment import SYSTEM
from services.orders.store import transition


@dataclass(frozen=True)
class Due:
    """An order the settings act on now: ACCEPT when it is paid, CANCEL when it is not."""

    id: int
    ordered_at: datetime
    action: OrderAction
    unpaid_hours: int

    @property
    def key(self) -> tuple[datetime, int]:
        return self.ordered_at, self.id


def _minutes(column: Any) -> Any:
    return func.make_interval(0, 0, 0, 0, 0, column)


def _hours(column: Any) -> Any:
    return func.make_interval(0, 0, 0, 0, column)


def _has_warehouse() -> ColumnElement[bool]:
    """As services/orders/fulfilment.warehouse_of finds one: a binding of the store to a warehouse of its
    merchant, or the merchant's default warehouse."""
    bound = exists().where(StockBinding.shop_id == Order.shop_id, Warehouse.id == StockBinding.warehouse_id,
                           Warehouse.merchant_id == Order.merchant_id)
    default = exists().where(Warehouse.merchant_id == Order.merchant_id, Warehouse.is_default)
    return or_(bound, default)


def _acceptable(now: datetime) -> ColumnElement[bool]:
    return and_(OrderSetting.auto_accept, Order.paid_at.is_not(None),
                Order.paid_at <= now - _minutes(OrderSetting.auto_accept_delay_minutes),
                Order.created_at <= now - _minutes(OrderSetting.hold_minutes), _has_warehouse())


def _unpaid_too_long(now: datetime) -> ColumnElement[bool]:
    return and_(Order.paid_at.is_(None), Order.ordered_at <= now - _hours(OrderSetting.auto_cancel_unpaid_hours))


async def due(db: AsyncSession, now: datetime, after: tuple[datetime, int] | None, limit: int) -> list[Due]:
    """Up to `limit` orders due at `now`, by (order time, id) after `after`: the status index gives the PENDING
    orders of each month in that order, and only they are compared with their merchant's settings."""
    query = (
        select(Order.id, Order.ordered_at,
               case((Order.paid_at.is_(None), OrderAction.CANCEL.value), else_=OrderAction.ACCEPT.value),
               OrderSetting.auto_cancel_unpaid_hours)
        .join(OrderSetting, OrderSetting.merchant_id == Order.merchant_id)
        .where(Order.status == OrderStatus.PENDING, or_(_acceptable(now), _unpaid_too_long(now)))
        .order_by(Order.ordered_at, Order.id).limit(limit))
    if after is not None:
        query = query.where(tuple_(Order.ordered_at, Order.id) > tuple_(*after))
    return [Due(int(id_), at, OrderAction(action), int(hours))
            for id_, at, action, hours in (await db.execute(query)).all()]


async def settle(db: AsyncSession, order: Due) -> OrderStatus | None:
    """Accept or cancel the order as its settings say, by the console itself (the timeline names the setting);
    None when it is no longer PENDING (a refusal writes nothing)."""
    note = t("orders.auto_cancelled", hours=order.unpaid_hours) if order.action == OrderAction.CANCEL \
        else t("orders.auto_accepted")
    try:
        async with db.begin_nested():
            return (await transition(db, SYSTEM, order.id, order.action, note=note)).status
    except DomainError:
        return None
