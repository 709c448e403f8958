"""subscription requests: the payload is the submitted dialog of the row's kind and merchant

A request's payload is the dialog as submitted (domain/flows/subscriptions.Draft): the request lists and the
apply read its kind, merchant and packages. PostgreSQL now refuses a row whose payload names another kind or
merchant than the row, or no package (domain/models/subscriptions.PAYLOAD_DRAFT).

Revision ID: 0065
Revises: 0064
Create Date: 2026-12-01 05:20:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0065'
down_revision: str | None = '0064'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PAYLOAD_DRAFT = ("payload->>'kind' IS NOT DISTINCT FROM kind "
                 "AND payload->>'merchant_id' IS NOT DISTINCT FROM merchant_id::text "
                 "AND jsonb_typeof(payload->'quotes') IS NOT DISTINCT FROM 'array' "
                 "AND payload->'quotes' <> '[]'::jsonb")


def upgrade() -> None:
    op.create_check_constraint(op.f('ck_subscription_requests_payload_draft'), 'subscription_requests', PAYLOAD_DRAFT)


def downgrade() -> None:
    op.drop_constraint(op.f('ck_subscription_requests_payload_draft'), 'subscription_requests', type_='check')
