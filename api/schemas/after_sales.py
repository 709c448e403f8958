"""After-sales: returns, their steps and handling times, the by-day summary, SLAs, packing materials and their
usage, warehouse content."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field, computed_field
from sqlalchemy import and_, false, func, or_

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, SearchParams, Where
from api.schemas.types import Day, Int64, SingleLine
from domain.enums import (
    ContentAudience,
    ContentState,
    Currency,
    DatePreset,
    GmtOffset,
    MaterialUnit,
    ReturnAction,
    ReturnReason,
    ReturnStatus,
)
from domain.models.after_sales import ReturnOrder
from domain.rules import after_sales as rules

Quantity = Annotated[int, Field(ge=1, le=rules.MAX_QUANTITY)]
Money = Annotated[Decimal, Field(ge=0, le=Decimal("9999999999999999.99"), decimal_places=2)]
Note = Annotated[str | None, Field(max_length=rules.NOTE_MAX)]


def overdue_clause(value: bool) -> object:
    late = or_(ReturnOrder.late_steps > 0, and_(ReturnOrder.due_at.is_not(None), ReturnOrder.due_at < func.now()))
    return late if value else and_(ReturnOrder.late_steps == 0, or_(ReturnOrder.due_at.is_(None),
                                                                    ReturnOrder.due_at >= func.now()))


def overdue_of() -> object:
    return or_(ReturnOrder.late_steps > 0, and_(ReturnOrder.due_at.is_not(None), ReturnOrder.due_at < func.now()),
               false())


# ---- returns ------------------------------------------------------------------------------------

class ReturnLineIn(CamelModel):
    sku: Annotated[SingleLine, Field(min_length=1, max_length=rules.SKU_MAX)]
    quantity: Quantity
    reason: ReturnReason


class ReturnCreate(CamelModel):
    """A return of a shipped or completed order: the order is picked by its number (`/after-sales/order-options`)."""

    order_id: Int64
    lines: Annotated[list[ReturnLineIn], Field(min_length=1, max_length=rules.MAX_LINES)]
    refund_amount: Money = Decimal(0)
    tracking_no: Annotated[SingleLine | None, Field(max_length=rules.TEXT_MAX)] = None
    note: Note = None


class ReturnRef(CamelModel):
    id: Int64


class ReturnLinePublic(CamelModel):
    line_no: int
    sku: str
    quantity: int
    reason: ReturnReason
    unit_price: Decimal
    good_quantity: int | None


class ReturnPublic(CamelModel):
    id: int
    return_no: str
    order_id: int
    channel_order_no: str
    merchant_id: int
    merchant_email: str | None = None
    shop_id: int
    warehouse_id: int
    warehouse_name: str | None = None
    status: ReturnStatus
    quantity: int
    good_quantity: int
    defective_quantity: int
    refund_amount: Decimal
    currency: Currency  # the order's: the refund amount is in it
    tracking_no: str | None
    note: str | None
    reject_reason: str | None
    requested_at: datetime
    in_transit_at: datetime | None
    received_at: datetime | None
    inspected_at: datetime | None
    closed_at: datetime | None
    due_at: datetime | None
    late_steps: int
    overdue: bool | None = None
    lines: list[ReturnLinePublic]

    @computed_field  # type: ignore[prop-decorator]  # pydantic decorates the property, which mypy does not model
    @property
    def hours_to_receive(self) -> Decimal | None:
        return rules.hours_between(self.requested_at, self.received_at)

    @computed_field  # type: ignore[prop-decorator]  # pydantic decorates the property, which mypy does not model
    @property
    def hours_to_inspect(self) -> Decimal | None:
        return rules.hours_between(self.received_at, self.inspected_at)

    @computed_field  # type: ignore[prop-decorator]  # pydantic decorates the property, which mypy does not model
    @property
    def hours_to_close(self) -> Decimal | None:
        return rules.hours_between(self.inspected_at or self.received_at, self.closed_at)

    @computed_field  # type: ignore[prop-decorator]  # pydantic decorates the property, which mypy does not model
    @property
    def actions(self) -> list[ReturnAction]:
        return rules.actions_of(self.status)


class ReturnFilters(SearchParams):
    return_no: Annotated[str | None, Like()] = None
    channel_order_no: Annotated[str | None, Like()] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    status: Annotated[list[ReturnStatus] | None, In()] = None
    overdue: Annotated[bool | None, Where(overdue_clause)] = None


class InspectLine(CamelModel):
    line_no: Annotated[int, Field(ge=1, le=rules.MAX_LINES)]
    good_quantity: Annotated[int, Field(ge=0, le=rules.MAX_QUANTITY)]


class ReturnActionBody(CamelModel):
    """DISPATCH names the tracking number, INSPECT each line's good units (the rest are defective), REJECT its
    reason; RECEIVE and RESTOCK take nothing more."""

    action: ReturnAction
    tracking_no: Annotated[SingleLine | None, Field(max_length=rules.TEXT_MAX)] = None
    lines: Annotated[list[InspectLine] | None, Field(max_length=rules.MAX_LINES)] = None
    reason: Note = None


class ReturnableLine(CamelModel):
    sku: str
    returnable: int


class ReturnOrderOption(CamelModel):
    """A shipped or completed order a return may be made of, with what is still returnable of each SKU."""

    id: int
    channel_order_no: str
    merchant_email: str | None
    status: str
    lines: list[ReturnableLine]


# ---- by day ------------------------------------------------------------------------------------

class DayFilters(CamelModel):
    """Days of a preset (SPEC §9) or from..to (both included), in a GMT offset (GMT+08:00 when not given)."""

    preset: DatePreset | None = None
    days: Annotated[list[Day] | None, Field(min_length=1, max_length=2)] = None
    gmt_offset: GmtOffset | None = None
    warehouse_id: Int64 | None = None
    merchant_id: Int64 | None = None


class DayRow(CamelModel):
    """One local day, warehouse, merchant and currency: the returns' figures, the refund amount in `currency`."""

    day: date
    warehouse_id: int
    warehouse_name: str | None
    merchant_id: int
    merchant_email: str | None
    currency: Currency
    requested: int
    received: int
    restocked: int
    defective: int
    rejected: int
    refund_amount: Decimal


class RefundTotal(CamelModel):
    currency: Currency
    amount: Decimal


class DayTotals(CamelModel):
    """The rows' figures summed; refunds per currency (amounts in two currencies are never added together)."""

    requested: int
    received: int
    restocked: int
    defective: int
    rejected: int
    refunds: list[RefundTotal]


class DaySummary(CamelModel):
    rows: list[DayRow]
    totals: DayTotals


# ---- SLA -----------------------------------------------------------------------------------------

class ReturnSlaCreate(CamelModel):
    warehouse_id: Int64
    sla_hours: Annotated[int, Field(ge=rules.SLA_HOURS_MIN, le=rules.SLA_HOURS_MAX)]


class ReturnSlaUpdate(CamelModel):
    id: Int64
    sla_hours: Annotated[int | None, Field(ge=rules.SLA_HOURS_MIN, le=rules.SLA_HOURS_MAX)] = None


class ReturnSlaPublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    merchant_id: int
    merchant_email: str | None = None
    sla_hours: int
    updated_at: datetime


class ReturnSlaFilters(SearchParams):
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None


# ---- materials -------------------------------------------------------------------------------------

class MaterialCreate(CamelModel):
    warehouse_id: Int64
    code: Annotated[str, Field(min_length=1, max_length=rules.CODE_MAX)]
    name: Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX)]
    unit: MaterialUnit
    unit_cost: Money
    stock: Annotated[int, Field(ge=0, le=rules.MAX_QUANTITY * 100)] = 0
    low_stock_threshold: Annotated[int, Field(ge=0, le=rules.MAX_QUANTITY * 100)] = 0


class MaterialUpdate(CamelModel):
    id: Int64
    name: Annotated[str | None, Field(min_length=1, max_length=rules.NAME_MAX)] = None
    unit: MaterialUnit | None = None
    unit_cost: Money | None = None
    stock: Annotated[int | None, Field(ge=0, le=rules.MAX_QUANTITY * 100)] = None
    low_stock_threshold: Annotated[int | None, Field(ge=0, le=rules.MAX_QUANTITY * 100)] = None


class MaterialPublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    merchant_id: int
    merchant_email: str | None = None
    code: str
    name: str
    unit: MaterialUnit
    unit_cost: Decimal
    stock: int
    low_stock_threshold: int
    low_stock: bool | None = None
    updated_at: datetime


class MaterialFilters(SearchParams):
    code: Annotated[str | None, Like()] = None
    name: Annotated[str | None, Like()] = None
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None


class UsageCreate(CamelModel):
    """Units of a material used on one return or one outbound order (exactly one of the two)."""

    material_id: Int64
    quantity: Quantity
    return_id: Int64 | None = None
    stock_order_id: Int64 | None = None


class UsageTargetOption(CamelModel):
    """A return or an outbound order of a warehouse, for the usage form's pickers: its number and channel order."""

    id: int
    warehouse_id: int
    document_no: str
    channel_order_no: str | None = None


class UsagePublic(CamelModel):
    id: int
    material_id: int
    material_code: str | None = None
    material_name: str | None = None
    warehouse_id: int
    merchant_id: int
    merchant_email: str | None = None
    return_id: int | None
    stock_order_id: int | None
    document_no: str | None
    quantity: int
    unit_cost: Decimal
    amount: Decimal
    used_at: datetime
    actor_name: str | None


class UsageFilters(SearchParams):
    material_id: Annotated[Int64 | None, Eq()] = None
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None
    document_no: Annotated[str | None, Like()] = None


# ---- warehouse content -----------------------------------------------------------------------------

class ContentCreate(CamelModel):
    warehouse_id: Int64
    audience: ContentAudience
    title: Annotated[str, Field(min_length=1, max_length=rules.TITLE_MAX)]
    body: Annotated[str, Field(min_length=1, max_length=rules.BODY_MAX)]
    state: ContentState = ContentState.DRAFT


class ContentUpdate(CamelModel):
    id: Int64
    audience: ContentAudience | None = None
    title: Annotated[str | None, Field(min_length=1, max_length=rules.TITLE_MAX)] = None
    body: Annotated[str | None, Field(min_length=1, max_length=rules.BODY_MAX)] = None
    state: ContentState | None = None


class ContentPublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    merchant_id: int
    merchant_email: str | None = None
    audience: ContentAudience
    title: str
    body: str
    state: ContentState
    published_at: datetime | None
    updated_at: datetime


class ContentFilters(SearchParams):
    title: Annotated[str | None, Like()] = None
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    audience: Annotated[ContentAudience | None, Eq()] = None
    state: Annotated[list[ContentState] | None, In()] = None
