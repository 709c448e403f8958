from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, AwareDatetime, BeforeValidator, Field
from pydantic_core import PydanticCustomError
from sqlalchemy import any_

from api.envelope import CamelModel
from api.resource.bounds import bound_integers
from api.resource.query import Eq, In, SearchParams, Where
from api.schemas.merchants import checked
from api.schemas.types import INT64_MAX, Int64, harden
from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    ShippingMethod,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.models.stock_orders import StockOrder
from domain.rules import stock_orders as rules

OrderNo = Annotated[str, Field(min_length=1, max_length=rules.ORDER_NO_MAX), AfterValidator(checked(rules.order_no))]
Sku = Annotated[str, Field(min_length=1, max_length=rules.SKU_MAX), AfterValidator(str.strip)]
Quantity = Annotated[int, Field(ge=1, le=rules.QUANTITY_MAX)]
Text = Annotated[str | None, Field(max_length=rules.TEXT_MAX)]
OrderIds = Annotated[list[Int64], Field(min_length=1, max_length=rules.MASS_MAX)]


class StockOrderLineIn(CamelModel):
    sku: Sku
    quantity: Quantity


def _one_line_a_sku(lines: list[StockOrderLineIn]) -> list[StockOrderLineIn]:
    skus = [line.sku for line in lines]
    twice = next((sku for sku in skus if skus.count(sku) > 1), None)
    if twice is not None:
        raise PydanticCustomError("stock_order_sku_twice", "stock_order_sku_twice", {"sku": twice})
    return lines


class StockOrderCreate(CamelModel):
    """A new order: its lines put stock in transit (inbound) or lock it (outbound) at once."""

    order_no: OrderNo | None = None  # made from the direction, the day and the id when left out
    merchant_id: int
    warehouse_id: int
    order_type: StockOrderType
    logistic_no: Text = None
    delivery_method: ShippingMethod | None = None
    remark: Text = None
    # the channel order an outbound order fulfils: its store, number and when the buyer placed it (all or none)
    shop_id: int | None = None
    channel_order_no: Annotated[str | None, Field(max_length=rules.CHANNEL_ORDER_NO_MAX),
                                AfterValidator(checked(rules.channel_order_no))] = None
    channel_ordered_at: AwareDatetime | None = None
    lines: Annotated[list[StockOrderLineIn], Field(min_length=1, max_length=rules.LINES_MAX),
                     AfterValidator(_one_line_a_sku)]


class StockOrderLinePublic(CamelModel):
    id: int
    sku: str
    planned: int
    done: int


class StockOrderPublic(CamelModel):
    id: int
    order_no: str
    merchant_id: int
    merchant_email: str | None = None
    warehouse_id: int
    warehouse_name: str | None = None
    direction: StockOrderDirection
    order_type: StockOrderType
    status: WarehouseDocumentStatus
    working_status: OutboundWorkingStatus | None
    push_status: WarehousePushStatus
    print_status: PrintStatus | None
    planned_quantity: int
    actual_quantity: int
    logistic_no: str | None
    delivery_method: ShippingMethod | None
    remark: str | None
    shop_id: int | None = None
    channel_order_no: str | None = None
    channel_ordered_at: datetime | None = None
    revision: int
    lines: list[StockOrderLinePublic]
    created_at: datetime
    updated_at: datetime


class StockFigures(CamelModel):
    """A line's sku in the order's warehouse as the ledger holds it now (SPEC §3 stock levels)."""

    sku: str
    on_hand: int
    locked: int
    transit: int
    available: int


class StockOrderActionPublic(CamelModel):
    revision: int
    action: str
    quantities: list[int]
    status_after: WarehouseDocumentStatus
    operator_name: str | None
    at: datetime


class StockOrderDetails(CamelModel):
    stock: list[StockFigures]
    actions: list[StockOrderActionPublic]


def _numbers(value: object) -> object:
    """The order numbers a search names (SPEC §5: required), as one text or a list of them."""
    text = " ".join(str(v) for v in value) if isinstance(value, list) else value
    return checked(rules.search_numbers)(text if isinstance(text, str) else "")


class StockOrderFilters(SearchParams):
    """SPEC §5: "Outbound or inbound order number required in searches"; one or more numbers, exact."""

    order_no: Annotated[list[str], BeforeValidator(_numbers), Where(lambda v: StockOrder.order_no == any_(v))]
    direction: Annotated[StockOrderDirection | None, Eq()] = None
    order_type: Annotated[list[StockOrderType] | None, In()] = None
    status: Annotated[list[WarehouseDocumentStatus] | None, In()] = None
    warehouse_id: Annotated[int | None, Eq()] = None
    merchant_id: Annotated[int | None, Eq()] = None


class StockOrderProgress(CamelModel):
    """A receipt (inbound) or shipment (outbound): per line, in the order's line order, the quantity now done.
    `revision` is the order's revision the user saw: a repeat of the same request books nothing twice."""

    id: Int64
    revision: Annotated[int, Field(ge=0)]
    quantities: Annotated[list[Annotated[int, Field(ge=0, le=rules.QUANTITY_MAX)]],
                          Field(min_length=1, max_length=rules.LINES_MAX)]


class StockOrderReceipt(StockOrderProgress):
    """A receipt, optionally onto one shelf of the order's warehouse (what it receives is then on that shelf)."""

    shelf_id: Annotated[int, Field(ge=1, le=INT64_MAX)] | None = None


class StockOrderRef(CamelModel):
    id: int


class StockOrderSelection(CamelModel):
    ids: OrderIds


class MassResult(CamelModel):
    orders: list[StockOrderPublic]


bound_integers(StockOrder, StockOrderProgress, StockOrderReceipt)


harden(StockOrderLineIn, StockOrderCreate)  # requests: names one line, numbers and times in range
