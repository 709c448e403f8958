"""orders: the fold adds a bucket's net change to its row, negative or not

PostgreSQL checks a row's CHECK constraints before `ON CONFLICT` finds the row it would update, so the fold of
0044 refused a bucket whose folded changes summed below zero (orders cancelled or released after an earlier fold)
although the row it adds to stays at zero or more. Existing rows are now updated, and only new ones inserted.

Revision ID: 0058
Revises: 0057
Create Date: 2026-11-30 00:00:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0058'
down_revision: str | None = '0057'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# One fold at a time (a second returns at once); the fold is the only writer of order_counts.
FOLD = """
CREATE OR REPLACE FUNCTION order_counts_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    folded bigint;
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('order_counts_fold')) THEN
        RETURN 0;
    END IF;
    WITH moved AS (DELETE FROM order_count_deltas RETURNING merchant_id, shop_id, channel, status, hour, delta),
    levels AS (
        SELECT merchant_id, shop_id, channel, status, hour, delta FROM moved
        UNION ALL SELECT 0, 0, channel, status, hour, delta FROM moved
    ),
    grains AS (
        SELECT merchant_id, shop_id, channel, status, 'H' AS grain, hour AS bucket, delta FROM levels
        UNION ALL
        SELECT merchant_id, shop_id, channel, status, 'D', date_trunc('day', hour, 'UTC'), delta FROM levels
    ),
    sums AS (
        SELECT merchant_id, shop_id, channel, status, grain, bucket, sum(delta) AS n
          FROM grains GROUP BY merchant_id, shop_id, channel, status, grain, bucket HAVING sum(delta) <> 0
    ),
    updated AS (
        UPDATE order_counts AS c SET n = c.n + s.n FROM sums AS s
         WHERE (c.merchant_id, c.shop_id, c.channel, c.status, c.grain, c.bucket)
             = (s.merchant_id, s.shop_id, s.channel, s.status, s.grain, s.bucket)
        RETURNING c.merchant_id, c.shop_id, c.channel, c.status, c.grain, c.bucket
    ),
    inserted AS (
        INSERT INTO order_counts (merchant_id, shop_id, channel, status, grain, bucket, n)
        SELECT * FROM sums AS s WHERE NOT EXISTS (
            SELECT FROM updated AS u
             WHERE (u.merchant_id, u.shop_id, u.channel, u.status, u.grain, u.bucket)
                 = (s.merchant_id, s.shop_id, s.channel, s.status, s.grain, s.bucket))
         ORDER BY merchant_id, shop_id, channel, status, grain, bucket
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM updated) + (SELECT count(*) FROM inserted) INTO folded;
    RETURN folded;
END $$;
"""


def upgrade() -> None:
    op.execute(FOLD)


def downgrade() -> None:
    orders = op.get_context().script.get_revision('0044')
    op.execute(orders.module.FOLD.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"))
