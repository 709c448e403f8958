"""Channel orders as the list, the detail and the actions read and write them (api/routers/orders.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, model_validator
from sqlalchemy import ARRAY, String, and_, any_, bindparam, true

from api.envelope import CamelModel, Page
from api.resource.query import Eq, In, SearchParams, Where
from api.schemas.merchants import checked
from api.schemas.types import Day, Int64
from domain.enums import (
    Channel,
    Country,
    Currency,
    DatePreset,
    FulfillmentProvider,
    GmtOffset,
    OrderAction,
    OrderEventKind,
    OrderExceptionCause,
    OrderStatus,
    OrderTab,
)
from domain.models.orders import Order
from domain.rules import orders as rules


class OrderPublic(CamelModel):
    """A row of the order list (SPEC §3 order display, the list's columns)."""

    id: int
    channel_order_no: str
    merchant_id: int
    merchant_email: str | None = None
    shop_id: int
    shop_name: str | None = None
    channel: Channel
    country: Country
    status: OrderStatus
    cause: OrderExceptionCause | None = None
    rule_name: str | None = None
    buyer_name: str | None = None
    recipient_name: str | None = None
    city: str | None = None
    awb: str | None = None
    courier: str | None = None
    currency: Currency
    total: Decimal
    ordered_at: datetime
    paid_at: datetime | None = None
    updated_at: datetime


class OrderLinePublic(CamelModel):
    line_no: int
    sku: str
    product_name: str | None
    variant: str | None
    quantity: int
    unit_price: Decimal


class OrderEventPublic(CamelModel):
    revision: int
    at: datetime
    kind: OrderEventKind
    from_status: OrderStatus | None
    to_status: OrderStatus
    cause: OrderExceptionCause | None
    rule_name: str | None
    actor_name: str | None
    note: str | None


class OrderDetail(OrderPublic):
    """Every field of the SPEC §3 order display, the lines, the timeline and the actions the state allows."""

    rule_id: int | None = None
    buyer_phone: str | None = None
    buyer_email: str | None = None
    recipient_phone: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    province: str | None = None
    postcode: str | None = None
    address_country: Country | None = None
    weight_g: int | None = None
    invoice_no: str | None = None
    shipping_fee: Decimal
    insurance: Decimal
    subtotal: Decimal
    fulfilment_provider: FulfillmentProvider | None = None
    warehouse_id: int | None = None
    channel_updated_at: datetime | None = None
    created_at: datetime
    revision: int
    lines: list[OrderLinePublic]
    timeline: list[OrderEventPublic]
    actions: list[OrderAction] = Field(description="The actions the order's state allows (the detail's buttons)")


class OrderPeriod(CamelModel):
    """When the orders were placed: a preset (SPEC §9: yesterday, today, week, month, quarter, year) or the days
    from..to (both included), in a GMT offset (GMT+01:00..GMT+12:00; GMT+08:00 when not given)."""

    preset: DatePreset | None = None
    start: Day | None = None
    end: Day | None = None
    gmt_offset: GmtOffset | None = None


PERIOD_FROM, PERIOD_TO, RECENT_FROM, ORDER_NOS = "f_ordered_at_from", "f_ordered_at_to", "f_recent_from", "f_order_no"


def period_binds(value: OrderPeriod | dict[str, Any]) -> dict[str, Any]:
    """[from, to) in UTC as bound parameters (a search's filters come as their dump: a dict)."""
    value = OrderPeriod.model_validate(value)
    lo, hi = rules.period(value.preset, value.start, value.end, value.gmt_offset, datetime.now(UTC))
    return {name: at for name, at in ((PERIOD_FROM, lo), (PERIOD_TO, hi)) if at is not None}


def period_clause(value: OrderPeriod | dict[str, Any]) -> Any:
    bounds = period_binds(value)
    clauses = [Order.ordered_at >= bindparam(PERIOD_FROM, bounds[PERIOD_FROM])] if PERIOD_FROM in bounds else []
    if PERIOD_TO in bounds:
        clauses.append(Order.ordered_at < bindparam(PERIOD_TO, bounds[PERIOD_TO]))
    return and_(true(), *clauses)


def recent_binds(value: bool) -> dict[str, Any]:
    return {RECENT_FROM: rules.recent_from(datetime.now(UTC))} if value else {}


def recent_clause(value: bool) -> Any:
    bounds = recent_binds(value)
    return Order.ordered_at >= bindparam(RECENT_FROM, bounds[RECENT_FROM]) if bounds else true()


def numbers_clause(value: list[str]) -> Any:
    """One parameter for the numbers, however many: one statement serves every search by numbers."""
    return Order.channel_order_no == any_(bindparam(ORDER_NOS, value, type_=ARRAY(String)))


def _numbers(value: object) -> object:
    """One or several order numbers, as one text or a list of them."""
    text = " ".join(str(v) for v in value) if isinstance(value, list) else value
    return checked(rules.search_numbers)(text if isinstance(text, str) else "") or None


class OrderFilters(SearchParams):
    """The order list's filters; the tab counts are summed for the same ones (all but the tab). The period comes as
    the address carries it, `preset`, `orderedOn` (the first and last day) and `gmtOffset`, or as one `orderedAt`;
    the flat ones are folded into `orderedAt` once read."""

    order_tab: Annotated[OrderTab | None, Where(lambda v: Order.status.in_(rules.TAB_STATUSES[v]))] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None
    shop_id: Annotated[Int64 | None, Eq()] = None
    channel: Annotated[list[Channel] | None, In()] = None
    status: Annotated[list[OrderStatus] | None, In()] = None
    order_no: Annotated[list[str] | None, BeforeValidator(_numbers),
                        Where(numbers_clause, lambda v: {ORDER_NOS: v})] = None
    preset: DatePreset | None = None
    ordered_on: Annotated[list[Day] | None, Field(min_length=1, max_length=2)] = None
    gmt_offset: GmtOffset | None = None
    ordered_at: Annotated[OrderPeriod | None, Where(period_clause, period_binds)] = None
    recent: Annotated[bool | None, Field(description="the past-90-days view"),
                      Where(recent_clause, recent_binds)] = None

    @model_validator(mode="after")
    def _period(self) -> OrderFilters:
        if self.preset or self.ordered_on:
            days = self.ordered_on or []
            self.ordered_at = OrderPeriod(preset=self.preset, start=days[0] if days else None,
                                          end=days[-1] if days else None, gmt_offset=self.gmt_offset)
        elif self.ordered_at is not None and self.gmt_offset and not self.ordered_at.gmt_offset:
            self.ordered_at = self.ordered_at.model_copy(update={"gmt_offset": self.gmt_offset})
        if self.ordered_at is not None:
            period_binds(self.ordered_at)  # a reversed range is refused here, naming the field
        self.preset, self.ordered_on, self.gmt_offset = None, None, None
        return self


class OrderPage(Page[OrderPublic]):
    tabs: dict[OrderTab, int] = Field(description="Each tab's count for the same filters (the tab aside)")


class OrderRef(CamelModel):
    id: Int64
    note: Annotated[str | None, Field(max_length=rules.NOTE_MAX)] = None


class OrderHoldBody(OrderRef):
    cause: OrderExceptionCause
