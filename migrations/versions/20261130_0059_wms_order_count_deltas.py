"""wms orders: the tab counts' changes are appended as deltas and folded in now and then

The trigger of 0050 updated the one `wms_order_counts` row of a (warehouse, merchant, WMS status) in the changing
transaction, so every outbound order of a busy merchant at one warehouse waited on the same row until the other
transaction's commit. It now appends a +1 / -1 row to `wms_order_count_deltas` (no unique key: writers never wait
on each other), and `wms_order_counts_fold()` moves the deltas into the counts, as the channel orders' counts do
(0044, 0058): one fold at a time, existing rows updated and only missing ones inserted, never an ON CONFLICT
whose proposed row could break `n >= 0`. A count is the folded row plus the deltas not folded yet.

Revision ID: 0059
Revises: 0058
Create Date: 2026-11-30 03:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0059'
down_revision: str | None = '0058'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Insert only: no row is locked by an order's change, whatever its warehouse and merchant.
KEEP = """
CREATE OR REPLACE FUNCTION wms_order_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.wms_status IS NOT DISTINCT FROM NEW.wms_status
     AND OLD.warehouse_id = NEW.warehouse_id AND OLD.merchant_id = NEW.merchant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.wms_status IS NOT NULL THEN
    INSERT INTO wms_order_count_deltas (warehouse_id, merchant_id, wms_status, delta)
    VALUES (OLD.warehouse_id, OLD.merchant_id, OLD.wms_status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.wms_status IS NOT NULL THEN
    INSERT INTO wms_order_count_deltas (warehouse_id, merchant_id, wms_status, delta)
    VALUES (NEW.warehouse_id, NEW.merchant_id, NEW.wms_status, 1);
  END IF;
  RETURN NULL;
END $$;
"""

# One fold at a time (a second returns 0 at once); the fold is the only writer of wms_order_counts. A bucket's
# net change may be negative (an order counted pending, then cancelled): it is added to the row it has.
FOLD = """
CREATE FUNCTION wms_order_counts_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    folded bigint;
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('wms_order_counts_fold')) THEN
        RETURN 0;
    END IF;
    WITH moved AS (DELETE FROM wms_order_count_deltas RETURNING warehouse_id, merchant_id, wms_status, delta),
    sums AS (
        SELECT warehouse_id, merchant_id, wms_status, sum(delta) AS n
          FROM moved GROUP BY warehouse_id, merchant_id, wms_status HAVING sum(delta) <> 0
    ),
    updated AS (
        UPDATE wms_order_counts AS c SET n = c.n + s.n FROM sums AS s
         WHERE (c.warehouse_id, c.merchant_id, c.wms_status) = (s.warehouse_id, s.merchant_id, s.wms_status)
        RETURNING c.warehouse_id, c.merchant_id, c.wms_status
    ),
    inserted AS (
        INSERT INTO wms_order_counts (warehouse_id, merchant_id, wms_status, n)
        SELECT * FROM sums AS s WHERE NOT EXISTS (
            SELECT FROM updated AS u
             WHERE (u.warehouse_id, u.merchant_id, u.wms_status) = (s.warehouse_id, s.merchant_id, s.wms_status))
         ORDER BY warehouse_id, merchant_id, wms_status
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM updated) + (SELECT count(*) FROM inserted) INTO folded;
    RETURN folded;
END $$;
"""

# Back to the counts kept in the changing transaction: what is pending goes into them first.
FOLD_EXISTING = """
UPDATE wms_order_counts AS c SET n = c.n + s.n
  FROM (SELECT warehouse_id, merchant_id, wms_status, sum(delta) AS n FROM wms_order_count_deltas
         GROUP BY warehouse_id, merchant_id, wms_status) AS s
 WHERE (c.warehouse_id, c.merchant_id, c.wms_status) = (s.warehouse_id, s.merchant_id, s.wms_status)
"""
FOLD_MISSING = """
INSERT INTO wms_order_counts (warehouse_id, merchant_id, wms_status, n)
SELECT warehouse_id, merchant_id, wms_status, sum(delta) FROM wms_order_count_deltas AS d
 WHERE NOT EXISTS (SELECT FROM wms_order_counts AS c
                    WHERE (c.warehouse_id, c.merchant_id, c.wms_status) = (d.warehouse_id, d.merchant_id, d.wms_status))
 GROUP BY warehouse_id, merchant_id, wms_status HAVING sum(delta) <> 0
"""


def upgrade() -> None:
    op.create_table('wms_order_count_deltas',
    sa.Column('id', sa.BigInteger(), autoincrement=True, nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('wms_status', sa.String(16), nullable=False),
    sa.Column('delta', sa.SmallInteger(), nullable=False),
    sa.CheckConstraint('delta IN (-1, 1)', name=op.f('ck_wms_order_count_deltas_delta_one')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_wms_order_count_deltas')))
    # an order changed under the old function has its count row updated, one under this its delta appended: both
    # are read, so nothing needs to wait for the swap
    op.execute(KEEP)
    op.execute(FOLD)


def downgrade() -> None:
    # no order changes (and appends a delta) between the fold below and the drop of the deltas
    op.execute("LOCK TABLE stock_orders IN SHARE ROW EXCLUSIVE MODE")
    op.execute("DROP FUNCTION wms_order_counts_fold()")
    wms = op.get_context().script.get_revision('0050')
    op.execute("DROP TRIGGER wms_order_counts_keep ON stock_orders")
    op.execute("DROP FUNCTION wms_order_counts_keep()")
    op.execute(wms.module.COUNT_TRIGGER)
    op.execute(FOLD_EXISTING)
    op.execute(FOLD_MISSING)
    op.drop_table('wms_order_count_deltas')
