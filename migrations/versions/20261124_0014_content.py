"""notices (notices and FAQ), tips with their pages (one tip a page and country), internal_faq

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24 23:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0014'
down_revision: str | None = '0013'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def timestamps() -> list[sa.Column]:
    return [sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
            sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False)]


def upgrade() -> None:
    op.create_table(
        'notices',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=8), nullable=False),
        sa.Column('title', sa.String(length=100), nullable=False),
        sa.Column('language', sa.String(length=8), nullable=False),
        sa.Column('start_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('end_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('release_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('release_status', sa.String(length=16), nullable=False),
        sa.Column('state', sa.String(length=8), nullable=False),
        sa.Column('pinned', sa.Boolean(), nullable=False),
        sa.Column('ticket_id', sa.Integer(), nullable=True),
        sa.Column('faq_id', sa.Integer(), nullable=True),
        sa.Column('text', sa.Text(), nullable=False),
        sa.Column('flow_pending', sa.Boolean(), nullable=False),
        sa.Column('created_by', sa.Integer(), nullable=True),
        *timestamps(),
        sa.ForeignKeyConstraint(['ticket_id'], ['tickets.id'], name=op.f('fk_notices_ticket_id_tickets'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['faq_id'], ['notices.id'], name=op.f('fk_notices_faq_id_notices'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_notices_created_by_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_notices')),
    )
    op.create_index(op.f('ix_notices_kind'), 'notices', ['kind'])
    op.create_index(op.f('ix_notices_release_status'), 'notices', ['release_status'])
    op.create_index(op.f('ix_notices_state'), 'notices', ['state'])
    op.create_index('ix_notices_home', 'notices', ['language', sa.text('updated_at DESC')],
                    postgresql_where=sa.text("state = 'ONLINE' AND release_status = 'PUBLISHED'"))

    op.create_table(
        'tips',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('country', sa.String(length=8), nullable=False),
        sa.Column('start_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('end_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('content', sa.Text(), nullable=False),
        *timestamps(),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tips')),
    )
    op.create_index(op.f('ix_tips_country'), 'tips', ['country'])
    op.create_table(
        'tip_pages',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tip_id', sa.Integer(), nullable=False),
        sa.Column('country', sa.String(length=8), nullable=False),
        sa.Column('page', sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(['tip_id'], ['tips.id'], name=op.f('fk_tip_pages_tip_id_tips'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tip_pages')),
        sa.UniqueConstraint('country', 'page', name='uq_tip_pages_country_page'),
    )
    op.create_index(op.f('ix_tip_pages_tip_id'), 'tip_pages', ['tip_id'])

    op.create_table(
        'internal_faq',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('question', sa.String(length=200), nullable=False),
        sa.Column('answer', sa.Text(), nullable=False),
        sa.Column('category', sa.String(length=64), nullable=True),
        sa.Column('state', sa.String(length=8), nullable=False),
        sa.Column('updated_by', sa.Integer(), nullable=True),
        *timestamps(),
        sa.ForeignKeyConstraint(['updated_by'], ['users.id'], name=op.f('fk_internal_faq_updated_by_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_internal_faq')),
    )
    op.create_index(op.f('ix_internal_faq_question'), 'internal_faq', ['question'])
    op.create_index(op.f('ix_internal_faq_state'), 'internal_faq', ['state'])


def downgrade() -> None:
    op.drop_table('internal_faq')
    op.drop_table('tip_pages')
    op.drop_table('tips')
    op.drop_table('notices')
