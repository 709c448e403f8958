"""order events: the stock steps that change no state on the timeline

An order's stock reserved before acceptance (the order settings' `reserve_on`), or found short then, and the order
handed to its warehouse in packages (with the orders merged with it) now have their own timeline entries, kinds
RESERVE and TO_WAREHOUSE (services/orders/timeline.py).

Revision ID: 0064
Revises: 0063
Create Date: 2026-12-01 02:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0064'
down_revision: str | None = '0063'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = ['CREATED', 'CHANNEL_UPDATE', 'ACCEPT', 'SHIP', 'COMPLETE', 'CANCEL', 'HOLD', 'RELEASE']


def _kinds(kinds: list[str]) -> None:
    op.drop_constraint(op.f('ck_order_events_kind_valid'), 'order_events', type_='check')
    op.create_check_constraint(op.f('ck_order_events_kind_valid'), 'order_events',
                               "kind IN (" + ", ".join(f"'{kind}'" for kind in kinds) + ")")


def upgrade() -> None:
    _kinds([*KINDS, 'RESERVE', 'TO_WAREHOUSE'])


def downgrade() -> None:
    op.execute("DELETE FROM order_events WHERE kind IN ('RESERVE', 'TO_WAREHOUSE')")
    _kinds(KINDS)
