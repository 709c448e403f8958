"""stock orders: an index on the channel order an outbound order fulfils

A channel order's parcels (its outbound orders, one a parcel as the merchant's order settings split it) are looked
for by store and channel order number at every acceptance, shipment and cancel, and by the warehouse when a parcel
leaves (services/orders/fulfilment.py, services/wms_orders). The store's index by creation time made each look-up
read the store's whole outbound history.

Revision ID: 0062
Revises: 0061
Create Date: 2026-12-01 01:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0062'
down_revision: str | None = '0061'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index('ix_stock_orders_channel_order', 'stock_orders', ['shop_id', 'channel_order_no'], unique=False,
                    postgresql_where='channel_order_no IS NOT NULL')


def downgrade() -> None:
    op.drop_index('ix_stock_orders_channel_order', table_name='stock_orders',
                  postgresql_where='channel_order_no IS NOT NULL')
