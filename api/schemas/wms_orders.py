"""The warehouse's order side (SPEC §3 WMS order, §4 WMS order states, print status): the list, its tabs, the
order process's batch actions and hot-item printing."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field
from sqlalchemy import ColumnElement, or_, select

from api.envelope import CamelModel, Page
from api.resource.query import Eq, In, Range, SearchParams, Where
from api.schemas.types import Int64, Period, SingleLine
from domain.enums import OutboundWorkingStatus, PrintStatus, WarehouseDocumentStatus, WmsOrderStatus
from domain.models.orders import Order
from domain.models.stock_orders import CARRIED_ORDER, OrderParcel, StockOrder
from domain.rules import stock_orders as order_rules
from domain.rules import wms_orders as rules
from domain.rules.wms_orders import AbnormalReason

Ids = Annotated[list[Int64], Field(min_length=1, max_length=rules.BATCH_MAX)]


class WmsOrderPublic(CamelModel):
    """SPEC §3 WMS order: order no, tracking number, recipient and address, source, logistic information, status,
    content."""

    id: int
    order_no: str
    merchant_id: int
    merchant_email: str | None = None
    warehouse_id: int
    warehouse_name: str | None = None
    wms_status: WmsOrderStatus
    status: WarehouseDocumentStatus
    working_status: OutboundWorkingStatus | None
    print_status: PrintStatus | None
    print_count: int
    printed_at: datetime | None = None
    logistic_no: str | None
    courier_id: int | None = None
    courier_name: str | None = None
    delivery_method: str | None = None
    shop_id: int | None = None
    shop_name: str | None = None
    channel: str | None = None
    channel_order_no: str | None = None
    merged_orders: str | None = None  # the other channel orders it carries, merged with that one
    recipient_name: str | None = None
    recipient_phone: str | None = None
    recipient_address: str | None = None
    content: str | None = None
    planned_quantity: int
    wave_no: str | None = None
    abnormal_reason: AbnormalReason | None = None
    abnormal_note: str | None = None
    revision: int
    created_at: datetime
    updated_at: datetime


def carrying(number: str) -> ColumnElement[bool]:
    """The packages named after the channel order, or carrying it (merged into another's package)."""
    carried = select(OrderParcel.stock_order_id).join(Order, CARRIED_ORDER).where(Order.channel_order_no == number)
    return or_(StockOrder.channel_order_no == number, StockOrder.id.in_(carried))


class WmsOrderFilters(SearchParams):
    wms_status: Annotated[WmsOrderStatus | None, Eq()] = None  # the tab
    warehouse_id: Annotated[Int64 | None, Eq()] = None
    merchant_id: Annotated[Int64 | None, Eq()] = None
    shop_id: Annotated[Int64 | None, Eq()] = None
    order_no: Annotated[str | None, Field(max_length=order_rules.ORDER_NO_MAX),
                        Where(lambda v: StockOrder.order_no == v)] = None
    logistic_no: Annotated[str | None, Field(max_length=rules.TRACKING_MAX), Eq()] = None
    channel_order_no: Annotated[str | None, Field(max_length=order_rules.CHANNEL_ORDER_NO_MAX),
                                Where(carrying)] = None
    wave_no: Annotated[str | None, Field(max_length=40), Eq()] = None
    working_status: Annotated[list[OutboundWorkingStatus] | None, In()] = None
    print_status: Annotated[list[PrintStatus] | None, In()] = None
    created_at: Annotated[Period, Range()] = None

    def narrow(self) -> bool:
        """Filters the maintained counts do not hold: the tabs are counted over the (few) orders they find."""
        return any(v is not None for v in (self.order_no, self.logistic_no, self.channel_order_no, self.wave_no,
                                           self.working_status, self.print_status, self.created_at, self.shop_id))


class WmsOrderPage(Page[WmsOrderPublic]):
    tabs: dict[str, int] = Field(description="Each WMS status's count for the same filters (the tab aside), "
                                             "and ALL")


class WmsSelection(CamelModel):
    ids: Ids


class WmsParcel(CamelModel):
    id: Int64
    tracking_no: Annotated[SingleLine, Field(max_length=rules.TRACKING_MAX)]


class WmsPack(CamelModel):
    """Pack: the carrier (a courier) and each parcel's tracking number, unique per carrier."""

    courier_id: Int64
    parcels: Annotated[list[WmsParcel], Field(min_length=1, max_length=rules.BATCH_MAX)]


class WmsAbnormal(CamelModel):
    ids: Ids
    reason: AbnormalReason
    note: Annotated[str | None, Field(max_length=rules.NOTE_MAX)] = None


class WmsBatchResult(CamelModel):
    orders: list[WmsOrderPublic]
    wave_no: str | None = None


class WmsActionPublic(CamelModel):
    revision: int
    action: str
    status_after: str
    operator_name: str | None
    at: datetime


class HotGroup(CamelModel):
    """Orders waiting to print whose content is the same one SKU x quantity."""

    sku: str
    quantity: int
    warehouse_id: int
    warehouse_name: str | None
    orders: int
    ids: list[int]


class HotFilters(CamelModel):
    warehouse_id: Int64 | None = None
    merchant_id: Int64 | None = None


class HotPrint(CamelModel):
    ids: Ids
