"""stock reconciliation results and drifts

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-25 05:46:26.501722
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0025'
down_revision: str | None = '0024'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('stock_reconciliations',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('checked', sa.BigInteger(), nullable=False),
    sa.Column('drifted', sa.BigInteger(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), server_default=sa.text('clock_timestamp()'), nullable=False),
    sa.CheckConstraint("status IN ('OK', 'DRIFT')", name=op.f('ck_stock_reconciliations_status_valid')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_reconciliations')),
    sa.UniqueConstraint('key', name=op.f('uq_stock_reconciliations_key'))
    )
    op.create_index(op.f('ix_stock_reconciliations_started_at'), 'stock_reconciliations', ['started_at'], unique=False)
    op.create_table('stock_drifts',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('reconciliation_id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('balance', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('ledger', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('repaired_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['reconciliation_id'], ['stock_reconciliations.id'], name=op.f('fk_stock_drifts_reconciliation_id_stock_reconciliations'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_stock_drifts_warehouse_id_warehouses'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_drifts'))
    )
    op.create_index(op.f('ix_stock_drifts_reconciliation_id'), 'stock_drifts', ['reconciliation_id'], unique=False)
    op.create_index('ix_stock_drifts_warehouse_sku', 'stock_drifts', ['warehouse_id', 'sku'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_stock_drifts_warehouse_sku', table_name='stock_drifts')
    op.drop_index(op.f('ix_stock_drifts_reconciliation_id'), table_name='stock_drifts')
    op.drop_table('stock_drifts')
    op.drop_index(op.f('ix_stock_reconciliations_started_at'), table_name='stock_reconciliations')
    op.drop_table('stock_reconciliations')
