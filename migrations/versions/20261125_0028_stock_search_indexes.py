"""stock search indexes: "SKU contains" on the warehouse stock search by a trigram index, and one warehouse's change
records (of some movement types) newest first by a walk of (warehouse_id, movement_type, id)

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-25 08:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0028'
down_revision: str | None = '0027'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("create extension if not exists pg_trgm")  # made by 0011 already; said again as this index needs it
    op.create_index('ix_stock_balances_sku_trgm', 'stock_balances', ['sku'], postgresql_using='gin',
                    postgresql_ops={'sku': 'gin_trgm_ops'})
    op.create_index('ix_stock_changes_warehouse_type', 'stock_changes', ['warehouse_id', 'movement_type', 'id'])
    op.create_index('ix_stock_changes_warehouse_id', 'stock_changes', ['warehouse_id', 'id'])


def downgrade() -> None:
    op.drop_index('ix_stock_changes_warehouse_id', table_name='stock_changes')
    op.drop_index('ix_stock_changes_warehouse_type', table_name='stock_changes')
    op.drop_index('ix_stock_balances_sku_trgm', table_name='stock_balances')
