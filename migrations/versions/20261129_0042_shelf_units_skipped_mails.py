"""the units each stock movement put on or took off each shelf it named, as a view the shelf proof and the shelf
repair both read (one SQL form, no text assembled in code); an alarm or alert mail that was not sent says why

Revision ID: 0042
Revises: 0048
Create Date: 2026-11-29 13:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0042'
down_revision: str | None = '0048'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A move_shelf takes its quantity off `shelf_id` onto `to_shelf_id`; any other movement naming a shelf changes it
# by its on-hand change (services/stock/store.py `shelf_steps`).
CREATE = """
create view stock_shelf_units as
select c.warehouse_id, s.shelf_id, c.sku, s.units
  from stock_changes c cross join lateral (values
       (c.shelf_id, case when c.movement_type = 'move_shelf' then -c.quantity else c.change_on_hand end),
       (c.to_shelf_id, c.quantity)) as s (shelf_id, units)
 where s.shelf_id is not null
"""


MAILS = ("job_alarm_mails", "queue_alert_mails")


def upgrade() -> None:
    op.execute(CREATE)
    for table in MAILS:  # a mail is sent or skipped (with the reason), never both
        op.add_column(table, sa.Column("skipped", sa.String(length=500), nullable=True))
        op.create_check_constraint(op.f(f"ck_{table}_sent_or_skipped"), table, "sent_at is null or skipped is null")


def downgrade() -> None:
    for table in MAILS:
        op.drop_constraint(op.f(f"ck_{table}_sent_or_skipped"), table, type_="check")
        op.drop_column(table, "skipped")
    op.execute("drop view stock_shelf_units")
