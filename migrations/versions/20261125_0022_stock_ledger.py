"""warehouses, shelves, WMS products and the stock ledger

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-25 05:21:54.060206
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0022'
down_revision: str | None = '0021'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


APPEND_ONLY = """
CREATE FUNCTION stock_changes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'stock_changes is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER stock_changes_append_only BEFORE UPDATE OR DELETE ON stock_changes
    FOR EACH ROW EXECUTE FUNCTION stock_changes_refuse_change();
"""


def upgrade() -> None:
    op.create_table('warehouses',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('provider', sa.String(length=32), nullable=False),
    sa.Column('code', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('owner', sa.String(length=100), nullable=True),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('address', sa.String(length=500), nullable=True),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('usage_mode', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("provider IN ('GINEE_WMS', 'FASTOCK', 'LAZADA_FULFILLMENT', 'JNE_FULFILLMENT', 'KEEPPACK', 'TOKO_CABANG', 'JD_FULFILLMENT', 'J_AND_T', 'YH_GLOBAL', 'FIRST_LINE', 'ECCANG', 'STOKU', 'FLEXOFAST', 'OTHER')", name=op.f('ck_warehouses_provider_valid')),
    sa.CheckConstraint("type IN ('OWN', 'THIRD_PARTY', 'OVERSEAS')", name=op.f('ck_warehouses_type_valid')),
    sa.CheckConstraint("usage_mode IS NULL OR usage_mode IN ('ERP_ONLY_USE_OWN_WAREHOUSE', 'ERP_ONLY_USE_THIRD_WAREHOUSE', 'ERP_USE_OWN_WAREHOUSE_AND_THIRD_WAREHOUSE', 'WMS_ONLY_USE_GINEE_WMS', 'WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE', 'WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE_AND_OVERSEAS_WAREHOUSE', 'ERP_AND_OVERSEAS_WAREHOUSE', 'ONLY_USE_OPEN_API')", name=op.f('ck_warehouses_usage_mode_valid')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_warehouses_merchant_id_merchants'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_warehouses')),
    sa.UniqueConstraint('merchant_id', 'code', name=op.f('uq_warehouses_merchant_id_code'))
    )
    op.create_index(op.f('ix_warehouses_merchant_id'), 'warehouses', ['merchant_id'], unique=False)
    op.create_index('uq_warehouses_one_default', 'warehouses', ['merchant_id'], unique=True, postgresql_where=sa.text('is_default'))
    op.create_table('wms_products',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('name', sa.String(length=300), nullable=False),
    sa.Column('variant', sa.String(length=200), nullable=True),
    sa.Column('category', sa.String(length=2), nullable=True),
    sa.Column('weight_g', sa.Integer(), nullable=True),
    sa.Column('length_cm', sa.Numeric(precision=8, scale=1), nullable=True),
    sa.Column('width_cm', sa.Numeric(precision=8, scale=1), nullable=True),
    sa.Column('height_cm', sa.Numeric(precision=8, scale=1), nullable=True),
    sa.Column('remark', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("category IS NULL OR category IN ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23')", name=op.f('ck_wms_products_category_valid')),
    sa.CheckConstraint('(length_cm IS NULL OR length_cm >= 0) AND (width_cm IS NULL OR width_cm >= 0) AND (height_cm IS NULL OR height_cm >= 0)', name=op.f('ck_wms_products_size_not_negative')),
    sa.CheckConstraint('weight_g IS NULL OR weight_g >= 0', name=op.f('ck_wms_products_weight_g_not_negative')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_wms_products_merchant_id_merchants'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_wms_products')),
    sa.UniqueConstraint('merchant_id', 'sku', name=op.f('uq_wms_products_merchant_id_sku'))
    )
    op.create_index(op.f('ix_wms_products_merchant_id'), 'wms_products', ['merchant_id'], unique=False)
    op.create_index(op.f('ix_wms_products_sku'), 'wms_products', ['sku'], unique=False)
    op.create_table('stock_balances',
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('on_hand', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('spare', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('locked', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('promotion', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('transit', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('available', sa.BigInteger(), sa.Computed('on_hand - spare - locked - promotion', persisted=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('locked >= 0', name=op.f('ck_stock_balances_locked_not_negative')),
    sa.CheckConstraint('on_hand - spare - locked - promotion >= 0', name=op.f('ck_stock_balances_available_not_negative')),
    sa.CheckConstraint('on_hand >= 0', name=op.f('ck_stock_balances_on_hand_not_negative')),
    sa.CheckConstraint('promotion >= 0', name=op.f('ck_stock_balances_promotion_not_negative')),
    sa.CheckConstraint('spare >= 0', name=op.f('ck_stock_balances_spare_not_negative')),
    sa.CheckConstraint('transit >= 0', name=op.f('ck_stock_balances_transit_not_negative')),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_stock_balances_warehouse_id_warehouses'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('warehouse_id', 'sku', name=op.f('pk_stock_balances'))
    )
    op.create_index(op.f('ix_stock_balances_sku'), 'stock_balances', ['sku'], unique=False)
    op.create_table('warehouse_areas',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('code', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_warehouse_areas_warehouse_id_warehouses'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_warehouse_areas')),
    sa.UniqueConstraint('warehouse_id', 'code', name=op.f('uq_warehouse_areas_warehouse_id_code'))
    )
    op.create_index(op.f('ix_warehouse_areas_warehouse_id'), 'warehouse_areas', ['warehouse_id'], unique=False)
    op.create_table('shelves',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('area_id', sa.BigInteger(), nullable=True),
    sa.Column('code', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=True),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['area_id'], ['warehouse_areas.id'], name=op.f('fk_shelves_area_id_warehouse_areas'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_shelves_warehouse_id_warehouses'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shelves')),
    sa.UniqueConstraint('warehouse_id', 'code', name=op.f('uq_shelves_warehouse_id_code'))
    )
    op.create_index(op.f('ix_shelves_area_id'), 'shelves', ['area_id'], unique=False)
    op.create_index(op.f('ix_shelves_warehouse_id'), 'shelves', ['warehouse_id'], unique=False)
    op.create_table('shelf_stock',
    sa.Column('shelf_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('quantity', sa.BigInteger(), server_default='0', nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint('quantity >= 0', name=op.f('ck_shelf_stock_quantity_not_negative')),
    sa.ForeignKeyConstraint(['shelf_id'], ['shelves.id'], name=op.f('fk_shelf_stock_shelf_id_shelves'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_shelf_stock_warehouse_id_warehouses'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('shelf_id', 'sku', name=op.f('pk_shelf_stock'))
    )
    op.create_index('ix_shelf_stock_warehouse_sku', 'shelf_stock', ['warehouse_id', 'sku'], unique=False)
    op.create_table('stock_changes',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('shelf_id', sa.BigInteger(), nullable=True),
    sa.Column('to_shelf_id', sa.BigInteger(), nullable=True),
    sa.Column('movement_type', sa.String(length=32), nullable=False),
    sa.Column('quantity', sa.BigInteger(), nullable=False),
    sa.Column('reason', sa.String(length=200), nullable=True),
    sa.Column('document_no', sa.String(length=64), nullable=True),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('actor_name', sa.String(length=100), nullable=True),
    sa.Column('idempotency_key', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('original_on_hand', sa.BigInteger(), nullable=False),
    sa.Column('change_on_hand', sa.BigInteger(), nullable=False),
    sa.Column('new_on_hand', sa.BigInteger(), nullable=False),
    sa.Column('original_spare', sa.BigInteger(), nullable=False),
    sa.Column('change_spare', sa.BigInteger(), nullable=False),
    sa.Column('new_spare', sa.BigInteger(), nullable=False),
    sa.Column('original_locked', sa.BigInteger(), nullable=False),
    sa.Column('change_locked', sa.BigInteger(), nullable=False),
    sa.Column('new_locked', sa.BigInteger(), nullable=False),
    sa.Column('original_promotion', sa.BigInteger(), nullable=False),
    sa.Column('change_promotion', sa.BigInteger(), nullable=False),
    sa.Column('new_promotion', sa.BigInteger(), nullable=False),
    sa.Column('original_transit', sa.BigInteger(), nullable=False),
    sa.Column('change_transit', sa.BigInteger(), nullable=False),
    sa.Column('new_transit', sa.BigInteger(), nullable=False),
    sa.CheckConstraint("movement_type IN ('package_outbound', 'manual_outbound', 'receive_inbound', 'manual_inbound', 'transfer_inbound', 'transfer_outbound', 'move_shelf', 'defective_good', 'plan_inbound', 'cancel_inbound', 'lock_outbound', 'release_outbound', 'reserve_promotion', 'release_promotion', 'reserve_spare', 'release_spare')", name=op.f('ck_stock_changes_movement_type_valid')),
    sa.CheckConstraint('original_locked + change_locked = new_locked', name=op.f('ck_stock_changes_locked_adds_up')),
    sa.CheckConstraint('original_on_hand + change_on_hand = new_on_hand', name=op.f('ck_stock_changes_on_hand_adds_up')),
    sa.CheckConstraint('original_promotion + change_promotion = new_promotion', name=op.f('ck_stock_changes_promotion_adds_up')),
    sa.CheckConstraint('original_spare + change_spare = new_spare', name=op.f('ck_stock_changes_spare_adds_up')),
    sa.CheckConstraint('original_transit + change_transit = new_transit', name=op.f('ck_stock_changes_transit_adds_up')),
    sa.CheckConstraint('quantity > 0', name=op.f('ck_stock_changes_quantity_positive')),
    sa.ForeignKeyConstraint(['actor_id'], ['users.id'], name=op.f('fk_stock_changes_actor_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['shelf_id'], ['shelves.id'], name=op.f('fk_stock_changes_shelf_id_shelves'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['to_shelf_id'], ['shelves.id'], name=op.f('fk_stock_changes_to_shelf_id_shelves'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_stock_changes_warehouse_id_warehouses'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_changes')),
    sa.UniqueConstraint('idempotency_key', name=op.f('uq_stock_changes_idempotency_key'))
    )
    op.create_index('ix_stock_changes_created_at', 'stock_changes', ['created_at'], unique=False)
    op.create_index(op.f('ix_stock_changes_document_no'), 'stock_changes', ['document_no'], unique=False)
    op.create_index('ix_stock_changes_sku', 'stock_changes', ['sku'], unique=False)
    op.create_index('ix_stock_changes_warehouse_sku', 'stock_changes', ['warehouse_id', 'sku', 'id'], unique=False)
    # The change record is append-only: an UPDATE or DELETE of a row is refused by the database itself, so no code
    # path (nor a hand-typed statement) can make the ledger disagree with what happened.
    op.execute(APPEND_ONLY)


def downgrade() -> None:
    op.execute("DROP TRIGGER stock_changes_append_only ON stock_changes")
    op.execute("DROP FUNCTION stock_changes_refuse_change()")
    op.drop_index('ix_stock_changes_warehouse_sku', table_name='stock_changes')
    op.drop_index('ix_stock_changes_sku', table_name='stock_changes')
    op.drop_index(op.f('ix_stock_changes_document_no'), table_name='stock_changes')
    op.drop_index('ix_stock_changes_created_at', table_name='stock_changes')
    op.drop_table('stock_changes')
    op.drop_index('ix_shelf_stock_warehouse_sku', table_name='shelf_stock')
    op.drop_table('shelf_stock')
    op.drop_index(op.f('ix_shelves_warehouse_id'), table_name='shelves')
    op.drop_index(op.f('ix_shelves_area_id'), table_name='shelves')
    op.drop_table('shelves')
    op.drop_index(op.f('ix_warehouse_areas_warehouse_id'), table_name='warehouse_areas')
    op.drop_table('warehouse_areas')
    op.drop_index(op.f('ix_stock_balances_sku'), table_name='stock_balances')
    op.drop_table('stock_balances')
    op.drop_index(op.f('ix_wms_products_sku'), table_name='wms_products')
    op.drop_index(op.f('ix_wms_products_merchant_id'), table_name='wms_products')
    op.drop_table('wms_products')
    op.drop_index('uq_warehouses_one_default', table_name='warehouses', postgresql_where=sa.text('is_default'))
    op.drop_index(op.f('ix_warehouses_merchant_id'), table_name='warehouses')
    op.drop_table('warehouses')
