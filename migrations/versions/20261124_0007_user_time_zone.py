"""users.time_zone: the zone each user reads times in (unset: the default business calendar's)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 19:50:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('time_zone', sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column('users', 'time_zone')
