"""tickets: index (category, level, created_at) in place of (category)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 08:25:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The list's and the dashboard's common filter, "this category (at these levels), lately", answered from
    # index ranges. Category alone is its leading column; category and dates without a level use a skip
    # scan over the five levels. So the single-column index goes.
    op.create_index('ix_tickets_category_level_created_at', 'tickets', ['category', 'level', 'created_at'],
                    unique=False)
    op.drop_index('ix_tickets_category', table_name='tickets')


def downgrade() -> None:
    op.create_index('ix_tickets_category', 'tickets', ['category'], unique=False)
    op.drop_index('ix_tickets_category_level_created_at', table_name='tickets')
