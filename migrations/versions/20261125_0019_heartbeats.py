"""app instances and their heartbeats

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-25 02:20:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0019'
down_revision: str | None = '0018'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('app_instances',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('pid', sa.Integer(), nullable=False),
    sa.Column('version', sa.String(length=64), nullable=False),
    sa.Column('interval_seconds', sa.Float(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('last_beat_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('beats', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_app_instances'))
    )
    op.create_index(op.f('ix_app_instances_kind'), 'app_instances', ['kind'], unique=False)
    op.create_index(op.f('ix_app_instances_last_beat_at'), 'app_instances', ['last_beat_at'], unique=False)
    op.create_table('heartbeat_beats',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('instance_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('memory_kb', sa.BigInteger(), nullable=True),
    sa.Column('cpu_seconds', sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(['instance_id'], ['app_instances.id'], name=op.f('fk_heartbeat_beats_instance_id_app_instances'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_heartbeat_beats'))
    )
    op.create_index(op.f('ix_heartbeat_beats_at'), 'heartbeat_beats', ['at'], unique=False)
    op.create_index('ix_heartbeat_beats_instance_at', 'heartbeat_beats', ['instance_id', 'at'], unique=False)


def downgrade() -> None:
    op.drop_table('heartbeat_beats')
    op.drop_table('app_instances')
