"""queue alert rules, alerts (one open per rule) and their mails

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25 02:50:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0021'
down_revision: str | None = '0020'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('queue_alert_rules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('task_queue', sa.String(length=200), nullable=False),
    sa.Column('queue_kind', sa.String(length=16), nullable=False),
    sa.Column('max_backlog', sa.Integer(), nullable=True),
    sa.Column('max_age_seconds', sa.Integer(), nullable=True),
    sa.Column('owner_id', sa.Integer(), nullable=True),
    sa.Column('emails', postgresql.ARRAY(sa.String(length=254)), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('description', sa.String(length=200), nullable=True),
    sa.Column('checked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('backlog', sa.Integer(), nullable=True),
    sa.Column('age_seconds', sa.Float(), nullable=True),
    sa.Column('alerting', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_queue_alert_rules_owner_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_queue_alert_rules'))
    )
    op.create_index(op.f('ix_queue_alert_rules_task_queue'), 'queue_alert_rules', ['task_queue'], unique=False)
    op.create_table('queue_alerts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('rule_id', sa.Integer(), nullable=False),
    sa.Column('task_queue', sa.String(length=200), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('reasons', postgresql.ARRAY(sa.String(length=16)), nullable=False),
    sa.Column('opened_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('recovered_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('backlog', sa.Integer(), nullable=False),
    sa.Column('age_seconds', sa.Float(), nullable=False),
    sa.Column('peak_backlog', sa.Integer(), nullable=False),
    sa.Column('peak_age_seconds', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['rule_id'], ['queue_alert_rules.id'], name=op.f('fk_queue_alerts_rule_id_queue_alert_rules'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_queue_alerts'))
    )
    op.create_index(op.f('ix_queue_alerts_opened_at'), 'queue_alerts', ['opened_at'], unique=False)
    op.create_index(op.f('ix_queue_alerts_rule_id'), 'queue_alerts', ['rule_id'], unique=False)
    op.create_index('uq_queue_alerts_one_open', 'queue_alerts', ['rule_id'], unique=True,
                    postgresql_where=sa.text("status = 'OPEN'"))
    op.create_table('queue_alert_mails',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('alert_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('recipient', sa.String(length=254), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['alert_id'], ['queue_alerts.id'], name=op.f('fk_queue_alert_mails_alert_id_queue_alerts'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_queue_alert_mails')),
    sa.UniqueConstraint('alert_id', 'kind', 'recipient', name=op.f('uq_queue_alert_mails_alert_id_kind_recipient'))
    )
    op.create_index(op.f('ix_queue_alert_mails_sent_at'), 'queue_alert_mails', ['sent_at'], unique=False)


def downgrade() -> None:
    op.drop_table('queue_alert_mails')
    op.drop_table('queue_alerts')
    op.drop_table('queue_alert_rules')
