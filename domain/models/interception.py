"""Auto interception rules (SPEC §2 ERP settings, "auto interception"): a merchant's rules that hold a matching
channel order as abnormal when it is accepted, naming the rule; and what fulfilment keeps of each order line's
stock at the shop's warehouse (reserved, short, released, shipped) with the outbound order that shipped it.

A rule's conditions all hold for an order to match (an empty list or a null is "any"); at least one is set.
The stock itself moves only through the ledger (services/stock/store.py `move`): these rows record which movement
(by its idempotency key) holds an order line's reservation, never a quantity of stock of their own.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    ARRAY,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Numeric,
    String,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import Channel, Country
from domain.rules import interception as rules

CHANNELS = ", ".join(f"'{c.value}'" for c in Channel)


class InterceptionRule(Base, Timestamps):
    __tablename__ = "interception_rules"
    __table_args__ = (
        UniqueConstraint("merchant_id", "name"),
        one_of("country", Country, nullable=True),
        CheckConstraint(f"channels <@ ARRAY[{CHANNELS}]::varchar[]", name="channels_valid"),
        CheckConstraint(f"priority BETWEEN 1 AND {rules.PRIORITY_MAX}", name="priority_range"),
        CheckConstraint(f"cardinality(shop_ids) <= {rules.SHOPS_MAX}", name="shops_max"),
        CheckConstraint(f"cardinality(skus) <= {rules.SKUS_MAX}", name="skus_max"),
        CheckConstraint("min_total IS NULL OR min_total >= 0", name="min_total_not_negative"),
        CheckConstraint("max_total IS NULL OR max_total >= 0", name="max_total_not_negative"),
        CheckConstraint("min_total IS NULL OR max_total IS NULL OR min_total <= max_total", name="total_range"),
        CheckConstraint("length(btrim(name)) > 0", name="name_not_blank"),
        CheckConstraint("buyer_keyword IS NULL OR length(btrim(buyer_keyword)) > 0", name="keyword_not_blank"),
        # a rule with no condition would hold every order of the merchant
        CheckConstraint("cardinality(channels) + cardinality(shop_ids) + cardinality(skus) > 0 "
                        "OR num_nonnulls(country, min_total, max_total, buyer_keyword) > 0", name="has_condition"),
        Index("ix_interception_rules_merchant_order", "merchant_id", "priority", "id",
              postgresql_where="enabled"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("merchants.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(rules.NAME_MAX))
    enabled: Mapped[bool] = mapped_column(default=True, server_default="true")
    priority: Mapped[int] = mapped_column(default=100, server_default="100")  # lower first, then the older rule
    channels: Mapped[list[str]] = mapped_column(ARRAY(String(32)), default=list, server_default="{}")
    shop_ids: Mapped[list[int]] = mapped_column(ARRAY(BigInteger), default=list, server_default="{}")
    country: Mapped[str | None] = mapped_column(String(8))
    min_total: Mapped[Decimal | None] = mapped_column(Numeric(18, 2))
    max_total: Mapped[Decimal | None] = mapped_column(Numeric(18, 2))
    skus: Mapped[list[str]] = mapped_column(ARRAY(String(100)), default=list, server_default="{}")
    buyer_keyword: Mapped[str | None] = mapped_column(String(rules.KEYWORD_MAX))
    remark: Mapped[str | None] = mapped_column(String(rules.REMARK_MAX))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    merchant_email: Mapped[str | None] = query_expression()  # read with the list




class OrderLineStock(Base):
    """One order line's stock at the warehouse the order was accepted at: the movement that reserved it (its key),
    and what became of it. Written in the transaction of the order's transition."""

    __tablename__ = "order_line_stock"
    __table_args__ = (
        ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"], ondelete="CASCADE"),
        one_of("state", [s.value for s in rules.LineStock]),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        CheckConstraint("(state = 'SHORT') = (reserve_key IS NULL)", name="reserved_by_key"),
        CheckConstraint("stock_order_id IS NULL OR state = 'SHIPPED'", name="shipped_by_order"),
        Index("ix_order_line_stock_stock_order", "stock_order_id", postgresql_where="stock_order_id IS NOT NULL"),
    )

    order_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    line_no: Mapped[int] = mapped_column(primary_key=True)
    ordered_at: Mapped[datetime]
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    sku: Mapped[str] = mapped_column(String(100))
    quantity: Mapped[int] = mapped_column(BigInteger)
    available: Mapped[int | None] = mapped_column(BigInteger)  # what the warehouse had free when it was short
    state: Mapped[str] = mapped_column(String(16))
    reserve_key: Mapped[str | None] = mapped_column(String(200))  # the ledger movement holding the reservation
    stock_order_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("stock_orders.id",
                                                                              ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class OrderReleasedRule(Base):
    """An interception rule whose hold on an order was released: accepting the order again skips that rule."""

    __tablename__ = "order_released_rules"
    __table_args__ = (ForeignKeyConstraint(["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"],
                                           ondelete="CASCADE"),)

    order_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    rule_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("interception_rules.id", ondelete="CASCADE"),
                                         primary_key=True)
    ordered_at: Mapped[datetime]
    released_at: Mapped[datetime] = mapped_column(server_default=func.now())
