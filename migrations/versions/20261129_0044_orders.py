"""channel orders: orders, their lines and timeline partitioned by month of the order time, the keys that stop
duplicates, and the tab counts kept by a trigger

Revision ID: 0044
Revises: 0041
Create Date: 2026-11-29 13:40:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0044'
down_revision: str | None = '0041'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = """
CREATE SEQUENCE orders_id_seq;
CREATE TABLE orders (
    id BIGINT DEFAULT nextval('orders_id_seq') NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    merchant_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL,
    channel VARCHAR(32) NOT NULL,
    country VARCHAR(8) NOT NULL,
    channel_order_no VARCHAR(64) NOT NULL,
    status VARCHAR(16) NOT NULL,
    cause VARCHAR(32),
    rule_id BIGINT,
    rule_name VARCHAR(128),
    buyer_name VARCHAR(255),
    buyer_phone VARCHAR(32),
    buyer_email VARCHAR(254),
    recipient_name VARCHAR(255),
    recipient_phone VARCHAR(32),
    address_line1 VARCHAR(255),
    address_line2 VARCHAR(255),
    city VARCHAR(128),
    province VARCHAR(128),
    postcode VARCHAR(16),
    address_country VARCHAR(8),
    awb VARCHAR(128),
    weight_g INTEGER,
    courier VARCHAR(128),
    invoice_no VARCHAR(128),
    currency VARCHAR(8) NOT NULL,
    shipping_fee NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    insurance NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    subtotal NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    total NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    fulfilment_provider VARCHAR(32),
    warehouse_id BIGINT,
    paid_at TIMESTAMP WITH TIME ZONE,
    channel_updated_at TIMESTAMP WITH TIME ZONE,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    revision INTEGER DEFAULT '0' NOT NULL,
    CONSTRAINT pk_orders PRIMARY KEY (id, ordered_at),
    CONSTRAINT fk_orders_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON DELETE RESTRICT,
    CONSTRAINT fk_orders_shop_id_shops FOREIGN KEY(shop_id) REFERENCES shops (id) ON DELETE RESTRICT,
    CONSTRAINT ck_orders_channel_valid CHECK (channel IN ('SHOPEE_ID', 'TOKOPEDIA_ID', 'BUKALAPAK_ID', 'LAZADA_ID', 'LAZADA_CHOICE', 'BLIBLI_ID', 'SHOPIFY_ID', 'JD_ID', 'JD_V2', 'TIKTOK_ID', 'ZALORA_ID', 'AKULAKU_ID', 'WOO_COMMERCE_ID', 'TIKI_ID', 'MOKA_POS', 'LINE_SHOPPING_TH', 'GINEE_POS', 'MAGENTO', 'MANUAL', 'ALIBABA_CN', 'ALIBABA_INTL_CN')),
    CONSTRAINT ck_orders_country_valid CHECK (country IN ('ID', 'PH', 'CN', 'MY', 'TH', 'VN', 'SG', 'TW', 'US')),
    CONSTRAINT ck_orders_status_valid CHECK (status IN ('PENDING', 'READY', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED')),
    CONSTRAINT ck_orders_cause_valid CHECK (cause IS NULL OR cause IN ('MULTIPLE_EXTERNAL_VARIATIONS', 'NOT_CAUSED_BY_ORDER', 'STOCK_SYNC_NOT_ENABLED', 'PROMOTION_STOCK_NOT_ENABLED', 'ORDER_PULL_DELAY', 'ORDER_RECEIVED_AFTER_PUSH', 'CHANNEL_PUSH_FAILED', 'STOCK_NOT_PUSHED', 'SYNC_DELAY', 'OUT_OF_STOCK', 'INTERCEPTED')),
    CONSTRAINT ck_orders_currency_valid CHECK (currency IN ('IDR', 'CNY', 'USD', 'VND', 'MYR', 'PHP', 'THB', 'SGD')),
    CONSTRAINT ck_orders_fulfilment_provider_valid CHECK (fulfilment_provider IS NULL OR fulfilment_provider IN ('GINEE_WMS', 'FASTOCK', 'LAZADA_FULFILLMENT', 'JNE_FULFILLMENT', 'KEEPPACK', 'TOKO_CABANG', 'JD_FULFILLMENT', 'J_AND_T', 'YH_GLOBAL', 'FIRST_LINE', 'ECCANG', 'STOKU', 'FLEXOFAST', 'OTHER')),
    CONSTRAINT ck_orders_abnormal_cause CHECK ((status = 'ABNORMAL') = (cause IS NOT NULL)),
    CONSTRAINT ck_orders_intercepted_rule CHECK ((cause = 'INTERCEPTED') = (rule_id IS NOT NULL) AND (rule_id IS NULL) = (rule_name IS NULL)),
    CONSTRAINT ck_orders_weight_not_negative CHECK (weight_g IS NULL OR weight_g >= 0),
    CONSTRAINT ck_orders_money_not_negative CHECK (shipping_fee >= 0 AND insurance >= 0 AND subtotal >= 0 AND total >= 0),
    CONSTRAINT ck_orders_revision_not_negative CHECK (revision >= 0)
) PARTITION BY RANGE (ordered_at);
CREATE INDEX ix_orders_channel_order_no ON orders (channel_order_no);
CREATE INDEX ix_orders_merchant_ordered ON orders (merchant_id, ordered_at);
CREATE INDEX ix_orders_ordered ON orders (ordered_at);
CREATE INDEX ix_orders_shop_ordered ON orders (shop_id, ordered_at);
CREATE INDEX ix_orders_status_ordered ON orders (status, ordered_at);
CREATE TABLE order_lines (
    order_id BIGINT NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    line_no SMALLINT NOT NULL,
    sku VARCHAR(100) NOT NULL,
    product_name VARCHAR(255),
    variant VARCHAR(128),
    quantity INTEGER NOT NULL,
    unit_price NUMERIC(18, 2) NOT NULL,
    CONSTRAINT pk_order_lines PRIMARY KEY (order_id, ordered_at, line_no),
    CONSTRAINT fk_order_lines_order_id_orders FOREIGN KEY(order_id, ordered_at) REFERENCES orders (id, ordered_at) ON DELETE CASCADE,
    CONSTRAINT ck_order_lines_quantity_positive CHECK (quantity > 0),
    CONSTRAINT ck_order_lines_unit_price_not_negative CHECK (unit_price >= 0),
    CONSTRAINT ck_order_lines_line_no_positive CHECK (line_no > 0)
) PARTITION BY RANGE (ordered_at);
CREATE TABLE order_keys (
    shop_id BIGINT NOT NULL,
    channel_order_no VARCHAR(64) NOT NULL,
    order_id BIGINT NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_order_keys PRIMARY KEY (shop_id, channel_order_no),
    CONSTRAINT uq_order_keys_order_id UNIQUE (order_id)
);
CREATE TABLE order_events (
    order_id BIGINT NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    revision INTEGER NOT NULL,
    at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    kind VARCHAR(16) NOT NULL,
    from_status VARCHAR(16),
    to_status VARCHAR(16) NOT NULL,
    cause VARCHAR(32),
    rule_name VARCHAR(128),
    actor_id INTEGER,
    actor_name VARCHAR(64),
    note VARCHAR(500),
    CONSTRAINT pk_order_events PRIMARY KEY (order_id, ordered_at, revision),
    CONSTRAINT fk_order_events_order_id_orders FOREIGN KEY(order_id, ordered_at) REFERENCES orders (id, ordered_at) ON DELETE CASCADE,
    CONSTRAINT ck_order_events_kind_valid CHECK (kind IN ('CREATED', 'CHANNEL_UPDATE', 'ACCEPT', 'SHIP', 'COMPLETE', 'CANCEL', 'HOLD', 'RELEASE')),
    CONSTRAINT ck_order_events_from_status_valid CHECK (from_status IS NULL OR from_status IN ('PENDING', 'READY', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED')),
    CONSTRAINT ck_order_events_to_status_valid CHECK (to_status IN ('PENDING', 'READY', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED')),
    CONSTRAINT ck_order_events_cause_valid CHECK (cause IS NULL OR cause IN ('MULTIPLE_EXTERNAL_VARIATIONS', 'NOT_CAUSED_BY_ORDER', 'STOCK_SYNC_NOT_ENABLED', 'PROMOTION_STOCK_NOT_ENABLED', 'ORDER_PULL_DELAY', 'ORDER_RECEIVED_AFTER_PUSH', 'CHANNEL_PUSH_FAILED', 'STOCK_NOT_PUSHED', 'SYNC_DELAY', 'OUT_OF_STOCK', 'INTERCEPTED'))
) PARTITION BY RANGE (ordered_at);
CREATE TABLE order_counts (
    merchant_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL,
    channel VARCHAR(32) NOT NULL,
    status VARCHAR(16) NOT NULL,
    grain VARCHAR(1) NOT NULL,
    bucket TIMESTAMP WITH TIME ZONE NOT NULL,
    n BIGINT NOT NULL,
    CONSTRAINT pk_order_counts PRIMARY KEY (merchant_id, shop_id, channel, status, grain, bucket),
    CONSTRAINT ck_order_counts_grain_valid CHECK (grain IN ('H', 'D')),
    CONSTRAINT ck_order_counts_n_not_negative CHECK (n >= 0)
);
CREATE INDEX ix_order_counts_total ON order_counts (grain, bucket) WHERE merchant_id = 0;
CREATE TABLE order_count_deltas (
    id BIGSERIAL NOT NULL,
    merchant_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL,
    channel VARCHAR(32) NOT NULL,
    status VARCHAR(16) NOT NULL,
    hour TIMESTAMP WITH TIME ZONE NOT NULL,
    delta SMALLINT NOT NULL,
    CONSTRAINT pk_order_count_deltas PRIMARY KEY (id)
);
"""

# One month of the three partitioned tables; bounds in UTC whatever the session's time zone.
ADD_MONTH = """
CREATE FUNCTION orders_add_month(month date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    lo date := date_trunc('month', month)::date;
    hi date := (date_trunc('month', month) + interval '1 month')::date;
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['orders', 'order_lines', 'order_events'] LOOP
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                       t || '_' || to_char(lo, 'YYYYMM'), t,
                       lo::timestamp AT TIME ZONE 'UTC', hi::timestamp AT TIME ZONE 'UTC');
    END LOOP;
END $$;
"""

# Every insert, status change and delete of an order writes its +1 / -1 (insert only: nothing is locked).
COUNT = """
CREATE FUNCTION orders_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.status = OLD.status THEN
            RETURN NULL;
        END IF;
        INSERT INTO order_count_deltas (merchant_id, shop_id, channel, status, hour, delta) VALUES
            (OLD.merchant_id, OLD.shop_id, OLD.channel, OLD.status, date_trunc('hour', OLD.ordered_at, 'UTC'), -1),
            (NEW.merchant_id, NEW.shop_id, NEW.channel, NEW.status, date_trunc('hour', NEW.ordered_at, 'UTC'), 1);
    ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO order_count_deltas (merchant_id, shop_id, channel, status, hour, delta) VALUES
            (NEW.merchant_id, NEW.shop_id, NEW.channel, NEW.status, date_trunc('hour', NEW.ordered_at, 'UTC'), 1);
    ELSE
        INSERT INTO order_count_deltas (merchant_id, shop_id, channel, status, hour, delta) VALUES
            (OLD.merchant_id, OLD.shop_id, OLD.channel, OLD.status, date_trunc('hour', OLD.ordered_at, 'UTC'), -1);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER orders_count AFTER INSERT OR UPDATE OF status OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_count();
"""

# The deltas move into the counts by merchant and shop and for all merchants (0, 0), by UTC hour and day. One
# fold at a time (a second returns at once); the counts rows are written in key order.
FOLD = """
CREATE FUNCTION order_counts_fold() RETURNS bigint LANGUAGE plpgsql AS $$
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
    )
    INSERT INTO order_counts AS c (merchant_id, shop_id, channel, status, grain, bucket, n)
    SELECT merchant_id, shop_id, channel, status, grain, bucket, sum(delta)
      FROM grains GROUP BY merchant_id, shop_id, channel, status, grain, bucket HAVING sum(delta) <> 0
     ORDER BY merchant_id, shop_id, channel, status, grain, bucket
    ON CONFLICT (merchant_id, shop_id, channel, status, grain, bucket) DO UPDATE SET n = c.n + excluded.n;
    GET DIAGNOSTICS folded = ROW_COUNT;
    RETURN folded;
END $$;
"""

DEFAULTS = """
CREATE TABLE orders_default PARTITION OF orders DEFAULT;
CREATE TABLE order_lines_default PARTITION OF order_lines DEFAULT;
CREATE TABLE order_events_default PARTITION OF order_events DEFAULT;
"""
# 2025-01 to 2028-12; later months are added ahead of time by services/orders (orders_add_month)
MONTHS = "SELECT orders_add_month(m::date) FROM generate_series(date '2025-01-01', date '2028-12-01', interval '1 month') m"


def upgrade() -> None:
    op.execute(TABLES)
    op.execute(DEFAULTS)
    op.execute(ADD_MONTH)
    op.execute(MONTHS)
    op.execute(COUNT)
    op.execute(FOLD)


def downgrade() -> None:
    op.execute("DROP TABLE order_events, order_lines, order_keys, order_counts, order_count_deltas, orders CASCADE")
    op.execute("DROP FUNCTION order_counts_fold(), orders_count(), orders_add_month(date)")
    op.execute("DROP SEQUENCE orders_id_seq")
