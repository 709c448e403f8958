"""auto interception rules; each order line's stock at the warehouse it was accepted at; the rules whose hold on
an order was released; the store-warehouse binding that fulfils a store's orders

Revision ID: 0045
Revises: 0044
Create Date: 2026-11-29 14:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from domain.enums import Channel, Country

revision: str = '0045'
down_revision: str | None = '0044'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ORDER = (["order_id", "ordered_at"], ["orders.id", "orders.ordered_at"])


def _channels() -> str:
    return ", ".join(f"'{c.value}'" for c in Channel)


def _countries() -> str:
    return ", ".join(f"'{c.value}'" for c in Country)


def upgrade() -> None:
    op.create_table(
        "interception_rules",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("merchant_id", sa.BigInteger(), sa.ForeignKey(
            "merchants.id", ondelete="CASCADE", name="fk_interception_rules_merchant_id_merchants"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("enabled", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("priority", sa.Integer(), server_default="100", nullable=False),
        sa.Column("channels", postgresql.ARRAY(sa.String(32)), server_default="{}", nullable=False),
        sa.Column("shop_ids", postgresql.ARRAY(sa.BigInteger()), server_default="{}", nullable=False),
        sa.Column("country", sa.String(8), nullable=True),
        sa.Column("min_total", sa.Numeric(18, 2), nullable=True),
        sa.Column("max_total", sa.Numeric(18, 2), nullable=True),
        sa.Column("skus", postgresql.ARRAY(sa.String(100)), server_default="{}", nullable=False),
        sa.Column("buyer_keyword", sa.String(100), nullable=True),
        sa.Column("remark", sa.String(500), nullable=True),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey(
            "users.id", ondelete="SET NULL", name="fk_interception_rules_created_by_users"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.UniqueConstraint("merchant_id", "name", name="uq_interception_rules_merchant_id_name"),
        sa.CheckConstraint(f"country IS NULL OR country IN ({_countries()})", name="ck_interception_rules_country_valid"),
        sa.CheckConstraint(f"channels <@ ARRAY[{_channels()}]::varchar[]", name="ck_interception_rules_channels_valid"),
        sa.CheckConstraint("priority BETWEEN 1 AND 9999", name="ck_interception_rules_priority_range"),
        sa.CheckConstraint("cardinality(shop_ids) <= 50", name="ck_interception_rules_shops_max"),
        sa.CheckConstraint("cardinality(skus) <= 100", name="ck_interception_rules_skus_max"),
        sa.CheckConstraint("min_total IS NULL OR min_total >= 0", name="ck_interception_rules_min_total_not_negative"),
        sa.CheckConstraint("max_total IS NULL OR max_total >= 0", name="ck_interception_rules_max_total_not_negative"),
        sa.CheckConstraint("min_total IS NULL OR max_total IS NULL OR min_total <= max_total",
                           name="ck_interception_rules_total_range"),
        sa.CheckConstraint("length(btrim(name)) > 0", name="ck_interception_rules_name_not_blank"),
        sa.CheckConstraint("buyer_keyword IS NULL OR length(btrim(buyer_keyword)) > 0",
                           name="ck_interception_rules_keyword_not_blank"),
        sa.CheckConstraint("cardinality(channels) + cardinality(shop_ids) + cardinality(skus) > 0 "
                           "OR num_nonnulls(country, min_total, max_total, buyer_keyword) > 0",
                           name="ck_interception_rules_has_condition"),
    )
    op.create_index("ix_interception_rules_merchant_order", "interception_rules", ["merchant_id", "priority", "id"],
                    postgresql_where=sa.text("enabled"))
    op.create_table(
        "order_line_stock",
        sa.Column("order_id", sa.BigInteger(), primary_key=True),
        sa.Column("line_no", sa.Integer(), primary_key=True),
        sa.Column("ordered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("warehouse_id", sa.BigInteger(), sa.ForeignKey(
            "warehouses.id", ondelete="RESTRICT", name="fk_order_line_stock_warehouse_id_warehouses"), nullable=False),
        sa.Column("sku", sa.String(100), nullable=False),
        sa.Column("quantity", sa.BigInteger(), nullable=False),
        sa.Column("available", sa.BigInteger(), nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("reserve_key", sa.String(200), nullable=True),
        sa.Column("stock_order_id", sa.BigInteger(), sa.ForeignKey(
            "stock_orders.id", ondelete="SET NULL", name="fk_order_line_stock_stock_order_id_stock_orders"),
            nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(*ORDER, ondelete="CASCADE", name="fk_order_line_stock_order_id_orders"),
        sa.CheckConstraint("state IN ('RESERVED', 'SHORT', 'RELEASED', 'SHIPPED')",
                           name="ck_order_line_stock_state_valid"),
        sa.CheckConstraint("quantity > 0", name="ck_order_line_stock_quantity_positive"),
        sa.CheckConstraint("(state = 'SHORT') = (reserve_key IS NULL)", name="ck_order_line_stock_reserved_by_key"),
        sa.CheckConstraint("stock_order_id IS NULL OR state = 'SHIPPED'", name="ck_order_line_stock_shipped_by_order"),
    )
    op.create_index("ix_order_line_stock_stock_order", "order_line_stock", ["stock_order_id"],
                    postgresql_where=sa.text("stock_order_id IS NOT NULL"))
    op.create_table(
        "order_released_rules",
        sa.Column("order_id", sa.BigInteger(), primary_key=True),
        sa.Column("rule_id", sa.BigInteger(), sa.ForeignKey(
            "interception_rules.id", ondelete="CASCADE", name="fk_order_released_rules_rule_id_interception_rules"),
            primary_key=True),
        sa.Column("ordered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("released_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(*ORDER, ondelete="CASCADE", name="fk_order_released_rules_order_id_orders"),
    )
    # the one binding of a store whose warehouse fulfils its orders (services/orders/fulfilment.py)
    op.add_column("stock_sync_bindings", sa.Column("fulfils", sa.Boolean(), server_default="false", nullable=False))
    op.create_index("uq_stock_sync_bindings_fulfils", "stock_sync_bindings", ["shop_id"], unique=True,
                    postgresql_where=sa.text("fulfils"))


def downgrade() -> None:
    op.drop_index("uq_stock_sync_bindings_fulfils", table_name="stock_sync_bindings")
    op.drop_column("stock_sync_bindings", "fulfils")
    op.drop_table("order_released_rules")
    op.drop_table("order_line_stock")
    op.drop_table("interception_rules")
