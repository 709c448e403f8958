"""stock drifts: a drift may be one shelf's stock of a sku differing from the sum of the movements that named
that shelf (the reconciliation proves shelf stock too); such a drift names its shelf

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-25 08:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0031'
down_revision: str | None = '0030'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('stock_drifts', sa.Column('shelf_id', sa.BigInteger(), nullable=True))
    op.create_foreign_key(op.f('fk_stock_drifts_shelf_id_shelves'), 'stock_drifts', 'shelves', ['shelf_id'], ['id'],
                          ondelete='CASCADE')


def downgrade() -> None:
    op.drop_constraint(op.f('fk_stock_drifts_shelf_id_shelves'), 'stock_drifts', type_='foreignkey')
    op.drop_column('stock_drifts', 'shelf_id')
