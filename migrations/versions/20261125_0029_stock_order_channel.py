"""stock orders: the channel order an outbound order fulfils (store, channel order number, when it was placed);
the product flow shows that number for the movements of such an order

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-25 08:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0029'
down_revision: str | None = '0028'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FLOW = """
    SELECT c.id, w.merchant_id, c.warehouse_id, w.name AS warehouse_name, c.sku,
           'SF' || lpad(c.id::text, 10, '0') AS transaction_no, c.document_no AS erp_order_no,
           {channel} AS channel_order_no, c.movement_type, c.original_on_hand AS original,
           c.change_on_hand AS movement, c.new_on_hand AS new, c.created_at
    FROM stock_changes c JOIN warehouses w ON w.id = c.warehouse_id"""
# a movement of an order names the order's number as its document (api/stock_order_ops.py movement)
CHANNEL_ORDER_NO = ("(SELECT o.channel_order_no FROM stock_orders o "
                    "WHERE o.order_no = c.document_no AND o.warehouse_id = c.warehouse_id)")


def upgrade() -> None:
    op.add_column('stock_orders', sa.Column('shop_id', sa.BigInteger(), nullable=True))
    op.add_column('stock_orders', sa.Column('channel_order_no', sa.String(length=64), nullable=True))
    op.add_column('stock_orders', sa.Column('channel_ordered_at', sa.DateTime(timezone=True), nullable=True))
    op.create_foreign_key(op.f('fk_stock_orders_shop_id_shops'), 'stock_orders', 'shops', ['shop_id'], ['id'],
                          ondelete='SET NULL')
    op.create_index('ix_stock_orders_shop_created', 'stock_orders', ['shop_id', 'created_at'],
                    postgresql_where=sa.text('shop_id IS NOT NULL'))
    op.create_check_constraint(op.f('ck_stock_orders_channel_order'), 'stock_orders',
                               "(channel_order_no IS NULL) = (shop_id IS NULL AND channel_ordered_at IS NULL) "
                               "AND (channel_order_no IS NULL OR direction = 'OUTBOUND')")
    op.execute(f"CREATE OR REPLACE VIEW stock_sync_flow AS {FLOW.format(channel=CHANNEL_ORDER_NO)}")


def downgrade() -> None:
    op.execute(f"CREATE OR REPLACE VIEW stock_sync_flow AS {FLOW.format(channel='NULL::varchar(64)')}")
    op.drop_constraint(op.f('ck_stock_orders_channel_order'), 'stock_orders', type_='check')
    op.drop_index('ix_stock_orders_shop_created', table_name='stock_orders')
    op.drop_constraint(op.f('fk_stock_orders_shop_id_shops'), 'stock_orders', type_='foreignkey')
    op.drop_column('stock_orders', 'channel_ordered_at')
    op.drop_column('stock_orders', 'channel_order_no')
    op.drop_column('stock_orders', 'shop_id')
