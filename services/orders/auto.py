"""What a merchant's order settings do by themselves (SPEC §2 erp-settings/order-setting), run every minute by the
built-in task `orders.autoProcess` (activities/job_code.py) and once after the demo orders:

- a paid PENDING order of a merchant accepting automatically is accepted once `auto_accept_delay_minutes` have
  passed since its payment and `hold_minutes` since it reached the console: through `transition(ACCEPT)`, so the
  interception rules and the stock reservation act as on a click (a short SKU or a rule holds it as abnormal);
- an unpaid PENDING order is cancelled `auto_cancel_unpaid_hours` after it was placed;
- otherwise a PENDING order of a merchant reserving stock on arrival (`reserve_on` CREATED), or a paid one of a
  merchant reserving on payment (PAID), has its lines reserved before it is accepted (fulfilment.reserve_early),
  once: a short line is recorded and left to the acceptance.

Only merchants with order settings are touched. An order whose store has no warehouse to go to is left for staff
(accepting it would be refused at every run). `due` reads a page of the orders due, oldest first, after a key;
`settle` acts on one, and answers None when its state moved first (staff or the channel acted)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ColumnElement, and_, case, exists, func, or_, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderAction, OrderStatus, StockReserveOn
from domain.errors import DomainError
from domain.i18n import t
from domain.models.erp_settings import OrderSetting
from domain.models.interception import OrderLineStock
from domain.models.orders import Order
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse
from domain.rules.interception import LineStock
from services.orders import fulfilment, packing
from services.orders.outbound import SYSTEM
from services.orders.store import lock, transition


class Step(StrEnum):
    ACCEPT = "ACCEPT"
    CANCEL = "CANCEL"
    RESERVE = "RESERVE"


@dataclass(frozen=True)
class Due:
    """An order the settings act on now, and how."""

    id: int
    ordered_at: datetime
    step: Step
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


def _reservable() -> ColumnElement[bool]:
    """Reserving before acceptance, not yet tried (a reservation standing, or a line found short), of an order not
    in its warehouse's order process (held and released since)."""
    tried = exists().where(OrderLineStock.order_id == Order.id,
                           OrderLineStock.state.in_([LineStock.RESERVED, LineStock.SHORT]))
    return and_(or_(OrderSetting.reserve_on == StockReserveOn.CREATED,
                    and_(OrderSetting.reserve_on == StockReserveOn.PAID, Order.paid_at.is_not(None))),
                _has_warehouse(), ~tried, ~packing.in_process())  # a package's lock stands


async def due(db: AsyncSession, now: datetime, after: tuple[datetime, int] | None, limit: int) -> list[Due]:
    """Up to `limit` orders due at `now`, by (order time, id) after `after`: the status index gives the PENDING
    orders of each month in that order, and only they are compared with their merchant's settings."""
    cancel, accept = _unpaid_too_long(now), _acceptable(now)
    query = (
        select(Order.id, Order.ordered_at, case((cancel, Step.CANCEL.value), (accept, Step.ACCEPT.value),
                                                else_=Step.RESERVE.value), OrderSetting.auto_cancel_unpaid_hours)
        .join(OrderSetting, OrderSetting.merchant_id == Order.merchant_id)
        .where(Order.status == OrderStatus.PENDING, or_(cancel, accept, _reservable()))
        .order_by(Order.ordered_at, Order.id).limit(limit))
    if after is not None:
        query = query.where(tuple_(Order.ordered_at, Order.id) > tuple_(*after))
    return [Due(int(id_), at, Step(step), int(hours)) for id_, at, step, hours in (await db.execute(query)).all()]


async def settle(db: AsyncSession, order: Due) -> str | None:
    """Accept, cancel or reserve the order as its settings say, by the console itself (a transition's timeline
    names the setting): the status it moved to, RESERVED or SHORT; None when it is no longer PENDING (a refusal
    writes nothing)."""
    try:
        async with db.begin_nested():
            if order.step == Step.RESERVE:
                return await _reserve(db, order.id)
            note = t("orders.auto_cancelled", hours=order.unpaid_hours) if order.step == Step.CANCEL \
                else t("orders.auto_accepted")
            return str((await transition(db, SYSTEM, order.id, OrderAction(order.step), note=note)).status)
    except DomainError:
        return None


async def _reserve(db: AsyncSession, order_id: int) -> str | None:
    order = await lock(db, order_id)
    if order.status != OrderStatus.PENDING:
        return None
    return LineStock.RESERVED if await fulfilment.reserve_early(db, order, SYSTEM) is None else LineStock.SHORT
