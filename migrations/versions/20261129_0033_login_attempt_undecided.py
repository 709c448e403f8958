"""login tries: a try is recorded before its password is checked and is undecided (success NULL) until then, so
tries arriving together wait for the outcome of those still being checked instead of counting them as failed

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-29 04:00:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0033'
down_revision: str | None = '0032'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.alter_column('login_attempts', 'success', nullable=True)


def downgrade() -> None:
    op.execute("UPDATE login_attempts SET success = false WHERE success IS NULL")
    op.alter_column('login_attempts', 'success', nullable=False)
