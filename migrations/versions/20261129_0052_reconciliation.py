"""financial reconciliation: channel settlement lines, reconciliation runs and their items

Revision ID: 0052
Revises: 0046
Create Date: 2026-11-29 17:12:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0052'
down_revision: str | None = '0053'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('reconciliation_runs',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=True),
    sa.Column('period_from', sa.Date(), nullable=False),
    sa.Column('period_to', sa.Date(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('stage', sa.String(length=16), nullable=False),
    sa.Column('workflow_id', sa.String(length=200), nullable=False),
    sa.Column('shops_total', sa.Integer(), nullable=False),
    sa.Column('shops_done', sa.Integer(), nullable=False),
    sa.Column('pages', sa.Integer(), nullable=False),
    sa.Column('lines_fetched', sa.Integer(), nullable=False),
    sa.Column('currency', sa.String(length=8), nullable=True),
    sa.Column('expected', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('paid', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('difference', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('matched_count', sa.Integer(), nullable=False),
    sa.Column('short_paid_count', sa.Integer(), nullable=False),
    sa.Column('over_paid_count', sa.Integer(), nullable=False),
    sa.Column('unpaid_count', sa.Integer(), nullable=False),
    sa.Column('unknown_order_count', sa.Integer(), nullable=False),
    sa.Column('message', sa.String(length=500), nullable=True),
    sa.Column('started_by', sa.String(length=64), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)",
                   name=op.f('ck_reconciliation_runs_finished_when_done')),
    sa.CheckConstraint("stage IN ('FETCHING', 'COMPARING', 'DONE')", name=op.f('ck_reconciliation_runs_stage_valid')),
    sa.CheckConstraint("status IN ('RUNNING', 'SUCCEEDED', 'FAILED')",
                   name=op.f('ck_reconciliation_runs_status_valid')),
    sa.CheckConstraint('matched_count >= 0 AND short_paid_count >= 0 AND over_paid_count >= 0 AND unpaid_count >= 0'
                       ' AND unknown_order_count >= 0 AND pages >= 0 AND lines_fetched >= 0 AND shops_done >= 0'
                       ' AND shops_done <= shops_total',
                   name=op.f('ck_reconciliation_runs_counts_not_negative')),
    sa.CheckConstraint('period_to - period_from < 366', name=op.f('ck_reconciliation_runs_period_bounded')),
    sa.CheckConstraint('period_to >= period_from', name=op.f('ck_reconciliation_runs_period_ordered')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'],
                   name=op.f('fk_reconciliation_runs_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'],
                   name=op.f('fk_reconciliation_runs_shop_id_shops'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reconciliation_runs')),
    sa.UniqueConstraint('workflow_id', name=op.f('uq_reconciliation_runs_workflow_id'))
    )
    op.create_index(op.f('ix_reconciliation_runs_merchant_id'), 'reconciliation_runs', ['merchant_id'], unique=False)
    op.create_index('uq_reconciliation_runs_live', 'reconciliation_runs',
                    ['merchant_id', 'period_from', 'period_to', sa.literal_column('coalesce(shop_id, 0)')], unique=True)
    op.create_table('settlement_lines',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('settlement_id', sa.String(length=64), nullable=False),
    sa.Column('line_id', sa.String(length=64), nullable=False),
    sa.Column('channel_order_no', sa.String(length=64), nullable=False),
    sa.Column('amount', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('fees', sa.Numeric(precision=18, scale=2), server_default='0', nullable=False),
    sa.Column('currency', sa.String(length=8), nullable=False),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('fetched_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')",
                   name=op.f('ck_settlement_lines_currency_valid')),
    sa.CheckConstraint('fees >= 0', name=op.f('ck_settlement_lines_fees_not_negative')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'],
                   name=op.f('fk_settlement_lines_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'],
                   name=op.f('fk_settlement_lines_shop_id_shops'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_settlement_lines')),
    sa.UniqueConstraint('shop_id', 'line_id', name=op.f('uq_settlement_lines_shop_id_line_id'))
    )
    op.create_index('ix_settlement_lines_merchant_paid', 'settlement_lines', ['merchant_id', 'paid_at'], unique=False)
    op.create_index('ix_settlement_lines_shop_order', 'settlement_lines', ['shop_id', 'channel_order_no'], unique=False)
    op.create_table('reconciliation_items',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('channel_order_no', sa.String(length=64), nullable=False),
    sa.Column('order_id', sa.BigInteger(), nullable=True),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('currency', sa.String(length=8), nullable=True),
    sa.Column('order_total', sa.Numeric(precision=18, scale=2), nullable=True),
    sa.Column('fees', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('expected', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('paid', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('difference', sa.Numeric(precision=18, scale=2), nullable=False),
    sa.Column('ordered_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('settlement_ids', sa.String(length=500), nullable=True),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('resolved_by', sa.String(length=64), nullable=True),
    sa.Column('resolution_note', sa.String(length=500), nullable=True),
    sa.CheckConstraint("kind <> 'MATCHED' OR resolved_at IS NULL",
                   name=op.f('ck_reconciliation_items_matched_not_resolved')),
    sa.CheckConstraint("kind IN ('MATCHED', 'SHORT_PAID', 'OVER_PAID', 'UNPAID', 'UNKNOWN_ORDER')",
                   name=op.f('ck_reconciliation_items_kind_valid')),
    sa.CheckConstraint('(resolved_at IS NULL) = (resolution_note IS NULL)',
                   name=op.f('ck_reconciliation_items_resolved_with_note')),
    sa.CheckConstraint('difference = paid - expected',
                   name=op.f('ck_reconciliation_items_difference_is_paid_less_expected')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'],
                   name=op.f('fk_reconciliation_items_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['run_id'], ['reconciliation_runs.id'],
                   name=op.f('fk_reconciliation_items_run_id_reconciliation_runs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'],
                   name=op.f('fk_reconciliation_items_shop_id_shops'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reconciliation_items')),
    sa.UniqueConstraint('run_id', 'shop_id', 'channel_order_no',
                   name=op.f('uq_reconciliation_items_run_id_shop_id_channel_order_no'))
    )
    op.create_index(op.f('ix_reconciliation_items_merchant_id'), 'reconciliation_items', ['merchant_id'], unique=False)
    op.create_index('ix_reconciliation_items_run_kind', 'reconciliation_items', ['run_id', 'kind'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_reconciliation_items_run_kind', table_name='reconciliation_items')
    op.drop_index(op.f('ix_reconciliation_items_merchant_id'), table_name='reconciliation_items')
    op.drop_table('reconciliation_items')
    op.drop_index('ix_settlement_lines_shop_order', table_name='settlement_lines')
    op.drop_index('ix_settlement_lines_merchant_paid', table_name='settlement_lines')
    op.drop_table('settlement_lines')
    op.drop_index('uq_reconciliation_runs_live', table_name='reconciliation_runs')
    op.drop_index(op.f('ix_reconciliation_runs_merchant_id'), table_name='reconciliation_runs')
    op.drop_table('reconciliation_runs')
