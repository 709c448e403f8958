"""After-sales (docs/after_sales.md): returns of shipped channel orders and their lines, the defective units
inspection found, the by-hour tallies the by-day screen sums (kept in each change's transaction), the handling-time
SLA of each warehouse, packing materials with their usage (chargeable to the merchant) and warehouse content."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    Numeric,
    PrimaryKeyConstraint,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column, query_expression, relationship

from domain.db import Base, Timestamps, one_of
from domain.enums import ContentAudience, ContentState, Currency, MaterialUnit, ReturnReason, ReturnStatus
from domain.rules.after_sales import (
    CODE_MAX,
    NAME_MAX,
    NOTE_MAX,
    RETURN_NO_MAX,
    SKU_MAX,
    TEXT_MAX,
    TITLE_MAX,
)

MONEY = Numeric(18, 2)


class ReturnOrder(Base, Timestamps):
    __tablename__ = "return_orders"
    __table_args__ = (
        ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"], ondelete="RESTRICT",
                             name="fk_return_orders_orders"),
        one_of("status", ReturnStatus),
        one_of("currency", Currency),
        CheckConstraint("refund_amount >= 0", name="refund_not_negative"),
        CheckConstraint("quantity > 0 AND good_quantity >= 0 AND defective_quantity >= 0 "
                        "AND good_quantity + defective_quantity <= quantity", name="quantities"),
        CheckConstraint("late_steps >= 0", name="late_steps_not_negative"),
        # each step's time is set with its state and never before the one it follows
        CheckConstraint("(status IN ('REQUESTED', 'IN_TRANSIT', 'REJECTED')) OR received_at IS NOT NULL",
                        name="received_at_set"),
        CheckConstraint("status NOT IN ('INSPECTED', 'RESTOCKED', 'DEFECTIVE') OR inspected_at IS NOT NULL",
                        name="inspected_at_set"),
        CheckConstraint("(status IN ('RESTOCKED', 'DEFECTIVE', 'REJECTED')) = (closed_at IS NOT NULL)",
                        name="closed_at_final"),
        CheckConstraint("(status IN ('RESTOCKED', 'DEFECTIVE', 'REJECTED')) = (due_at IS NULL)", name="due_open"),
        CheckConstraint("received_at IS NULL OR received_at >= requested_at", name="received_after_requested"),
        CheckConstraint("inspected_at IS NULL OR inspected_at >= received_at", name="inspected_after_received"),
        Index("ix_return_orders_merchant_requested", "merchant_id", "requested_at"),
        Index("ix_return_orders_warehouse_status", "warehouse_id", "status"),
        Index("ix_return_orders_order", "order_id"),
        Index("ix_return_orders_due", "due_at", postgresql_where="due_at IS NOT NULL"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    return_no: Mapped[str] = mapped_column(String(RETURN_NO_MAX), unique=True)
    order_id: Mapped[int] = mapped_column(BigInteger)
    ordered_at: Mapped[datetime]
    channel_order_no: Mapped[str] = mapped_column(String(TEXT_MAX))
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="RESTRICT"))
    shop_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("shops.id", ondelete="RESTRICT"))
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    status: Mapped[ReturnStatus] = mapped_column(String(16))
    quantity: Mapped[int] = mapped_column(Integer)
    good_quantity: Mapped[int] = mapped_column(Integer, server_default="0")
    defective_quantity: Mapped[int] = mapped_column(Integer, server_default="0")
    refund_amount: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    currency: Mapped[Currency] = mapped_column(String(8))  # the order's: the refund amount is in it
    tracking_no: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    note: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    reject_reason: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    requested_at: Mapped[datetime] = mapped_column(server_default=func.now())
    in_transit_at: Mapped[datetime | None]
    received_at: Mapped[datetime | None]
    inspected_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    due_at: Mapped[datetime | None]  # when the step it waits on is overdue (the warehouse's SLA); NULL once closed
    late_steps: Mapped[int] = mapped_column(SmallInteger, server_default="0")  # steps that took longer than the SLA
    revision: Mapped[int] = mapped_column(Integer, server_default="0")

    lines: Mapped[list[ReturnLine]] = relationship(order_by="ReturnLine.line_no", lazy="raise",
                                                   cascade="all, delete-orphan")
    merchant_email: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()
    overdue: Mapped[bool | None] = query_expression()


class ReturnLine(Base):
    __tablename__ = "return_lines"
    __table_args__ = (
        PrimaryKeyConstraint("return_id", "line_no"),
        one_of("reason", ReturnReason),
        CheckConstraint("line_no > 0", name="line_no_positive"),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        CheckConstraint("good_quantity IS NULL OR good_quantity BETWEEN 0 AND quantity", name="good_within"),
        CheckConstraint("unit_price >= 0", name="unit_price_not_negative"),
    )

    return_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("return_orders.id", ondelete="CASCADE"))
    line_no: Mapped[int] = mapped_column(SmallInteger)
    sku: Mapped[str] = mapped_column(String(SKU_MAX))
    quantity: Mapped[int] = mapped_column(Integer)
    reason: Mapped[ReturnReason] = mapped_column(String(32))
    unit_price: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    good_quantity: Mapped[int | None] = mapped_column(Integer)  # set by inspection; the rest is defective


class ReturnDefect(Base):
    """Defective units of a return's line, kept out of sellable stock: the warehouse's defective goods record."""

    __tablename__ = "return_defects"
    __table_args__ = (
        PrimaryKeyConstraint("return_id", "line_no"),
        ForeignKeyConstraint(["return_id", "line_no"], ["return_lines.return_id", "return_lines.line_no"],
                             ondelete="CASCADE"),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        Index("ix_return_defects_warehouse_sku", "warehouse_id", "sku"),
    )

    return_id: Mapped[int] = mapped_column(BigInteger)
    line_no: Mapped[int] = mapped_column(SmallInteger)
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    sku: Mapped[str] = mapped_column(String(SKU_MAX))
    quantity: Mapped[int] = mapped_column(Integer)
    recorded_at: Mapped[datetime] = mapped_column(server_default=func.now())


class ReturnHour(Base):
    """Returns by UTC hour, warehouse, merchant and currency (the returns' orders'): each return change adds to its
    hour's row in its own transaction, so the by-day screen (any GMT offset) sums hours, never the returns
    themselves, and never adds refunds of two currencies together."""

    __tablename__ = "return_hours"
    __table_args__ = (
        PrimaryKeyConstraint("hour", "warehouse_id", "merchant_id", "currency"),
        one_of("currency", Currency),
        CheckConstraint("requested >= 0 AND received >= 0 AND restocked >= 0 AND defective >= 0 AND rejected >= 0 "
                        "AND refund_amount >= 0", name="not_negative"),
        CheckConstraint("date_trunc('hour', hour AT TIME ZONE 'UTC') = hour AT TIME ZONE 'UTC'", name="whole_hour"),
        Index("ix_return_hours_merchant_hour", "merchant_id", "hour"),
    )

    hour: Mapped[datetime]
    warehouse_id: Mapped[int] = mapped_column(BigInteger)
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[Currency] = mapped_column(String(8))
    requested: Mapped[int] = mapped_column(Integer, server_default="0")
    received: Mapped[int] = mapped_column(Integer, server_default="0")
    restocked: Mapped[int] = mapped_column(Integer, server_default="0")  # units back on hand
    defective: Mapped[int] = mapped_column(Integer, server_default="0")  # units recorded defective
    rejected: Mapped[int] = mapped_column(Integer, server_default="0")
    refund_amount: Mapped[Decimal] = mapped_column(MONEY, server_default="0")


class AfterSalesSla(Base, Timestamps):
    """A warehouse's handling-time SLA: each step of a return (request to receipt, receipt to inspection,
    inspection to restock) is due within these hours."""

    __tablename__ = "after_sales_slas"
    __table_args__ = (CheckConstraint("sla_hours BETWEEN 1 AND 720", name="sla_hours_range"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="CASCADE"),
                                              unique=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="CASCADE"))
    sla_hours: Mapped[int] = mapped_column(Integer)

    merchant_email: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()


class PackingMaterial(Base, Timestamps):
    __tablename__ = "packing_materials"
    __table_args__ = (
        UniqueConstraint("warehouse_id", "code", name="uq_packing_materials_warehouse_code"),
        one_of("unit", MaterialUnit),
        CheckConstraint("unit_cost >= 0", name="unit_cost_not_negative"),
        CheckConstraint("stock >= 0", name="stock_not_negative"),
        CheckConstraint("low_stock_threshold >= 0", name="threshold_not_negative"),
        Index("ix_packing_materials_merchant", "merchant_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="RESTRICT"))
    code: Mapped[str] = mapped_column(String(CODE_MAX))
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    unit: Mapped[MaterialUnit] = mapped_column(String(16))
    unit_cost: Mapped[Decimal] = mapped_column(MONEY)
    stock: Mapped[int] = mapped_column(Integer, server_default="0")
    low_stock_threshold: Mapped[int] = mapped_column(Integer, server_default="0")

    merchant_email: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()
    low_stock: Mapped[bool | None] = query_expression()


class MaterialUsage(Base):
    """Units of a material used on one return or one outbound order, charged to the merchant at the cost then."""

    __tablename__ = "material_usages"
    __table_args__ = (
        CheckConstraint("quantity > 0", name="quantity_positive"),
        CheckConstraint("amount >= 0 AND unit_cost >= 0", name="amount_not_negative"),
        CheckConstraint("(return_id IS NULL) <> (stock_order_id IS NULL)", name="one_target"),
        Index("ix_material_usages_merchant_used", "merchant_id", "used_at"),
        Index("ix_material_usages_material", "material_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    material_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("packing_materials.id", ondelete="RESTRICT"))
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="RESTRICT"))
    return_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("return_orders.id", ondelete="RESTRICT"))
    stock_order_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("stock_orders.id",
                                                                              ondelete="RESTRICT"))
    quantity: Mapped[int] = mapped_column(Integer)
    unit_cost: Mapped[Decimal] = mapped_column(MONEY)
    amount: Mapped[Decimal] = mapped_column(MONEY)
    document_no: Mapped[str | None] = mapped_column(String(TEXT_MAX))  # the return's or the order's number
    used_at: Mapped[datetime] = mapped_column(server_default=func.now())
    actor_name: Mapped[str | None] = mapped_column(String(NAME_MAX))

    material_code: Mapped[str | None] = query_expression()
    material_name: Mapped[str | None] = query_expression()
    merchant_email: Mapped[str | None] = query_expression()


class WarehouseContent(Base, Timestamps):
    """A notice or an instruction of one warehouse, for its staff or its consignors (SPEC content states)."""

    __tablename__ = "warehouse_contents"
    __table_args__ = (
        one_of("audience", ContentAudience),
        one_of("state", ContentState),
        Index("ix_warehouse_contents_warehouse_state", "warehouse_id", "state"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="RESTRICT"))
    audience: Mapped[ContentAudience] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(TITLE_MAX))
    body: Mapped[str] = mapped_column(Text)
    state: Mapped[ContentState] = mapped_column(String(16))
    published_at: Mapped[datetime | None]

    merchant_email: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()
