"""users.language: the language each person last used the console in, for the mails written to them

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-25 05:50:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0026'
down_revision: str | None = '0025'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('language', sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column('users', 'language')
