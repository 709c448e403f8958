"""reconciliation: a re-run keeps the resolutions of the run it replaces

Revision ID: 0057
Revises: 0054
Create Date: 2026-11-29 20:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0057'
down_revision: str | None = '0054'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('reconciliation_runs', sa.Column(
        'carried_resolutions', postgresql.JSONB(astext_type=sa.Text()), server_default='[]', nullable=False))


def downgrade() -> None:
    op.drop_column('reconciliation_runs', 'carried_resolutions')
