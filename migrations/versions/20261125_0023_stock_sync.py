"""stock sync: store-warehouse bindings, lock and promotion switches, stock events, push history, and the read
views of balances, inventory and stock flow by merchant

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-25 05:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0023'
down_revision: str | None = '0022'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNELS = ("SHOPEE_ID", "TOKOPEDIA_ID", "BUKALAPAK_ID", "LAZADA_ID", "LAZADA_CHOICE", "BLIBLI_ID", "SHOPIFY_ID",
            "JD_ID", "JD_V2", "TIKTOK_ID", "ZALORA_ID", "AKULAKU_ID", "WOO_COMMERCE_ID", "TIKI_ID", "MOKA_POS",
            "LINE_SHOPPING_TH", "GINEE_POS", "MAGENTO", "MANUAL", "ALIBABA_CN", "ALIBABA_INTL_CN")
COUNTRIES = ("ID", "PH", "CN", "MY", "TH", "VN", "SG", "TW", "US")
CAUSES = ("MULTIPLE_EXTERNAL_VARIATIONS", "NOT_CAUSED_BY_ORDER", "STOCK_SYNC_NOT_ENABLED",
          "PROMOTION_STOCK_NOT_ENABLED", "ORDER_PULL_DELAY", "ORDER_RECEIVED_AFTER_PUSH", "CHANNEL_PUSH_FAILED",
          "STOCK_NOT_PUSHED", "SYNC_DELAY")


# A balance row has no id of its own (its key is warehouse and sku): the list's row id is its latest change
# record's, found through the (warehouse_id, sku, id) index of the change records.
LATEST_CHANGE = ("(SELECT max(c.id) FROM stock_changes c WHERE c.warehouse_id = b.warehouse_id AND c.sku = b.sku)")
VIEWS = {
    "stock_sync_balances": f"""
        SELECT coalesce({LATEST_CHANGE}, 0) AS id, w.merchant_id, b.warehouse_id, w.name AS warehouse_name, b.sku,
               b.on_hand, b.spare, b.locked, b.promotion, b.transit, b.available, b.updated_at
        FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id""",
    "stock_sync_inventory": f"""
        SELECT coalesce(max({LATEST_CHANGE}), 0) AS id, w.merchant_id, b.sku, count(*)::int AS warehouse_count,
               sum(b.on_hand)::bigint AS existing, sum(b.locked)::bigint AS locked,
               sum(b.available)::bigint AS available
        FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id GROUP BY w.merchant_id, b.sku""",
    "stock_sync_flow": """
        SELECT c.id, w.merchant_id, c.warehouse_id, w.name AS warehouse_name, c.sku,
               'SF' || lpad(c.id::text, 10, '0') AS transaction_no, c.document_no AS erp_order_no,
               NULL::varchar(64) AS channel_order_no, c.movement_type, c.original_on_hand AS original,
               c.change_on_hand AS movement, c.new_on_hand AS new, c.created_at
        FROM stock_changes c JOIN warehouses w ON w.id = c.warehouse_id""",
}


def upgrade() -> None:
    op.create_table('stock_sync_bindings',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('warehouse_id', sa.BigInteger(), nullable=False),
    sa.Column('sync_enabled', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_stock_sync_bindings_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_stock_sync_bindings_shop_id_shops'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['warehouse_id'], ['warehouses.id'], name=op.f('fk_stock_sync_bindings_warehouse_id_warehouses'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_sync_bindings')),
    sa.UniqueConstraint('shop_id', 'warehouse_id', name=op.f('uq_stock_sync_bindings_shop_id_warehouse_id'))
    )
    op.create_index(op.f('ix_stock_sync_bindings_merchant_id'), 'stock_sync_bindings', ['merchant_id'])
    op.create_index(op.f('ix_stock_sync_bindings_warehouse_id'), 'stock_sync_bindings', ['warehouse_id'])
    op.create_index(op.f('ix_stock_sync_bindings_shop_id'), 'stock_sync_bindings', ['shop_id'])
    op.create_table('stock_sync_settings',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('lock_stock', sa.Boolean(), nullable=False),
    sa.Column('promotion_stock', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_stock_sync_settings_merchant_id_merchants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_sync_settings')),
    sa.UniqueConstraint('merchant_id', name=op.f('uq_stock_sync_settings_merchant_id'))
    )
    op.create_table('stock_sync_events',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('result', sa.String(length=16), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=True),
    sa.Column('country', sa.String(length=8), nullable=True),
    sa.Column('channel', sa.String(length=32), nullable=True),
    sa.Column('skus', postgresql.ARRAY(sa.String(length=100)), nullable=False),
    sa.Column('switched_on', sa.Boolean(), nullable=True),
    sa.Column('sku_count', sa.Integer(), nullable=False),
    sa.Column('exception_count', sa.Integer(), nullable=False),
    sa.Column('message', sa.String(length=500), nullable=True),
    sa.Column('operator_id', sa.Integer(), nullable=True),
    sa.Column('operator_name', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint("kind IN ('SYNC', 'FIX', 'LOCK_STOCK', 'PROMOTION_STOCK')", name=op.f('ck_stock_sync_events_kind_valid')),
    sa.CheckConstraint("result IN ('PROCESSING', 'SUCCEEDED', 'FAILED')", name=op.f('ck_stock_sync_events_result_valid')),
    sa.CheckConstraint(f"channel IS NULL OR channel IN ({', '.join(repr(c) for c in CHANNELS)})", name=op.f('ck_stock_sync_events_channel_valid')),
    sa.CheckConstraint(f"country IS NULL OR country IN ({', '.join(repr(c) for c in COUNTRIES)})", name=op.f('ck_stock_sync_events_country_valid')),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_stock_sync_events_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_stock_sync_events_shop_id_shops'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['operator_id'], ['users.id'], name=op.f('fk_stock_sync_events_operator_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_sync_events'))
    )
    op.create_index(op.f('ix_stock_sync_events_kind'), 'stock_sync_events', ['kind'])
    op.create_index(op.f('ix_stock_sync_events_created_at'), 'stock_sync_events', ['created_at'])
    op.create_index('ix_stock_sync_events_merchant_id_id', 'stock_sync_events', ['merchant_id', 'id'])
    op.create_table('stock_sync_pushes',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('event_id', sa.BigInteger(), nullable=False),
    sa.Column('merchant_id', sa.BigInteger(), nullable=False),
    sa.Column('shop_id', sa.BigInteger(), nullable=False),
    sa.Column('channel', sa.String(length=32), nullable=False),
    sa.Column('sku', sa.String(length=100), nullable=False),
    sa.Column('available', sa.Integer(), nullable=False),
    sa.Column('promotion', sa.Integer(), nullable=False),
    sa.Column('quantity', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('cause', sa.String(length=32), nullable=True),
    sa.Column('pushed_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.CheckConstraint("status IN ('NOT_PUSHED', 'PUSHING', 'PUSH_FAILED', 'COMPLETE')", name=op.f('ck_stock_sync_pushes_status_valid')),
    sa.CheckConstraint(f"cause IS NULL OR cause IN ({', '.join(repr(c) for c in CAUSES)})", name=op.f('ck_stock_sync_pushes_cause_valid')),
    sa.CheckConstraint(f"channel IN ({', '.join(repr(c) for c in CHANNELS)})", name=op.f('ck_stock_sync_pushes_channel_valid')),
    sa.ForeignKeyConstraint(['event_id'], ['stock_sync_events.id'], name=op.f('fk_stock_sync_pushes_event_id_stock_sync_events'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['merchant_id'], ['merchants.id'], name=op.f('fk_stock_sync_pushes_merchant_id_merchants'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], name=op.f('fk_stock_sync_pushes_shop_id_shops'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stock_sync_pushes')),
    sa.UniqueConstraint('event_id', 'sku', name=op.f('uq_stock_sync_pushes_event_id_sku'))
    )
    op.create_index(op.f('ix_stock_sync_pushes_shop_id'), 'stock_sync_pushes', ['shop_id'])
    op.create_index(op.f('ix_stock_sync_pushes_sku'), 'stock_sync_pushes', ['sku'])
    op.create_index('ix_stock_sync_pushes_merchant_id_id', 'stock_sync_pushes', ['merchant_id', 'id'])
    op.create_index('ix_stock_sync_pushes_cause', 'stock_sync_pushes', ['cause'],
                    postgresql_where=sa.text('cause IS NOT NULL'))
    for name, query in VIEWS.items():
        op.execute(f"CREATE VIEW {name} AS {query}")


def downgrade() -> None:
    for name in VIEWS:
        op.execute(f"DROP VIEW {name}")
    op.drop_table('stock_sync_pushes')
    op.drop_table('stock_sync_events')
    op.drop_table('stock_sync_settings')
    op.drop_table('stock_sync_bindings')
