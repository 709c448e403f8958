"""wms orders: the warehouse's view of outbound orders (status derived in one generated column), pick waves,
abnormal packages, carrier and tracking number unique per carrier, print jobs, and per-warehouse status counts
kept by a trigger in the changing transaction

Revision ID: 0050
Revises: 0046
Create Date: 2026-11-29 17:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0050'
down_revision: str | None = '0051'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TZ = sa.DateTime(timezone=True)

# one truth, as domain/rules/wms_orders.WMS_STATUS_SQL (frozen here as it was at this revision)
WMS_STATUS_SQL = (
    "CASE WHEN direction <> 'OUTBOUND' THEN NULL "
    "WHEN status IN ('INVALID', 'PART_INVALID') THEN 'CANCELLED' "
    "WHEN status = 'COMPLETE' THEN 'COMPLETED' "
    "WHEN abnormal_reason IS NOT NULL OR push_status = 'FAIL' "
    "OR working_status IN ('SYNC_FAIL', 'CANCEL_FAIL') THEN 'ABNORMAL' "
    "WHEN status = 'PART_COMPLETE' OR working_status IN ('PICKING_PROCESS', 'SORTING_AND_REVIEWING', "
    "'PACKED', 'WAITING_PICKUP', 'CANCELING') THEN 'SHIPPING' "
    "ELSE 'PENDING' END")

COUNT_TRIGGER = """
CREATE FUNCTION wms_order_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.wms_status IS NOT DISTINCT FROM NEW.wms_status
     AND OLD.warehouse_id = NEW.warehouse_id AND OLD.merchant_id = NEW.merchant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.wms_status IS NOT NULL THEN
    UPDATE wms_order_counts SET n = n - 1
     WHERE warehouse_id = OLD.warehouse_id AND merchant_id = OLD.merchant_id AND wms_status = OLD.wms_status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.wms_status IS NOT NULL THEN
    INSERT INTO wms_order_counts (warehouse_id, merchant_id, wms_status, n)
    VALUES (NEW.warehouse_id, NEW.merchant_id, NEW.wms_status, 1)
    ON CONFLICT (warehouse_id, merchant_id, wms_status) DO UPDATE SET n = wms_order_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER wms_order_counts_keep AFTER INSERT OR DELETE OR UPDATE
  ON stock_orders FOR EACH ROW EXECUTE FUNCTION wms_order_counts_keep();
"""


def upgrade() -> None:
    for name, kind in (('wave_no', sa.String(40)), ('abnormal_reason', sa.String(32)),
                       ('abnormal_note', sa.String(255)), ('courier_id', sa.Integer()),
                       ('printed_at', TZ), ('printed_by', sa.Integer())):
        op.add_column('stock_orders', sa.Column(name, kind, nullable=True))
    op.add_column('stock_orders', sa.Column('print_count', sa.Integer(), server_default='0', nullable=False))
    op.add_column('stock_orders', sa.Column(
        'wms_status', sa.String(16), sa.Computed(WMS_STATUS_SQL, persisted=True), nullable=True))
    op.create_foreign_key(op.f('fk_stock_orders_courier_id_couriers'), 'stock_orders', 'couriers',
                          ['courier_id'], ['id'], ondelete='RESTRICT')
    op.create_foreign_key(op.f('fk_stock_orders_printed_by_users'), 'stock_orders', 'users',
                          ['printed_by'], ['id'], ondelete='SET NULL')
    op.create_check_constraint(op.f('ck_stock_orders_abnormal_reason_valid'), 'stock_orders',
                               "abnormal_reason IS NULL OR abnormal_reason IN "
                               "('SHORT_PICK', 'DAMAGED', 'WRONG_ITEM', 'LABEL_ERROR', 'OTHER')")
    op.create_check_constraint(op.f('ck_stock_orders_abnormal_outbound'), 'stock_orders',
                               "abnormal_reason IS NULL OR direction = 'OUTBOUND'")
    op.create_check_constraint(op.f('ck_stock_orders_print_count_not_negative'), 'stock_orders',
                               'print_count >= 0')
    op.create_check_constraint(op.f('ck_stock_orders_printed_when_counted'), 'stock_orders',
                               '(print_count = 0) = (printed_at IS NULL)')
    op.create_check_constraint(op.f('ck_stock_orders_courier_tracked'), 'stock_orders',
                               'courier_id IS NULL OR logistic_no IS NOT NULL')
    op.create_index('uq_stock_orders_courier_logistic_no', 'stock_orders', ['courier_id', 'logistic_no'],
                    unique=True, postgresql_where=sa.text('courier_id IS NOT NULL'))
    op.create_index('ix_stock_orders_wms_status_id', 'stock_orders', ['warehouse_id', 'wms_status', 'id'],
                    postgresql_where=sa.text('wms_status IS NOT NULL'))
    op.create_index('ix_stock_orders_wave_no', 'stock_orders', ['wave_no'],
                    postgresql_where=sa.text('wave_no IS NOT NULL'))
    op.create_table('wms_order_counts',
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('wms_status', sa.String(16), nullable=False),
    sa.Column('n', sa.BigInteger(), nullable=False),
    sa.CheckConstraint('n >= 0', name=op.f('ck_wms_order_counts_n_not_negative')),
    sa.CheckConstraint("wms_status IN ('PENDING', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED')",
                       name=op.f('ck_wms_order_counts_wms_status_valid')),
    sa.PrimaryKeyConstraint('warehouse_id', 'merchant_id', 'wms_status', name=op.f('pk_wms_order_counts')))
    op.execute(COUNT_TRIGGER)
    op.execute("INSERT INTO wms_order_counts (warehouse_id, merchant_id, wms_status, n) "
               "SELECT warehouse_id, merchant_id, wms_status, count(*) FROM stock_orders "
               "WHERE wms_status IS NOT NULL GROUP BY 1, 2, 3")


def downgrade() -> None:
    op.execute("DROP TRIGGER wms_order_counts_keep ON stock_orders")
    op.execute("DROP FUNCTION wms_order_counts_keep()")
    op.drop_table('wms_order_counts')
    op.drop_index('ix_stock_orders_wave_no', table_name='stock_orders')
    op.drop_index('ix_stock_orders_wms_status_id', table_name='stock_orders')
    op.drop_index('uq_stock_orders_courier_logistic_no', table_name='stock_orders')
    for name in ('courier_tracked', 'printed_when_counted', 'print_count_not_negative', 'abnormal_outbound',
                 'abnormal_reason_valid'):
        op.drop_constraint(f'ck_stock_orders_{name}', 'stock_orders', type_='check')
    op.drop_constraint('fk_stock_orders_printed_by_users', 'stock_orders', type_='foreignkey')
    op.drop_constraint('fk_stock_orders_courier_id_couriers', 'stock_orders', type_='foreignkey')
    for name in ('print_count', 'printed_by', 'printed_at', 'courier_id', 'abnormal_note', 'abnormal_reason',
                 'wave_no', 'wms_status'):
        op.drop_column('stock_orders', name)
