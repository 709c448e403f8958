"""subscription requests claim their receipt and serial numbers while live; a closed request frees its key;
the request carries its payment screenshot

A request reserves its receipt number and payment serial from the dialog on: a partial UNIQUE index over the
requests that are live or applied makes two requests with one serial impossible, however many are submitted
at once. The request's workflow id (its idempotency key) is unique among live requests only, so a receipt of a
refused or expired request can be submitted again (a new run of the same workflow id).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 23:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0013'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LIVE = "state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL')"
HELD = "state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL', 'APPLIED')"


def upgrade() -> None:
    # the payment screenshot (a private file) travels with the request, so its readers can be told (api/file_access)
    op.add_column('subscription_requests', sa.Column('screenshot_file_id', sa.Integer(), nullable=True))
    op.create_foreign_key(op.f('fk_subscription_requests_screenshot_file_id_stored_files'), 'subscription_requests',
                          'stored_files', ['screenshot_file_id'], ['id'], ondelete='RESTRICT')
    op.create_index('ix_subscription_requests_screenshot_file_id', 'subscription_requests', ['screenshot_file_id'])
    op.drop_constraint('uq_subscription_requests_workflow_id', 'subscription_requests', type_='unique')
    op.create_index('uq_subscription_requests_live_workflow_id', 'subscription_requests', ['workflow_id'],
                    unique=True, postgresql_where=sa.text(LIVE))
    op.create_index('ix_subscription_requests_workflow_id', 'subscription_requests', ['workflow_id'])
    op.create_index('uq_subscription_requests_held_receipt', 'subscription_requests', ['receipt_number'],
                    unique=True, postgresql_where=sa.text(HELD))
    op.create_index('uq_subscription_requests_held_serial', 'subscription_requests', ['payment_serial'],
                    unique=True, postgresql_where=sa.text(HELD))


def downgrade() -> None:
    op.drop_index('uq_subscription_requests_held_serial', table_name='subscription_requests')
    op.drop_index('uq_subscription_requests_held_receipt', table_name='subscription_requests')
    op.drop_index('ix_subscription_requests_workflow_id', table_name='subscription_requests')
    op.drop_index('uq_subscription_requests_live_workflow_id', table_name='subscription_requests')
    op.create_unique_constraint('uq_subscription_requests_workflow_id', 'subscription_requests', ['workflow_id'])
    op.drop_index('ix_subscription_requests_screenshot_file_id', table_name='subscription_requests')
    op.drop_constraint(op.f('fk_subscription_requests_screenshot_file_id_stored_files'), 'subscription_requests',
                       type_='foreignkey')
    op.drop_column('subscription_requests', 'screenshot_file_id')
