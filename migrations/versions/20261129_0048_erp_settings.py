"""ERP settings of a merchant: basic, product, order, stock and shipping settings (one row per merchant and
kind), basic, order, shipping and logistics templates, and the stock push rule of each store

Revision ID: 0048
Revises: 0041
Create Date: 2026-11-29 13:45:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0048'
down_revision: str | None = '0041'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ['erp_basic_settings', 'erp_product_settings', 'erp_order_settings', 'erp_stock_settings', 'erp_shipping_settings', 'erp_templates', 'erp_logistics_templates', 'erp_push_rules']

CREATE = (
    """
CREATE TABLE erp_basic_settings (
    merchant_id BIGINT NOT NULL,
    default_warehouse_id BIGINT,
    time_zone VARCHAR(64) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    order_no_prefix VARCHAR(8) NOT NULL,
    low_stock_threshold INTEGER NOT NULL,
    mask_sensitive_info BOOLEAN NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_basic_settings PRIMARY KEY (id),
    CONSTRAINT ck_erp_basic_settings_currency_valid CHECK (currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')),
    CONSTRAINT ck_erp_basic_settings_order_no_prefix_format CHECK (order_no_prefix ~ '^[A-Z0-9]{0,8}$'),
    CONSTRAINT ck_erp_basic_settings_low_stock_threshold_range CHECK (low_stock_threshold BETWEEN 0 AND 1000000),
    CONSTRAINT uq_erp_basic_settings_merchant_id UNIQUE (merchant_id),
    CONSTRAINT fk_erp_basic_settings_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE,
    CONSTRAINT fk_erp_basic_settings_default_warehouse_id_warehouses FOREIGN KEY(default_warehouse_id) REFERENCES warehouses (id) ON DELETE SET NULL
)
""",
    """
CREATE TABLE erp_product_settings (
    merchant_id BIGINT NOT NULL,
    master_product_mode VARCHAR(16) NOT NULL,
    sku_rule VARCHAR(24) NOT NULL,
    sku_max_length INTEGER NOT NULL,
    sku_uppercase BOOLEAN NOT NULL,
    auto_create_master BOOLEAN NOT NULL,
    auto_bind_by_sku BOOLEAN NOT NULL,
    sync_price BOOLEAN NOT NULL,
    price_alert_percent INTEGER NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_product_settings PRIMARY KEY (id),
    CONSTRAINT ck_erp_product_settings_master_product_mode_valid CHECK (master_product_mode IN ('MATCH_BY_SKU', 'MANUAL_BIND')),
    CONSTRAINT ck_erp_product_settings_sku_rule_valid CHECK (sku_rule IN ('ANY', 'LETTERS_DIGITS', 'LETTERS_DIGITS_DASH')),
    CONSTRAINT ck_erp_product_settings_sku_max_length_range CHECK (sku_max_length BETWEEN 1 AND 100),
    CONSTRAINT ck_erp_product_settings_price_alert_percent_range CHECK (price_alert_percent BETWEEN 0 AND 100),
    CONSTRAINT ck_erp_product_settings_manual_bind CHECK (master_product_mode = 'MATCH_BY_SKU' OR NOT auto_bind_by_sku),
    CONSTRAINT uq_erp_product_settings_merchant_id UNIQUE (merchant_id),
    CONSTRAINT fk_erp_product_settings_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE
)
""",
    """
CREATE TABLE erp_order_settings (
    merchant_id BIGINT NOT NULL,
    auto_accept BOOLEAN NOT NULL,
    auto_accept_delay_minutes INTEGER NOT NULL,
    auto_merge BOOLEAN NOT NULL,
    merge_window_minutes INTEGER NOT NULL,
    split_rule VARCHAR(16) NOT NULL,
    reserve_on VARCHAR(16) NOT NULL,
    hold_minutes INTEGER NOT NULL,
    auto_cancel_unpaid_hours INTEGER NOT NULL,
    max_lines_per_package INTEGER NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_order_settings PRIMARY KEY (id),
    CONSTRAINT ck_erp_order_settings_split_rule_valid CHECK (split_rule IN ('NO_SPLIT', 'BY_WAREHOUSE', 'BY_STOCK', 'BY_LINE')),
    CONSTRAINT ck_erp_order_settings_reserve_on_valid CHECK (reserve_on IN ('CREATED', 'PAID', 'ACCEPTED')),
    CONSTRAINT ck_erp_order_settings_auto_accept_delay_minutes_range CHECK (auto_accept_delay_minutes BETWEEN 0 AND 1440),
    CONSTRAINT ck_erp_order_settings_merge_window_minutes_range CHECK (merge_window_minutes BETWEEN 0 AND 1440),
    CONSTRAINT ck_erp_order_settings_hold_minutes_range CHECK (hold_minutes BETWEEN 0 AND 10080),
    CONSTRAINT ck_erp_order_settings_auto_cancel_unpaid_hours_range CHECK (auto_cancel_unpaid_hours BETWEEN 1 AND 720),
    CONSTRAINT ck_erp_order_settings_max_lines_per_package_range CHECK (max_lines_per_package BETWEEN 1 AND 500),
    CONSTRAINT ck_erp_order_settings_delay_needs_auto_accept CHECK (auto_accept OR auto_accept_delay_minutes = 0),
    CONSTRAINT ck_erp_order_settings_merge_window CHECK (NOT auto_merge OR merge_window_minutes >= 1),
    CONSTRAINT uq_erp_order_settings_merchant_id UNIQUE (merchant_id),
    CONSTRAINT fk_erp_order_settings_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE
)
""",
    """
CREATE TABLE erp_stock_settings (
    merchant_id BIGINT NOT NULL,
    sync_enabled BOOLEAN NOT NULL,
    sync_interval_minutes INTEGER NOT NULL,
    push_ratio_percent INTEGER NOT NULL,
    safety_stock INTEGER NOT NULL,
    promotion_reserve_percent INTEGER NOT NULL,
    oversell_protection BOOLEAN NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_stock_settings PRIMARY KEY (id),
    CONSTRAINT ck_erp_stock_settings_sync_interval_minutes_range CHECK (sync_interval_minutes BETWEEN 5 AND 1440),
    CONSTRAINT ck_erp_stock_settings_push_ratio_percent_range CHECK (push_ratio_percent BETWEEN 0 AND 100),
    CONSTRAINT ck_erp_stock_settings_safety_stock_range CHECK (safety_stock BETWEEN 0 AND 1000000),
    CONSTRAINT ck_erp_stock_settings_promotion_reserve_percent_range CHECK (promotion_reserve_percent BETWEEN 0 AND 100),
    CONSTRAINT ck_erp_stock_settings_shares CHECK (push_ratio_percent + promotion_reserve_percent <= 100),
    CONSTRAINT uq_erp_stock_settings_merchant_id UNIQUE (merchant_id),
    CONSTRAINT fk_erp_stock_settings_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE
)
""",
    """
CREATE TABLE erp_shipping_settings (
    merchant_id BIGINT NOT NULL,
    default_courier_id INTEGER,
    label_size VARCHAR(16) NOT NULL,
    handover_mode VARCHAR(16) NOT NULL,
    pickup_start_hour INTEGER NOT NULL,
    pickup_end_hour INTEGER NOT NULL,
    auto_print_label BOOLEAN NOT NULL,
    ship_within_hours INTEGER NOT NULL,
    default_package_weight_g INTEGER NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_shipping_settings PRIMARY KEY (id),
    CONSTRAINT ck_erp_shipping_settings_label_size_valid CHECK (label_size IN ('A4', 'A5', 'A6', 'SIZE_100X100', 'SIZE_100X150', 'SIZE_76X130')),
    CONSTRAINT ck_erp_shipping_settings_handover_mode_valid CHECK (handover_mode IN ('PICKUP', 'DROP_OFF')),
    CONSTRAINT ck_erp_shipping_settings_pickup_start_hour_range CHECK (pickup_start_hour BETWEEN 0 AND 23),
    CONSTRAINT ck_erp_shipping_settings_pickup_end_hour_range CHECK (pickup_end_hour BETWEEN 1 AND 24),
    CONSTRAINT ck_erp_shipping_settings_ship_within_hours_range CHECK (ship_within_hours BETWEEN 1 AND 168),
    CONSTRAINT ck_erp_shipping_settings_default_package_weight_g_range CHECK (default_package_weight_g BETWEEN 1 AND 100000),
    CONSTRAINT ck_erp_shipping_settings_pickup_window CHECK (handover_mode <> 'PICKUP' OR pickup_start_hour < pickup_end_hour),
    CONSTRAINT uq_erp_shipping_settings_merchant_id UNIQUE (merchant_id),
    CONSTRAINT fk_erp_shipping_settings_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE,
    CONSTRAINT fk_erp_shipping_settings_default_courier_id_couriers FOREIGN KEY(default_courier_id) REFERENCES couriers (id) ON DELETE SET NULL
)
""",
    """
CREATE TABLE erp_templates (
    merchant_id BIGINT NOT NULL,
    kind VARCHAR(16) NOT NULL,
    name VARCHAR(50) NOT NULL,
    paper_size VARCHAR(16) NOT NULL,
    fields VARCHAR(24)[] NOT NULL,
    is_default BOOLEAN NOT NULL,
    remark VARCHAR(200),
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_templates PRIMARY KEY (id),
    CONSTRAINT uq_erp_templates_merchant_id_kind_name UNIQUE (merchant_id, kind, name),
    CONSTRAINT ck_erp_templates_kind_valid CHECK (kind IN ('BASIC', 'ORDER', 'SHIPPING')),
    CONSTRAINT ck_erp_templates_paper_size_valid CHECK (paper_size IN ('A4', 'A5', 'A6', 'SIZE_100X100', 'SIZE_100X150', 'SIZE_76X130')),
    CONSTRAINT ck_erp_templates_fields_count CHECK (cardinality(fields) BETWEEN 1 AND 18),
    CONSTRAINT fk_erp_templates_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE
)
""",
    """
CREATE INDEX ix_erp_templates_merchant_id ON erp_templates (merchant_id)
""",
    """
CREATE UNIQUE INDEX uq_erp_templates_default ON erp_templates (merchant_id, kind) WHERE is_default
""",
    """
CREATE TABLE erp_logistics_templates (
    merchant_id BIGINT NOT NULL,
    name VARCHAR(50) NOT NULL,
    channel VARCHAR(32) NOT NULL,
    courier_id INTEGER NOT NULL,
    warehouse_id BIGINT,
    is_default BOOLEAN NOT NULL,
    remark VARCHAR(200),
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_logistics_templates PRIMARY KEY (id),
    CONSTRAINT uq_erp_logistics_templates_merchant_id_name UNIQUE (merchant_id, name),
    CONSTRAINT ck_erp_logistics_templates_channel_valid CHECK (channel IN ('SHOPEE_ID', 'TOKOPEDIA_ID', 'BUKALAPAK_ID', 'LAZADA_ID', 'LAZADA_CHOICE', 'BLIBLI_ID', 'SHOPIFY_ID', 'JD_ID', 'JD_V2', 'TIKTOK_ID', 'ZALORA_ID', 'AKULAKU_ID', 'WOO_COMMERCE_ID', 'TIKI_ID', 'MOKA_POS', 'LINE_SHOPPING_TH', 'GINEE_POS', 'MAGENTO', 'MANUAL', 'ALIBABA_CN', 'ALIBABA_INTL_CN')),
    CONSTRAINT fk_erp_logistics_templates_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE,
    CONSTRAINT fk_erp_logistics_templates_courier_id_couriers FOREIGN KEY(courier_id) REFERENCES couriers (id) ON DELETE RESTRICT,
    CONSTRAINT fk_erp_logistics_templates_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses (id) ON DELETE SET NULL
)
""",
    """
CREATE INDEX ix_erp_logistics_templates_merchant_id ON erp_logistics_templates (merchant_id)
""",
    """
CREATE UNIQUE INDEX uq_erp_logistics_templates_default ON erp_logistics_templates (merchant_id, channel) WHERE is_default
""",
    """
CREATE TABLE erp_push_rules (
    merchant_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL,
    mode VARCHAR(8) NOT NULL,
    ratio_percent INTEGER,
    fixed_quantity INTEGER,
    safety_stock INTEGER NOT NULL,
    enabled BOOLEAN NOT NULL,
    id BIGSERIAL NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_erp_push_rules PRIMARY KEY (id),
    CONSTRAINT ck_erp_push_rules_mode_valid CHECK (mode IN ('RATIO', 'FIXED')),
    CONSTRAINT ck_erp_push_rules_ratio_percent_range CHECK (ratio_percent BETWEEN 0 AND 100),
    CONSTRAINT ck_erp_push_rules_fixed_quantity_range CHECK (fixed_quantity BETWEEN 0 AND 1000000),
    CONSTRAINT ck_erp_push_rules_safety_stock_range CHECK (safety_stock BETWEEN 0 AND 1000000),
    CONSTRAINT ck_erp_push_rules_mode_figure CHECK ((mode = 'RATIO' AND ratio_percent IS NOT NULL AND fixed_quantity IS NULL) OR (mode = 'FIXED' AND fixed_quantity IS NOT NULL AND ratio_percent IS NULL)),
    CONSTRAINT fk_erp_push_rules_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE CASCADE,
    CONSTRAINT uq_erp_push_rules_shop_id UNIQUE (shop_id),
    CONSTRAINT fk_erp_push_rules_shop_id_shops FOREIGN KEY(shop_id) REFERENCES shops (id) ON DELETE CASCADE
)
""",
    """
CREATE INDEX ix_erp_push_rules_merchant_id ON erp_push_rules (merchant_id)
""",
)


def upgrade() -> None:
    for statement in CREATE:
        op.execute(statement)


def downgrade() -> None:
    for table in reversed(TABLES):
        op.drop_table(table)
