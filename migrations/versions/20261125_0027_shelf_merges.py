"""shelf merges and their items (docs/shelf_merges.md)

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-25 05:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0027'
down_revision: str | None = '0026'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('shelf_merges',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('source_shelf_ids', postgresql.ARRAY(sa.BigInteger()), nullable=False),
    sa.Column('target_shelf_id', sa.BigInteger(), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('moved', sa.Integer(), nullable=False),
    sa.Column('skipped', sa.Integer(), nullable=False),
    sa.Column('batches', sa.Integer(), nullable=False),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('cancel_requested_by', sa.Integer(), nullable=True),
    sa.Column('cancel_requested_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('retried_by', sa.Integer(), nullable=True),
    sa.Column('retried_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_shelf_merges_warehouse_id_warehouses'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['target_shelf_id'], ['shelves.id'], name=op.f('fk_shelf_merges_target_shelf_id_shelves'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_shelf_merges_created_by_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['cancel_requested_by'], ['users.id'], name=op.f('fk_shelf_merges_cancel_requested_by_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['retried_by'], ['users.id'], name=op.f('fk_shelf_merges_retried_by_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shelf_merges'))
    )
    op.create_index('ix_shelf_merges_warehouse_id_id', 'shelf_merges', ['warehouse_id', 'id'], unique=False)
    op.create_index('ix_shelf_merges_state', 'shelf_merges', ['state'], unique=False,
                    postgresql_where=sa.text("state = 'RUNNING'"))
    op.create_table('shelf_merge_items',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merge_id', sa.BigInteger(), nullable=False),
    sa.Column('shelf_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('planned', sa.Integer(), nullable=False),
    sa.Column('quantity', sa.Integer(), nullable=True),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('batch', sa.Integer(), nullable=True),
    sa.Column('change_id', sa.BigInteger(), nullable=True),
    sa.Column('moved_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['merge_id'], ['shelf_merges.id'], name=op.f('fk_shelf_merge_items_merge_id_shelf_merges'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shelf_id'], ['shelves.id'], name=op.f('fk_shelf_merge_items_shelf_id_shelves'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['change_id'], ['stock_changes.id'], name=op.f('fk_shelf_merge_items_change_id_stock_changes'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shelf_merge_items')),
    sa.UniqueConstraint('merge_id', 'shelf_id', 'sku', name='uq_shelf_merge_items_merge_id')
    )
    op.create_index('ix_shelf_merge_items_pending', 'shelf_merge_items', ['merge_id', 'id'], unique=False,
                    postgresql_where=sa.text("state = 'PENDING'"))


def downgrade() -> None:
    op.drop_index('ix_shelf_merge_items_pending', table_name='shelf_merge_items')
    op.drop_table('shelf_merge_items')
    op.drop_index('ix_shelf_merges_state', table_name='shelf_merges')
    op.drop_index('ix_shelf_merges_warehouse_id_id', table_name='shelf_merges')
    op.drop_table('shelf_merges')
