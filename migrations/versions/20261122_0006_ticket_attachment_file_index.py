"""ticket_attachments: index file_id, for the file link check

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 11:50:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A private file's link is given to whoever may see a ticket it is attached to: found by the file id.
    op.create_index(op.f('ix_ticket_attachments_file_id'), 'ticket_attachments', ['file_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_ticket_attachments_file_id'), table_name='ticket_attachments')
