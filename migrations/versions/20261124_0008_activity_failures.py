"""activity_failures: activities failing right now, for /cms/health

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 20:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'activity_failures',
        sa.Column('activity', sa.String(length=200), nullable=False),
        sa.Column('since', sa.DateTime(timezone=True), nullable=False),
        sa.Column('last_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('error', sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint('activity', name=op.f('pk_activity_failures')),
    )


def downgrade() -> None:
    op.drop_table('activity_failures')
