"""after-sales: a return keeps its order's currency, and the by-hour tallies are kept per currency

A return's refund amount is in its order's currency, which the return did not record, so the by-day screen added
refunds of different currencies into one figure. `return_orders.currency` is copied from the order, and `currency`
joins the key of `return_hours` (hour, warehouse_id, merchant_id, currency), the upsert's conflict target.

An existing tally row takes the currency of the returns counted in its hour. A row whose returns are in several
currencies (or in none) cannot be split, so its hour, warehouse and merchant are rebuilt from the returns: the
tallies are derivable from return_orders' step times (services/after_sales/returns.py `act`): one requested at
requested_at, one received at received_at, the good units restocked, the defective units and the refund at closed_at
of a RESTOCKED or DEFECTIVE return, one rejected at closed_at of a REJECTED one.

Revision ID: 0061
Revises: 0060
Create Date: 2026-11-30 05:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0061'
down_revision: str | None = '0060'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CURRENCY_VALID = "currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')"

# Every tally the returns account for, per hour, warehouse, merchant and currency, as the steps added them.
DERIVED = """
CREATE TEMPORARY TABLE return_hours_derived AS
SELECT date_trunc('hour', at, 'UTC') AS hour, warehouse_id, merchant_id, currency,
       sum(requested)::int AS requested, sum(received)::int AS received, sum(restocked)::int AS restocked,
       sum(defective)::int AS defective, sum(rejected)::int AS rejected, sum(refund_amount) AS refund_amount
  FROM (SELECT requested_at AS at, warehouse_id, merchant_id, currency, 1 AS requested, 0 AS received,
               0 AS restocked, 0 AS defective, 0 AS rejected, 0::numeric AS refund_amount
          FROM return_orders
        UNION ALL
        SELECT received_at, warehouse_id, merchant_id, currency, 0, 1, 0, 0, 0, 0
          FROM return_orders WHERE received_at IS NOT NULL
        UNION ALL
        SELECT closed_at, warehouse_id, merchant_id, currency, 0, 0, good_quantity, defective_quantity, 0,
               refund_amount
          FROM return_orders WHERE status IN ('RESTOCKED', 'DEFECTIVE')
        UNION ALL
        SELECT closed_at, warehouse_id, merchant_id, currency, 0, 0, 0, 0, 1, 0
          FROM return_orders WHERE status = 'REJECTED') AS steps
 GROUP BY hour, warehouse_id, merchant_id, currency
"""

# A row whose returns are all in one currency is in that currency.
SPLIT = """
UPDATE return_hours AS h SET currency = d.currency
  FROM (SELECT hour, warehouse_id, merchant_id, min(currency) AS currency FROM return_hours_derived
         GROUP BY hour, warehouse_id, merchant_id HAVING count(*) = 1) AS d
 WHERE (h.hour, h.warehouse_id, h.merchant_id) = (d.hour, d.warehouse_id, d.merchant_id)
"""

# The others are replaced by what their returns add up to in each currency.
REBUILD = """
WITH unsplit AS (DELETE FROM return_hours WHERE currency IS NULL RETURNING hour, warehouse_id, merchant_id)
INSERT INTO return_hours (hour, warehouse_id, merchant_id, currency,
                          requested, received, restocked, defective, rejected, refund_amount)
SELECT d.hour, d.warehouse_id, d.merchant_id, d.currency, d.requested, d.received, d.restocked, d.defective,
       d.rejected, d.refund_amount
  FROM return_hours_derived AS d
 WHERE (d.hour, d.warehouse_id, d.merchant_id) IN (SELECT hour, warehouse_id, merchant_id FROM unsplit)
"""

# Back to one row an hour, warehouse and merchant: the currencies' rows added together.
MERGE = """
WITH moved AS (DELETE FROM return_hours
                RETURNING hour, warehouse_id, merchant_id, requested, received, restocked, defective, rejected,
                          refund_amount)
INSERT INTO return_hours (hour, warehouse_id, merchant_id, requested, received, restocked, defective, rejected,
                          refund_amount)
SELECT hour, warehouse_id, merchant_id, sum(requested), sum(received), sum(restocked), sum(defective), sum(rejected),
       sum(refund_amount)
  FROM moved GROUP BY hour, warehouse_id, merchant_id
"""


def upgrade() -> None:
    op.add_column('return_orders', sa.Column('currency', sa.String(length=8), nullable=True))
    # every return has its order (fk_return_orders_orders); the key names the order's partition
    op.execute("UPDATE return_orders AS r SET currency = o.currency FROM orders AS o "
               "WHERE o.id = r.order_id AND o.ordered_at = r.ordered_at")
    op.alter_column('return_orders', 'currency', nullable=False)
    op.create_check_constraint(op.f('ck_return_orders_currency_valid'), 'return_orders', CURRENCY_VALID)

    op.add_column('return_hours', sa.Column('currency', sa.String(length=8), nullable=True))
    op.drop_constraint('pk_return_hours', 'return_hours', type_='primary')
    op.execute(DERIVED)
    op.execute(SPLIT)
    op.execute(REBUILD)
    op.execute("DROP TABLE return_hours_derived")
    op.alter_column('return_hours', 'currency', nullable=False)
    op.create_primary_key('pk_return_hours', 'return_hours', ['hour', 'warehouse_id', 'merchant_id', 'currency'])
    op.create_check_constraint(op.f('ck_return_hours_currency_valid'), 'return_hours', CURRENCY_VALID)


def downgrade() -> None:
    op.drop_constraint('pk_return_hours', 'return_hours', type_='primary')
    op.drop_column('return_hours', 'currency')
    op.execute(MERGE)
    op.create_primary_key('pk_return_hours', 'return_hours', ['hour', 'warehouse_id', 'merchant_id'])
    op.drop_column('return_orders', 'currency')
