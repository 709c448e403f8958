"""Inbound and outbound orders (SPEC §3 "Inbound or outbound order: order number, type, status, working status,
push status, planned and actual quantity, logistic number, delivery method"), their lines and the actions taken
on them. The stock they move is booked in the stock ledger (domain/models/stock.py) through its movement
primitive, with keys made in domain/rules/stock_orders.py."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Computed,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    String,
    UniqueConstraint,
    func,
    literal_column,
    select,
    text,
    tuple_,
)
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by
from sqlalchemy.orm import Mapped, mapped_column, query_expression, relationship
from sqlalchemy.sql.selectable import ScalarSelect

from domain.db import Base, Timestamps, one_of
from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    ShippingMethod,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.models.orders import Order
from domain.rules.stock_orders import CHANNEL_ORDER_NO_MAX, ORDER_NO_MAX, SKU_MAX, TEXT_MAX
from domain.rules.wms_orders import WMS_STATUS_SQL, AbnormalReason


class StockOrder(Base, Timestamps):
    __tablename__ = "stock_orders"
    __table_args__ = (
        one_of("direction", StockOrderDirection),
        one_of("order_type", StockOrderType),
        one_of("status", WarehouseDocumentStatus),
        one_of("working_status", OutboundWorkingStatus, nullable=True),
        one_of("push_status", WarehousePushStatus),
        one_of("print_status", PrintStatus, nullable=True),
        one_of("delivery_method", ShippingMethod, nullable=True),
        # the type names its direction (domain/rules/stock_orders.direction_of); only outbound orders are worked
        # and printed by the warehouse
        CheckConstraint("right(order_type, length(direction)) = direction", name="type_direction"),
        CheckConstraint("(direction = 'OUTBOUND') = (working_status IS NOT NULL AND print_status IS NOT NULL)",
                        name="outbound_working"),
        CheckConstraint("actual_quantity BETWEEN 0 AND planned_quantity", name="actual_within_planned"),
        # an outbound order may fulfil a channel order of one store: all three are given, or none
        CheckConstraint("(channel_order_no IS NULL) = (shop_id IS NULL AND channel_ordered_at IS NULL) "
                        "AND (channel_order_no IS NULL OR direction = 'OUTBOUND')", name="channel_order"),
        Index("ix_stock_orders_merchant_created", "merchant_id", "created_at"),
        Index("ix_stock_orders_shop_created", "shop_id", "created_at", postgresql_where="shop_id IS NOT NULL"),
        # the warehouse's side (migration 0050): abnormal packages, one tracking number per carrier, print jobs
        one_of("abnormal_reason", AbnormalReason, nullable=True),
        CheckConstraint("abnormal_reason IS NULL OR direction = 'OUTBOUND'", name="abnormal_outbound"),
        CheckConstraint("print_count >= 0", name="print_count_not_negative"),
        CheckConstraint("(print_count = 0) = (printed_at IS NULL)", name="printed_when_counted"),
        CheckConstraint("courier_id IS NULL OR logistic_no IS NOT NULL", name="courier_tracked"),
        Index("uq_stock_orders_courier_logistic_no", "courier_id", "logistic_no", unique=True,
              postgresql_where=text("courier_id IS NOT NULL")),
        Index("ix_stock_orders_wms_status_id", "warehouse_id", "wms_status", "id",
              postgresql_where=text("wms_status IS NOT NULL")),
        Index("ix_stock_orders_wave_no", "wave_no", postgresql_where=text("wave_no IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_no: Mapped[str] = mapped_column(String(ORDER_NO_MAX), unique=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="RESTRICT"))
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"), index=True)
    direction: Mapped[StockOrderDirection] = mapped_column(String(16))
    order_type: Mapped[StockOrderType] = mapped_column(String(32))
    status: Mapped[WarehouseDocumentStatus] = mapped_column(String(16), index=True)
    working_status: Mapped[OutboundWorkingStatus | None] = mapped_column(String(32))
    push_status: Mapped[WarehousePushStatus] = mapped_column(String(32))
    print_status: Mapped[PrintStatus | None] = mapped_column(String(16))
    planned_quantity: Mapped[int]
    actual_quantity: Mapped[int] = mapped_column(default=0, server_default="0")
    logistic_no: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    delivery_method: Mapped[ShippingMethod | None] = mapped_column(String(16))
    remark: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    # the channel order this outbound order fulfils: its store, number and when the buyer placed it (the stock
    # push of that store compares them with its pushes, domain/rules/stock_sync.py)
    shop_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("shops.id", ondelete="SET NULL"))
    channel_order_no: Mapped[str | None] = mapped_column(String(CHANNEL_ORDER_NO_MAX))
    channel_ordered_at: Mapped[datetime | None]
    # raised by every action; a receipt or shipment names the revision it was asked on, so a repeat is known
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    # the warehouse's side (domain/rules/wms_orders.py): its WMS status derived by PostgreSQL, never written
    wms_status: Mapped[str | None] = mapped_column(String(16), Computed(WMS_STATUS_SQL, persisted=True))
    wave_no: Mapped[str | None] = mapped_column(String(40))
    abnormal_reason: Mapped[str | None] = mapped_column(String(32))
    abnormal_note: Mapped[str | None] = mapped_column(String(255))
    courier_id: Mapped[int | None] = mapped_column(ForeignKey("couriers.id", ondelete="RESTRICT"))
    printed_at: Mapped[datetime | None]
    printed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    print_count: Mapped[int] = mapped_column(default=0, server_default="0")

    merchant_email: Mapped[str | None] = query_expression()  # read with the list
    warehouse_name: Mapped[str | None] = query_expression()
    # the WMS order list's (api/routers/wms_orders.py): the store, the channel order's recipient, the content
    shop_name: Mapped[str | None] = query_expression()
    channel: Mapped[str | None] = query_expression()
    courier_name: Mapped[str | None] = query_expression()
    recipient_name: Mapped[str | None] = query_expression()
    recipient_phone: Mapped[str | None] = query_expression()
    recipient_address: Mapped[str | None] = query_expression()
    content: Mapped[str | None] = query_expression()
    merged_orders: Mapped[str | None] = query_expression()

    lines: Mapped[list[StockOrderLine]] = relationship(
        back_populates="order", order_by="StockOrderLine.id", cascade="all, delete-orphan", passive_deletes=True)


class StockOrderLine(Base):
    __tablename__ = "stock_order_lines"
    __table_args__ = (
        UniqueConstraint("order_id", "sku"),
        CheckConstraint("planned > 0", name="planned_positive"),
        CheckConstraint("done BETWEEN 0 AND planned", name="done_within_planned"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("stock_orders.id", ondelete="CASCADE"))
    sku: Mapped[str] = mapped_column(String(SKU_MAX))
    planned: Mapped[int]
    done: Mapped[int] = mapped_column(default=0, server_default="0")  # received (inbound) or shipped (outbound)

    order: Mapped[StockOrder] = relationship(back_populates="lines")


class StockOrderAction(Base):
    """One action taken on an order, numbered by the revision it made: the order's history on its detail, and
    the record a repeated request is recognised by."""

    __tablename__ = "stock_order_actions"
    __table_args__ = (UniqueConstraint("order_id", "revision"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    # no foreign key: the history of a deleted order stays, as its change records in the ledger do
    order_id: Mapped[int] = mapped_column(BigInteger, index=True)
    order_no: Mapped[str] = mapped_column(String(ORDER_NO_MAX))
    revision: Mapped[int]
    action: Mapped[str] = mapped_column(String(16))
    quantities: Mapped[list[int]] = mapped_column(JSONB)
    status_after: Mapped[str] = mapped_column(String(16))
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    operator_name: Mapped[str | None] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(server_default=func.now())

    def replays(self, action: str, quantities: list[int]) -> bool:
        return self.action == action and list(self.quantities) == list(quantities)



class OrderParcel(Base):
    """A package and a channel order it carries: a channel order split by its merchant's settings has several
    packages, and a package of merged orders carries several channel orders (services/orders/handover.py)."""

    __tablename__ = "order_parcels"
    __table_args__ = (
        ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"], ondelete="CASCADE"),
        Index("ix_order_parcels_order_id", "order_id"),
    )

    stock_order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("stock_orders.id", ondelete="CASCADE"),
                                                primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    ordered_at: Mapped[datetime]


# a package's link and the channel order it carries (its partition found by the order time)
CARRIED_ORDER = tuple_(Order.id, Order.ordered_at) == tuple_(OrderParcel.order_id, OrderParcel.ordered_at)


def merged_orders() -> ScalarSelect[str]:
    """The other channel orders a package (the enclosing query's outbound order) carries, merged with the one it is
    named after, by number, ', '-joined: the order process's list, export and label, and the picking list."""
    return select(func.string_agg(Order.channel_order_no, aggregate_order_by(
        literal_column("', '"), Order.channel_order_no))).join(OrderParcel, CARRIED_ORDER).where(
        OrderParcel.stock_order_id == StockOrder.id,
        Order.channel_order_no.is_distinct_from(StockOrder.channel_order_no)).scalar_subquery()
