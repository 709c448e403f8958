"""Channel orders (SPEC §3 order display: buyer, shipping address, AWB, weight, courier, invoice number, shipping
fee, insurance, subtotal), their lines, their timeline and the tab counts.

`orders`, `order_lines` and `order_events` are partitioned by month of `ordered_at` (the channel's order time,
which never changes), created by migration 0044 with a DEFAULT partition and `orders_add_month` for later months,
so the past-90-days view, retention and counts touch only recent partitions. `order_keys` (not partitioned) is
the one mapping (shop, channel order number) -> order that stops duplicates; `order_counts` holds the tab counts
per merchant, shop, channel, status and UTC hour and day (merchant_id = 0 rows are the totals of all merchants).
A trigger on `orders` writes each insert's and status change's deltas to `order_count_deltas` in its transaction
(insert only: no row of the counts is locked by a sync, so concurrent syncs neither wait nor deadlock), and
`order_counts_fold()` moves them into `order_counts` now and then; a count is the sum over both."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKeyConstraint,
    Index,
    Integer,
    Numeric,
    PrimaryKeyConstraint,
    Sequence,
    SmallInteger,
    String,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, one_of
from domain.enums import (
    Channel,
    Country,
    Currency,
    FulfillmentProvider,
    OrderEventKind,
    OrderExceptionCause,
    OrderStatus,
)
from domain.rules.orders import CHANNEL_ORDER_NO_MAX, NAME_MAX, NOTE_MAX, SKU_MAX, TEXT_MAX

ORDER_ID = Sequence("orders_id_seq")
MONEY = Numeric(18, 2)
PARTITIONED = {"postgresql_partition_by": "RANGE (ordered_at)"}


class Order(Base):
    __tablename__ = "orders"
    __table_args__ = (
        PrimaryKeyConstraint("id", "ordered_at"),
        ForeignKeyConstraint(["merchant_id"], ["merchants.id"], ondelete="RESTRICT"),
        ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="RESTRICT"),
        one_of("channel", Channel),
        one_of("country", Country),
        one_of("status", OrderStatus),
        one_of("cause", OrderExceptionCause, nullable=True),
        one_of("currency", Currency),
        one_of("fulfilment_provider", FulfillmentProvider, nullable=True),
        # an abnormal order names its cause, an interception its rule; no other order carries either
        CheckConstraint("(status = 'ABNORMAL') = (cause IS NOT NULL)", name="abnormal_cause"),
        CheckConstraint("(cause = 'INTERCEPTED') = (rule_id IS NOT NULL) AND (rule_id IS NULL) = (rule_name IS NULL)",
                        name="intercepted_rule"),
        CheckConstraint("weight_g IS NULL OR weight_g >= 0", name="weight_not_negative"),
        CheckConstraint("shipping_fee >= 0 AND insurance >= 0 AND subtotal >= 0 AND total >= 0",
                        name="money_not_negative"),
        CheckConstraint("revision >= 0", name="revision_not_negative"),
        # the list's page in its order (ordered_at desc, id desc) for each filter: a partition's index scan gives a
        # filter's rows already sorted, so the ordered scan across partitions stops after a page (migration 0054)
        Index("ix_orders_ordered_id", "ordered_at", "id"),
        Index("ix_orders_merchant_ordered_id", "merchant_id", "ordered_at", "id"),
        Index("ix_orders_shop_ordered_id", "shop_id", "ordered_at", "id"),
        Index("ix_orders_status_ordered_id", "status", "ordered_at", "id"),
        Index("ix_orders_channel_ordered_id", "channel", "ordered_at", "id"),
        Index("ix_orders_channel_order_no", "channel_order_no"),
        PARTITIONED,
    )

    id: Mapped[int] = mapped_column(BigInteger, ORDER_ID, server_default=ORDER_ID.next_value())
    ordered_at: Mapped[datetime]  # the channel's order time: the partition key, never changes
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    shop_id: Mapped[int] = mapped_column(BigInteger)
    channel: Mapped[Channel] = mapped_column(String(32))
    country: Mapped[Country] = mapped_column(String(8))
    channel_order_no: Mapped[str] = mapped_column(String(CHANNEL_ORDER_NO_MAX))
    status: Mapped[OrderStatus] = mapped_column(String(16))
    cause: Mapped[OrderExceptionCause | None] = mapped_column(String(32))
    rule_id: Mapped[int | None] = mapped_column(BigInteger)  # the interception rule holding the order
    rule_name: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    buyer_name: Mapped[str | None] = mapped_column(String(NAME_MAX))
    buyer_phone: Mapped[str | None] = mapped_column(String(32))
    buyer_email: Mapped[str | None] = mapped_column(String(254))
    recipient_name: Mapped[str | None] = mapped_column(String(NAME_MAX))
    recipient_phone: Mapped[str | None] = mapped_column(String(32))
    address_line1: Mapped[str | None] = mapped_column(String(NAME_MAX))
    address_line2: Mapped[str | None] = mapped_column(String(NAME_MAX))
    city: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    province: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    postcode: Mapped[str | None] = mapped_column(String(16))
    address_country: Mapped[Country | None] = mapped_column(String(8))
    awb: Mapped[str | None] = mapped_column(String(TEXT_MAX))  # the AWB / tracking number
    weight_g: Mapped[int | None] = mapped_column(Integer)
    courier: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    invoice_no: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    currency: Mapped[Currency] = mapped_column(String(8))
    shipping_fee: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    insurance: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    subtotal: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    total: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    fulfilment_provider: Mapped[FulfillmentProvider | None] = mapped_column(String(32))
    warehouse_id: Mapped[int | None] = mapped_column(BigInteger)  # the shop's bound warehouse at acceptance
    paid_at: Mapped[datetime | None]
    channel_updated_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())
    revision: Mapped[int] = mapped_column(Integer, server_default="0")  # raised by every change

    merchant_email: Mapped[str | None] = query_expression()  # read with the list
    shop_name: Mapped[str | None] = query_expression()


class OrderLine(Base):
    __tablename__ = "order_lines"
    __table_args__ = (
        PrimaryKeyConstraint("order_id", "ordered_at", "line_no"),
        ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"], ondelete="CASCADE"),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        CheckConstraint("unit_price >= 0", name="unit_price_not_negative"),
        CheckConstraint("line_no > 0", name="line_no_positive"),
        PARTITIONED,
    )

    order_id: Mapped[int] = mapped_column(BigInteger)
    ordered_at: Mapped[datetime]
    line_no: Mapped[int] = mapped_column(SmallInteger)
    sku: Mapped[str] = mapped_column(String(SKU_MAX))
    product_name: Mapped[str | None] = mapped_column(String(NAME_MAX))
    variant: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    quantity: Mapped[int] = mapped_column(Integer)
    unit_price: Mapped[Decimal] = mapped_column(MONEY)


class OrderKey(Base):
    """(shop, channel order number) -> the order: inserted with the order (ON CONFLICT DO NOTHING), so a page
    fetched twice, a retried activity or a sync racing a push never makes a second order."""

    __tablename__ = "order_keys"

    shop_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    channel_order_no: Mapped[str] = mapped_column(String(CHANNEL_ORDER_NO_MAX), primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, unique=True)
    ordered_at: Mapped[datetime]


class OrderEvent(Base):
    """The order's timeline: one entry per revision (0 = the order arrived)."""

    __tablename__ = "order_events"
    __table_args__ = (
        PrimaryKeyConstraint("order_id", "ordered_at", "revision"),
        ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"], ondelete="CASCADE"),
        one_of("kind", OrderEventKind),
        one_of("from_status", OrderStatus, nullable=True),
        one_of("to_status", OrderStatus),
        one_of("cause", OrderExceptionCause, nullable=True),
        PARTITIONED,
    )

    order_id: Mapped[int] = mapped_column(BigInteger)
    ordered_at: Mapped[datetime]
    revision: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(server_default=func.now())
    kind: Mapped[OrderEventKind] = mapped_column(String(16))
    from_status: Mapped[OrderStatus | None] = mapped_column(String(16))
    to_status: Mapped[OrderStatus] = mapped_column(String(16))
    cause: Mapped[OrderExceptionCause | None] = mapped_column(String(32))
    rule_name: Mapped[str | None] = mapped_column(String(TEXT_MAX))
    actor_id: Mapped[int | None] = mapped_column(Integer)
    actor_name: Mapped[str | None] = mapped_column(String(64))  # a user, or the channel sync
    note: Mapped[str | None] = mapped_column(String(NOTE_MAX))


class OrderCount(Base):
    """How many orders are in a status, per merchant, shop, channel and UTC hour (grain 'H') or UTC day ('D');
    merchant_id = shop_id = 0 are all merchants' totals. A date range in any whole-hour GMT offset sums the days
    inside it and the hours at its edges. Written only by `order_counts_fold()` (migrations 0044, 0058)."""

    __tablename__ = "order_counts"
    __table_args__ = (
        PrimaryKeyConstraint("merchant_id", "shop_id", "channel", "status", "grain", "bucket"),
        CheckConstraint("grain IN ('H', 'D')", name="grain_valid"),
        CheckConstraint("n >= 0", name="n_not_negative"),
        Index("ix_order_counts_total", "grain", "bucket", postgresql_where="merchant_id = 0"),
        # one shop's counts, whichever merchant (the key leads with the merchant)
        Index("ix_order_counts_shop", "shop_id", "grain", "bucket", postgresql_where="merchant_id > 0"),
    )

    merchant_id: Mapped[int] = mapped_column(BigInteger)
    shop_id: Mapped[int] = mapped_column(BigInteger)
    channel: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    grain: Mapped[str] = mapped_column(String(1))
    bucket: Mapped[datetime]
    n: Mapped[int] = mapped_column(BigInteger)


class OrderCountDelta(Base):
    """+1 / -1 of a status in a UTC hour, written by the trigger `orders_count`; folded into `order_counts`."""

    __tablename__ = "order_count_deltas"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger)
    shop_id: Mapped[int] = mapped_column(BigInteger)
    channel: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    hour: Mapped[datetime]
    delta: Mapped[int] = mapped_column(SmallInteger)
