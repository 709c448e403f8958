"""export tasks: a large list's export written in the background, kept until it expires (docs/exports.md)

Revision ID: 0047
Revises: 0049
Create Date: 2026-11-29 13:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0047'
down_revision: str | None = '0049'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('export_tasks',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('resource', sa.String(length=64), nullable=False),
    sa.Column('route', sa.String(length=200), nullable=False),
    sa.Column('filters', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('columns', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('requested_by', sa.Integer(), nullable=False),
    sa.Column('requester', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.Column('zone', sa.String(length=64), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('rows_written', sa.BigInteger(), nullable=False),
    sa.Column('total', sa.BigInteger(), nullable=True),
    sa.Column('filename', sa.String(length=200), nullable=False),
    sa.Column('file_key', sa.String(length=300), nullable=True),
    sa.Column('file_size', sa.BigInteger(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint("state in ('PROCESSING', 'ACTIVE', 'DOWNLOAD_FAILED', 'EXPIRED')",
                       name=op.f('ck_export_tasks_state')),
    sa.CheckConstraint('rows_written >= 0 and (total is null or total >= 0)', name=op.f('ck_export_tasks_counts')),
    sa.CheckConstraint('attempt >= 1', name=op.f('ck_export_tasks_attempt_positive')),
    sa.CheckConstraint("state <> 'ACTIVE' or (file_key is not null and finished_at is not null "
                       "and expires_at is not null)", name=op.f('ck_export_tasks_active_has_file')),
    sa.CheckConstraint("state <> 'DOWNLOAD_FAILED' or error is not null",
                       name=op.f('ck_export_tasks_failed_has_reason')),
    sa.CheckConstraint("state <> 'EXPIRED' or file_key is null", name=op.f('ck_export_tasks_expired_has_no_file')),
    sa.ForeignKeyConstraint(['requested_by'], ['users.id'], name=op.f('fk_export_tasks_requested_by_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_export_tasks'))
    )
    op.create_index('ix_export_tasks_requested_by_id', 'export_tasks', ['requested_by', 'id'], unique=False)
    op.create_index('ix_export_tasks_processing', 'export_tasks', ['state'], unique=False,
                    postgresql_where=sa.text("state = 'PROCESSING'"))


def downgrade() -> None:
    op.drop_index('ix_export_tasks_processing', table_name='export_tasks')
    op.drop_index('ix_export_tasks_requested_by_id', table_name='export_tasks')
    op.drop_table('export_tasks')
