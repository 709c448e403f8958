"""goods: channel products and their variations mapped to master SKUs; local goods and goods history views

Revision ID: 0049
Revises: 0042
Create Date: 2026-11-29 13:45:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0049'
down_revision: str | None = '0042'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LISTING = ("'IN_PROCESS', 'LIVE', 'SOLD_OUT', 'BANNED', 'DISABLED', 'DRAFT', 'DELETED', 'PUBLISH_FAILED', "
           "'UNPUBLISHED'")
MAPPING = "'MAPPED', 'PARTLY', 'UNMAPPED'"
CHANNELS = ("'SHOPEE_ID', 'TOKOPEDIA_ID', 'BUKALAPAK_ID', 'LAZADA_ID', 'LAZADA_CHOICE', 'BLIBLI_ID', 'SHOPIFY_ID', "
            "'JD_ID', 'JD_V2', 'TIKTOK_ID', 'ZALORA_ID', 'AKULAKU_ID', 'WOO_COMMERCE_ID', 'TIKI_ID', 'MOKA_POS', "
            "'LINE_SHOPPING_TH', 'GINEE_POS', 'MAGENTO', 'MANUAL', 'ALIBABA_CN', 'ALIBABA_INTL_CN'")

MASTER_PRODUCTS = """
CREATE VIEW goods_master_products AS
SELECT p.id, p.merchant_id, p.sku, p.name, p.variant, p.category, p.weight_g, p.length_cm, p.width_cm, p.height_cm,
       p.remark, s.on_hand, s.locked, s.available, s.warehouse_count,
       EXISTS (SELECT 1 FROM stock_locks l WHERE l.merchant_id = p.merchant_id AND l.sku = p.sku) AS stock_locked,
       (SELECT count(*)::int FROM channel_product_variations v
         WHERE v.merchant_id = p.merchant_id AND v.master_sku = p.sku) AS channel_variations,
       p.created_at, p.updated_at
  FROM wms_products p
  CROSS JOIN LATERAL (
       SELECT coalesce(sum(b.on_hand), 0)::bigint AS on_hand, coalesce(sum(b.locked), 0)::bigint AS locked,
              coalesce(sum(b.available), 0)::bigint AS available, count(b.sku)::int AS warehouse_count
         FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id
        WHERE b.sku = p.sku AND w.merchant_id = p.merchant_id) s
"""
# a change's product id: only a numeric entity id is cast (CASE keeps the cast from other entities' ids)
GOODS_HISTORY = """
CREATE VIEW goods_history AS
SELECT c.id, c.at, c.operator_name, c.entity, k.product_id, c.action, c.changes,
       coalesce(cp.merchant_id, wp.merchant_id, (CASE WHEN c.changes -> 'merchant_id' ->> 'before' ~ '^[0-9]+$'
                THEN (c.changes -> 'merchant_id' ->> 'before')::bigint END)) AS merchant_id,
       cp.shop_id, coalesce(cp.channel_item_id, wp.sku, c.changes -> 'sku' ->> 'before') AS code,
       coalesce(cp.name, wp.name, c.changes -> 'name' ->> 'before') AS name
  FROM entity_changes c
  CROSS JOIN LATERAL (SELECT CASE WHEN c.entity_id ~ '^[0-9]{1,18}$' THEN c.entity_id::bigint END AS product_id) k
  LEFT JOIN channel_products cp ON c.entity = 'ChannelProduct' AND cp.id = k.product_id
  LEFT JOIN wms_products wp ON c.entity = 'WmsProduct' AND wp.id = k.product_id
 WHERE c.entity IN ('ChannelProduct', 'WmsProduct')
"""


def upgrade() -> None:
    op.create_unique_constraint("uq_shops_id_merchant_id", "shops", ["id", "merchant_id"])
    op.create_table(
        "channel_products",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("merchant_id", sa.BigInteger(), nullable=False),
        sa.Column("shop_id", sa.BigInteger(), nullable=False),
        sa.Column("channel", sa.String(32), nullable=False),
        sa.Column("channel_item_id", sa.String(100), nullable=False),
        sa.Column("name", sa.String(300), nullable=False),
        sa.Column("category", sa.String(200), nullable=True),
        sa.Column("listing_state", sa.String(16), nullable=False),
        sa.Column("mapping_status", sa.String(8), nullable=False),
        sa.Column("last_synced_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(["merchant_id"], ["merchants.id"], ondelete="RESTRICT",
                                name="fk_channel_products_merchant_id_merchants"),
        sa.ForeignKeyConstraint(["shop_id", "merchant_id"], ["shops.id", "shops.merchant_id"], ondelete="RESTRICT",
                                name="fk_channel_products_shop_of_merchant"),
        sa.UniqueConstraint("shop_id", "channel_item_id", name="uq_channel_products_shop_id_channel_item_id"),
        sa.UniqueConstraint("id", "merchant_id", name="uq_channel_products_id_merchant_id"),
        sa.CheckConstraint("listing_state IN (" + LISTING + ")", name="ck_channel_products_listing_state_valid"),
        sa.CheckConstraint("mapping_status IN (" + MAPPING + ")", name="ck_channel_products_mapping_status_valid"),
        sa.CheckConstraint("channel IN (" + CHANNELS + ")", name="ck_channel_products_channel_valid"),
    )
    op.create_index("ix_channel_products_merchant_state", "channel_products", ["merchant_id", "listing_state", "id"])
    op.create_index("ix_channel_products_shop_state", "channel_products", ["shop_id", "listing_state", "id"])
    op.create_index("ix_channel_products_name_trgm", "channel_products", ["name"], postgresql_using="gin",
                    postgresql_ops={"name": "gin_trgm_ops"})
    op.create_table(
        "channel_product_variations",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column("channel_product_id", sa.BigInteger(), nullable=False),
        sa.Column("merchant_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_variation_id", sa.String(100), nullable=False),
        sa.Column("channel_sku", sa.String(100), nullable=False),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("price", sa.Numeric(14, 2), nullable=False),
        sa.Column("stock", sa.BigInteger(), nullable=False),
        sa.Column("master_sku", sa.String(100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(["channel_product_id", "merchant_id"],
                                ["channel_products.id", "channel_products.merchant_id"], ondelete="CASCADE",
                                name="fk_channel_product_variations_product"),
        sa.ForeignKeyConstraint(["merchant_id", "master_sku"], ["wms_products.merchant_id", "wms_products.sku"],
                                onupdate="CASCADE", ondelete="RESTRICT", name="fk_channel_product_variations_master"),
        sa.UniqueConstraint("channel_product_id", "channel_sku", name="uq_channel_product_variations_product_sku"),
        sa.UniqueConstraint("channel_product_id", "channel_variation_id",
                            name="uq_channel_product_variations_product_variation"),
        sa.CheckConstraint("price >= 0", name="ck_channel_product_variations_price_not_negative"),
        sa.CheckConstraint("stock >= 0", name="ck_channel_product_variations_stock_not_negative"),
    )
    op.create_index("ix_channel_product_variations_master", "channel_product_variations",
                    ["merchant_id", "master_sku"])
    op.create_index("ix_channel_product_variations_sku", "channel_product_variations", ["channel_sku"])
    # goods history pages the trail of two entities newest first
    op.create_index("ix_entity_changes_entity_id", "entity_changes", ["entity", "id"])
    op.execute(MASTER_PRODUCTS)
    op.execute(GOODS_HISTORY)


def downgrade() -> None:
    op.execute("DROP VIEW goods_history")
    op.execute("DROP VIEW goods_master_products")
    op.drop_index("ix_entity_changes_entity_id", table_name="entity_changes")
    op.drop_table("channel_product_variations")
    op.drop_table("channel_products")
    op.drop_constraint("uq_shops_id_merchant_id", "shops", type_="unique")
