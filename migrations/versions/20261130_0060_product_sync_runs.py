"""product sync: the runs of each shop's product sync and the listings a run could not store

Revision ID: 0060
Revises: 0059
Create Date: 2026-11-30 04:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0060'
down_revision: str | None = '0059'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)
RUNS = 'product_sync_runs'
FAILURES = 'product_sync_failures'


def _owner_keys(table: str) -> list[sa.ForeignKeyConstraint]:
    return [sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f(f'fk_{table}_shop_id_shops'),
                                    ondelete='CASCADE'),
            sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f(f'fk_{table}_merchant_id_merchants'),
                                    ondelete='CASCADE')]


def upgrade() -> None:
    op.create_table(RUNS,
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('channel', sa.String(length=32), nullable=False),
    sa.Column('country', sa.String(length=8), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('workflow_id', sa.String(length=200), nullable=False),
    sa.Column('since', TZ, nullable=True),
    sa.Column('until', TZ, nullable=True),
    sa.Column('pages', sa.Integer(), nullable=False),
    sa.Column('fetched', sa.Integer(), nullable=False),
    sa.Column('created_count', sa.Integer(), nullable=False),
    sa.Column('updated_count', sa.Integer(), nullable=False),
    sa.Column('unchanged_count', sa.Integer(), nullable=False),
    sa.Column('failed_count', sa.Integer(), nullable=False),
    sa.Column('message', sa.String(length=500), nullable=True),
    sa.Column('started_at', TZ, server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', TZ, nullable=True),
    sa.CheckConstraint("kind IN ('SCHEDULED', 'MANUAL')", name=op.f('ck_product_sync_runs_kind_valid')),
    sa.CheckConstraint("status IN ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED')",
                       name=op.f('ck_product_sync_runs_status_valid')),
    sa.CheckConstraint('pages >= 0 AND fetched >= 0 AND created_count >= 0 AND updated_count >= 0 '
                       'AND unchanged_count >= 0 AND failed_count >= 0',
                       name=op.f('ck_product_sync_runs_counts_not_negative')),
    sa.CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)",
                       name=op.f('ck_product_sync_runs_finished_when_done')),
    sa.CheckConstraint('since IS NULL OR until IS NULL OR since <= until',
                       name=op.f('ck_product_sync_runs_window_ordered')),
    *_owner_keys(RUNS),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_product_sync_runs')),
    sa.UniqueConstraint('workflow_id', name=op.f('uq_product_sync_runs_workflow_id')))
    op.create_index('ix_product_sync_runs_shop_id_started_at', RUNS, ['shop_id', sa.text('started_at DESC')])
    op.create_index('ix_product_sync_runs_status', RUNS, ['status'])
    op.create_index(op.f('ix_product_sync_runs_merchant_id'), RUNS, ['merchant_id'])
    op.create_table(FAILURES,
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('channel_item_id', sa.String(length=100), nullable=False),
    sa.Column('reason', sa.String(length=500), nullable=False),
    sa.Column('failed_at', TZ, server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['run_id'], ['product_sync_runs.id'],
                            name=op.f('fk_product_sync_failures_run_id_product_sync_runs'), ondelete='CASCADE'),
    *_owner_keys(FAILURES),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_product_sync_failures')),
    sa.UniqueConstraint('run_id', 'channel_item_id', name=op.f('uq_product_sync_failures_run_id_channel_item_id')))
    op.create_index(op.f('ix_product_sync_failures_shop_id'), FAILURES, ['shop_id'])
    op.create_index(op.f('ix_product_sync_failures_merchant_id'), FAILURES, ['merchant_id'])


def downgrade() -> None:
    op.drop_table(FAILURES)
    op.drop_table(RUNS)
