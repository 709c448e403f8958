"""order sync: each shop's cursor, the runs of its sync and the orders a run could not ingest

Revision ID: 0046
Revises: 0045
Create Date: 2026-11-29 14:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0046'
down_revision: str | None = '0045'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table('order_sync_cursors',
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('synced_until', TZ, nullable=False),
    sa.Column('updated_at', TZ, server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_order_sync_cursors_shop_id_shops'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('shop_id', name=op.f('pk_order_sync_cursors')))
    op.create_table('order_sync_runs',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('channel', sa.String(length=32), nullable=False),
    sa.Column('country', sa.String(length=8), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('workflow_id', sa.String(length=200), nullable=False),
    sa.Column('retry_of', sa.BigInteger(), nullable=True),
    sa.Column('since', TZ, nullable=True),
    sa.Column('until', TZ, nullable=True),
    sa.Column('pages', sa.Integer(), nullable=False),
    sa.Column('fetched', sa.Integer(), nullable=False),
    sa.Column('created_count', sa.Integer(), nullable=False),
    sa.Column('updated_count', sa.Integer(), nullable=False),
    sa.Column('failed_count', sa.Integer(), nullable=False),
    sa.Column('message', sa.String(length=500), nullable=True),
    sa.Column('started_at', TZ, server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', TZ, nullable=True),
    sa.CheckConstraint("kind IN ('SCHEDULED', 'MANUAL', 'RETRY')", name=op.f('ck_order_sync_runs_kind_valid')),
    sa.CheckConstraint("status IN ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED')",
                       name=op.f('ck_order_sync_runs_status_valid')),
    sa.CheckConstraint('pages >= 0 AND fetched >= 0 AND created_count >= 0 AND updated_count >= 0 '
                       'AND failed_count >= 0', name=op.f('ck_order_sync_runs_counts_not_negative')),
    sa.CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)",
                       name=op.f('ck_order_sync_runs_finished_when_done')),
    sa.CheckConstraint("(kind = 'RETRY') = (retry_of IS NOT NULL)",
                       name=op.f('ck_order_sync_runs_retry_names_its_run')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_order_sync_runs_merchant_id_merchants'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['retry_of'], ['order_sync_runs.id'],
                            name=op.f('fk_order_sync_runs_retry_of_order_sync_runs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_order_sync_runs_shop_id_shops'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_order_sync_runs')),
    sa.UniqueConstraint('workflow_id', name=op.f('uq_order_sync_runs_workflow_id')))
    op.create_index('ix_order_sync_runs_shop_id_id', 'order_sync_runs', ['shop_id', 'id'])
    op.create_index(op.f('ix_order_sync_runs_merchant_id'), 'order_sync_runs', ['merchant_id'])
    op.create_index(op.f('ix_order_sync_runs_retry_of'), 'order_sync_runs', ['retry_of'])
    op.create_table('order_sync_failures',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('channel_order_no', sa.String(length=64), nullable=False),
    sa.Column('reason', sa.String(length=500), nullable=False),
    sa.Column('failed_at', TZ, server_default=sa.text('now()'), nullable=False),
    sa.Column('resolved_at', TZ, nullable=True),
    sa.Column('resolved_by', sa.BigInteger(), nullable=True),
    sa.ForeignKeyConstraint(['run_id'], ['order_sync_runs.id'], name=op.f('fk_order_sync_failures_run_id_order_sync_runs'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['resolved_by'], ['order_sync_runs.id'],
                            name=op.f('fk_order_sync_failures_resolved_by_order_sync_runs'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_order_sync_failures_shop_id_shops'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'],
                            name=op.f('fk_order_sync_failures_merchant_id_merchants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_order_sync_failures')),
    sa.UniqueConstraint('run_id', 'channel_order_no', name=op.f('uq_order_sync_failures_run_id_channel_order_no')))
    op.create_index(op.f('ix_order_sync_failures_shop_id'), 'order_sync_failures', ['shop_id'])
    op.create_index(op.f('ix_order_sync_failures_merchant_id'), 'order_sync_failures', ['merchant_id'])
    op.create_index(op.f('ix_order_sync_failures_resolved_by'), 'order_sync_failures', ['resolved_by'])


def downgrade() -> None:
    op.drop_table('order_sync_failures')
    op.drop_table('order_sync_runs')
    op.drop_table('order_sync_cursors')
