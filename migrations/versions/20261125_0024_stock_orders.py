"""inbound and outbound orders, their lines and action history

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-25 06:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    ShippingMethod,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)

revision: str = '0024'
down_revision: str | None = '0023'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def one_of(column: str, values: type, *, nullable: bool = False) -> sa.CheckConstraint:
    allowed = ", ".join(f"'{v.value}'" for v in values)  # type: ignore[attr-defined]
    condition = f"{column} IN ({allowed})"
    return sa.CheckConstraint(f"{column} IS NULL OR {condition}" if nullable else condition,
                              name=op.f(f'ck_stock_orders_{column}_valid'))


def upgrade() -> None:
    op.create_table(
        'stock_orders',
        sa.Column('id', sa.BigInteger(), nullable=False),
        sa.Column('order_no', sa.String(length=40), nullable=False),
        sa.Column('merchant_id', sa.BigInteger(), nullable=False),
        sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
        sa.Column('direction', sa.String(length=16), nullable=False),
        sa.Column('order_type', sa.String(length=32), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('working_status', sa.String(length=32), nullable=True),
        sa.Column('push_status', sa.String(length=32), nullable=False),
        sa.Column('print_status', sa.String(length=16), nullable=True),
        sa.Column('planned_quantity', sa.Integer(), nullable=False),
        sa.Column('actual_quantity', sa.Integer(), server_default='0', nullable=False),
        sa.Column('logistic_no', sa.String(length=128), nullable=True),
        sa.Column('delivery_method', sa.String(length=16), nullable=True),
        sa.Column('remark', sa.String(length=128), nullable=True),
        sa.Column('revision', sa.Integer(), server_default='0', nullable=False),
        sa.Column('created_by', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        one_of('direction', StockOrderDirection),
        one_of('order_type', StockOrderType),
        one_of('status', WarehouseDocumentStatus),
        one_of('working_status', OutboundWorkingStatus, nullable=True),
        one_of('push_status', WarehousePushStatus),
        one_of('print_status', PrintStatus, nullable=True),
        one_of('delivery_method', ShippingMethod, nullable=True),
        sa.CheckConstraint('right(order_type, length(direction)) = direction',
                           name=op.f('ck_stock_orders_type_direction')),
        sa.CheckConstraint("(direction = 'OUTBOUND') = (working_status IS NOT NULL AND print_status IS NOT NULL)",
                           name=op.f('ck_stock_orders_outbound_working')),
        sa.CheckConstraint('actual_quantity BETWEEN 0 AND planned_quantity',
                           name=op.f('ck_stock_orders_actual_within_planned')),
        sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_stock_orders_merchant_id_merchants'),
                                ondelete='RESTRICT'),
        sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'],
                                name=op.f('fk_stock_orders_warehouse_id_warehouses'), ondelete='RESTRICT'),
        sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_stock_orders_created_by_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_orders')),
        sa.UniqueConstraint('order_no', name=op.f('uq_stock_orders_order_no')),
    )
    op.create_index('ix_stock_orders_merchant_created', 'stock_orders', ['merchant_id', 'created_at'])
    op.create_index(op.f('ix_stock_orders_status'), 'stock_orders', ['status'])
    op.create_index(op.f('ix_stock_orders_warehouse_id'), 'stock_orders', ['warehouse_id'])
    op.create_table(
        'stock_order_lines',
        sa.Column('id', sa.BigInteger(), nullable=False),
        sa.Column('order_id', sa.BigInteger(), nullable=False),
        sa.Column('sku', sa.String(length=100), nullable=False),
        sa.Column('planned', sa.Integer(), nullable=False),
        sa.Column('done', sa.Integer(), server_default='0', nullable=False),
        sa.CheckConstraint('planned > 0', name=op.f('ck_stock_order_lines_planned_positive')),
        sa.CheckConstraint('done BETWEEN 0 AND planned', name=op.f('ck_stock_order_lines_done_within_planned')),
        sa.ForeignKeyConstraint(['order_id'], ['stock_orders.id'],
                                name=op.f('fk_stock_order_lines_order_id_stock_orders'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_order_lines')),
        sa.UniqueConstraint('order_id', 'sku', name=op.f('uq_stock_order_lines_order_id_sku')),
    )
    op.create_table(
        'stock_order_actions',
        sa.Column('id', sa.BigInteger(), nullable=False),
        sa.Column('order_id', sa.BigInteger(), nullable=False),
        sa.Column('order_no', sa.String(length=40), nullable=False),
        sa.Column('revision', sa.Integer(), nullable=False),
        sa.Column('action', sa.String(length=16), nullable=False),
        sa.Column('quantities', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column('status_after', sa.String(length=16), nullable=False),
        sa.Column('operator_id', sa.Integer(), nullable=True),
        sa.Column('operator_name', sa.String(length=64), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.ForeignKeyConstraint(['operator_id'], ['users.id'], name=op.f('fk_stock_order_actions_operator_id_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_order_actions')),
        sa.UniqueConstraint('order_id', 'revision', name=op.f('uq_stock_order_actions_order_id_revision')),
    )
    op.create_index(op.f('ix_stock_order_actions_order_id'), 'stock_order_actions', ['order_id'])


def downgrade() -> None:
    op.drop_table('stock_order_actions')
    op.drop_table('stock_order_lines')
    op.drop_table('stock_orders')
