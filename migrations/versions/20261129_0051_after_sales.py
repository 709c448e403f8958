"""after-sales: returns of shipped orders, their lines and defects, by-hour tallies, handling-time SLAs, packing
materials and their usage, warehouse content

Revision ID: 0051
Revises: 0046
Create Date: 2026-11-29 17:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0051'
down_revision: str | None = '0046'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("warehouse_contents", "material_usages", "packing_materials", "after_sales_slas", "return_hours",
          "return_defects", "return_lines", "return_orders")

CREATE = (
    """
CREATE TABLE return_orders (
    id BIGSERIAL NOT NULL,
    return_no VARCHAR(32) NOT NULL,
    order_id BIGINT NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    channel_order_no VARCHAR(200) NOT NULL,
    merchant_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL,
    warehouse_id BIGINT NOT NULL,
    status VARCHAR(16) NOT NULL,
    quantity INTEGER NOT NULL,
    good_quantity INTEGER DEFAULT '0' NOT NULL,
    defective_quantity INTEGER DEFAULT '0' NOT NULL,
    refund_amount NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    tracking_no VARCHAR(200),
    note VARCHAR(500),
    reject_reason VARCHAR(500),
    requested_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    in_transit_at TIMESTAMP WITH TIME ZONE,
    received_at TIMESTAMP WITH TIME ZONE,
    inspected_at TIMESTAMP WITH TIME ZONE,
    closed_at TIMESTAMP WITH TIME ZONE,
    due_at TIMESTAMP WITH TIME ZONE,
    late_steps SMALLINT DEFAULT '0' NOT NULL,
    revision INTEGER DEFAULT '0' NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_return_orders PRIMARY KEY (id),
    CONSTRAINT fk_return_orders_orders FOREIGN KEY(order_id, ordered_at) REFERENCES orders (id, ordered_at)
        ON DELETE RESTRICT,
    CONSTRAINT ck_return_orders_status_valid CHECK (status IN ('REQUESTED', 'IN_TRANSIT', 'RECEIVED',
        'INSPECTED', 'RESTOCKED', 'DEFECTIVE', 'REJECTED')),
    CONSTRAINT ck_return_orders_refund_not_negative CHECK (refund_amount >= 0),
    CONSTRAINT ck_return_orders_quantities CHECK (quantity > 0 AND good_quantity >= 0 AND defective_quantity
        >= 0 AND good_quantity + defective_quantity <= quantity),
    CONSTRAINT ck_return_orders_late_steps_not_negative CHECK (late_steps >= 0),
    CONSTRAINT ck_return_orders_received_at_set CHECK ((status IN ('REQUESTED', 'IN_TRANSIT', 'REJECTED')) OR
        received_at IS NOT NULL),
    CONSTRAINT ck_return_orders_inspected_at_set CHECK (status NOT IN ('INSPECTED', 'RESTOCKED', 'DEFECTIVE')
        OR inspected_at IS NOT NULL),
    CONSTRAINT ck_return_orders_closed_at_final CHECK ((status IN ('RESTOCKED', 'DEFECTIVE', 'REJECTED')) =
        (closed_at IS NOT NULL)),
    CONSTRAINT ck_return_orders_due_open CHECK ((status IN ('RESTOCKED', 'DEFECTIVE', 'REJECTED')) = (due_at
        IS NULL)),
    CONSTRAINT ck_return_orders_received_after_requested CHECK (received_at IS NULL OR received_at >= requested_at),
    CONSTRAINT ck_return_orders_inspected_after_received CHECK (inspected_at IS NULL OR inspected_at >= received_at),
    CONSTRAINT uq_return_orders_return_no UNIQUE (return_no),
    CONSTRAINT fk_return_orders_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON
        DELETE RESTRICT,
    CONSTRAINT fk_return_orders_shop_id_shops FOREIGN KEY(shop_id) REFERENCES shops (id) ON DELETE RESTRICT,
    CONSTRAINT fk_return_orders_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses (id)
        ON DELETE RESTRICT
)
""",
    """
CREATE INDEX ix_return_orders_due ON return_orders (due_at) WHERE due_at IS NOT NULL
""",
    """
CREATE INDEX ix_return_orders_warehouse_status ON return_orders (warehouse_id, status)
""",
    """
CREATE INDEX ix_return_orders_order ON return_orders (order_id)
""",
    """
CREATE INDEX ix_return_orders_merchant_requested ON return_orders (merchant_id, requested_at)
""",
    """
CREATE TABLE return_lines (
    return_id BIGINT NOT NULL,
    line_no SMALLINT NOT NULL,
    sku VARCHAR(100) NOT NULL,
    quantity INTEGER NOT NULL,
    reason VARCHAR(32) NOT NULL,
    unit_price NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    good_quantity INTEGER,
    CONSTRAINT pk_return_lines PRIMARY KEY (return_id, line_no),
    CONSTRAINT ck_return_lines_reason_valid CHECK (reason IN ('DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED',
        'SIZE_ISSUE', 'NO_LONGER_NEEDED', 'OTHER')),
    CONSTRAINT ck_return_lines_line_no_positive CHECK (line_no > 0),
    CONSTRAINT ck_return_lines_quantity_positive CHECK (quantity > 0),
    CONSTRAINT ck_return_lines_good_within CHECK (good_quantity IS NULL OR good_quantity BETWEEN 0 AND quantity),
    CONSTRAINT ck_return_lines_unit_price_not_negative CHECK (unit_price >= 0),
    CONSTRAINT fk_return_lines_return_id_return_orders FOREIGN KEY(return_id) REFERENCES return_orders (id)
        ON DELETE CASCADE
)
""",
    """
CREATE TABLE return_defects (
    return_id BIGINT NOT NULL,
    line_no SMALLINT NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    sku VARCHAR(100) NOT NULL,
    quantity INTEGER NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_return_defects PRIMARY KEY (return_id, line_no),
    CONSTRAINT fk_return_defects_return_id_return_lines FOREIGN KEY(return_id, line_no) REFERENCES
        return_lines (return_id, line_no) ON DELETE CASCADE,
    CONSTRAINT ck_return_defects_quantity_positive CHECK (quantity > 0),
    CONSTRAINT fk_return_defects_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses (id)
        ON DELETE RESTRICT
)
""",
    """
CREATE INDEX ix_return_defects_warehouse_sku ON return_defects (warehouse_id, sku)
""",
    """
CREATE TABLE return_hours (
    hour TIMESTAMP WITH TIME ZONE NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    requested INTEGER DEFAULT '0' NOT NULL,
    received INTEGER DEFAULT '0' NOT NULL,
    restocked INTEGER DEFAULT '0' NOT NULL,
    defective INTEGER DEFAULT '0' NOT NULL,
    rejected INTEGER DEFAULT '0' NOT NULL,
    refund_amount NUMERIC(18, 2) DEFAULT '0' NOT NULL,
    CONSTRAINT pk_return_hours PRIMARY KEY (hour, warehouse_id, merchant_id),
    CONSTRAINT ck_return_hours_not_negative CHECK (requested >= 0 AND received >= 0 AND restocked >= 0 AND
        defective >= 0 AND rejected >= 0 AND refund_amount >= 0),
    CONSTRAINT ck_return_hours_whole_hour CHECK (date_trunc('hour', hour AT TIME ZONE 'UTC') = hour AT TIME
        ZONE 'UTC')
)
""",
    """
CREATE INDEX ix_return_hours_merchant_hour ON return_hours (merchant_id, hour)
""",
    """
CREATE TABLE after_sales_slas (
    id BIGSERIAL NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    sla_hours INTEGER NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_after_sales_slas PRIMARY KEY (id),
    CONSTRAINT ck_after_sales_slas_sla_hours_range CHECK (sla_hours BETWEEN 1 AND 720),
    CONSTRAINT uq_after_sales_slas_warehouse_id UNIQUE (warehouse_id),
    CONSTRAINT fk_after_sales_slas_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses
        (id) ON DELETE CASCADE,
    CONSTRAINT fk_after_sales_slas_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id)
        ON DELETE CASCADE
)
""",
    """
CREATE TABLE packing_materials (
    id BIGSERIAL NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    code VARCHAR(32) NOT NULL,
    name VARCHAR(100) NOT NULL,
    unit VARCHAR(16) NOT NULL,
    unit_cost NUMERIC(18, 2) NOT NULL,
    stock INTEGER DEFAULT '0' NOT NULL,
    low_stock_threshold INTEGER DEFAULT '0' NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_packing_materials PRIMARY KEY (id),
    CONSTRAINT uq_packing_materials_warehouse_code UNIQUE (warehouse_id, code),
    CONSTRAINT ck_packing_materials_unit_valid CHECK (unit IN ('PIECE', 'ROLL', 'METER', 'SHEET', 'BOX')),
    CONSTRAINT ck_packing_materials_unit_cost_not_negative CHECK (unit_cost >= 0),
    CONSTRAINT ck_packing_materials_stock_not_negative CHECK (stock >= 0),
    CONSTRAINT ck_packing_materials_threshold_not_negative CHECK (low_stock_threshold >= 0),
    CONSTRAINT fk_packing_materials_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses
        (id) ON DELETE RESTRICT,
    CONSTRAINT fk_packing_materials_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id)
        ON DELETE RESTRICT
)
""",
    """
CREATE INDEX ix_packing_materials_merchant ON packing_materials (merchant_id)
""",
    """
CREATE TABLE material_usages (
    id BIGSERIAL NOT NULL,
    material_id BIGINT NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    return_id BIGINT,
    stock_order_id BIGINT,
    quantity INTEGER NOT NULL,
    unit_cost NUMERIC(18, 2) NOT NULL,
    amount NUMERIC(18, 2) NOT NULL,
    document_no VARCHAR(200),
    used_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    actor_name VARCHAR(100),
    CONSTRAINT pk_material_usages PRIMARY KEY (id),
    CONSTRAINT ck_material_usages_quantity_positive CHECK (quantity > 0),
    CONSTRAINT ck_material_usages_amount_not_negative CHECK (amount >= 0 AND unit_cost >= 0),
    CONSTRAINT ck_material_usages_one_target CHECK ((return_id IS NULL) <> (stock_order_id IS NULL)),
    CONSTRAINT fk_material_usages_material_id_packing_materials FOREIGN KEY(material_id) REFERENCES
        packing_materials (id) ON DELETE RESTRICT,
    CONSTRAINT fk_material_usages_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses
        (id) ON DELETE RESTRICT,
    CONSTRAINT fk_material_usages_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id) ON
        DELETE RESTRICT,
    CONSTRAINT fk_material_usages_return_id_return_orders FOREIGN KEY(return_id) REFERENCES return_orders
        (id) ON DELETE RESTRICT,
    CONSTRAINT fk_material_usages_stock_order_id_stock_orders FOREIGN KEY(stock_order_id) REFERENCES
        stock_orders (id) ON DELETE RESTRICT
)
""",
    """
CREATE INDEX ix_material_usages_merchant_used ON material_usages (merchant_id, used_at)
""",
    """
CREATE INDEX ix_material_usages_material ON material_usages (material_id)
""",
    """
CREATE TABLE warehouse_contents (
    id BIGSERIAL NOT NULL,
    warehouse_id BIGINT NOT NULL,
    merchant_id BIGINT NOT NULL,
    audience VARCHAR(16) NOT NULL,
    title VARCHAR(200) NOT NULL,
    body TEXT NOT NULL,
    state VARCHAR(16) NOT NULL,
    published_at TIMESTAMP WITH TIME ZONE,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_warehouse_contents PRIMARY KEY (id),
    CONSTRAINT ck_warehouse_contents_audience_valid CHECK (audience IN ('STAFF', 'CONSIGNOR')),
    CONSTRAINT ck_warehouse_contents_state_valid CHECK (state IN ('OFFLINE', 'ONLINE', 'DRAFT', 'DELETE')),
    CONSTRAINT fk_warehouse_contents_warehouse_id_warehouses FOREIGN KEY(warehouse_id) REFERENCES warehouses
        (id) ON DELETE RESTRICT,
    CONSTRAINT fk_warehouse_contents_merchant_id_merchants FOREIGN KEY(merchant_id) REFERENCES merchants (id)
        ON DELETE RESTRICT
)
""",
    """
CREATE INDEX ix_warehouse_contents_warehouse_state ON warehouse_contents (warehouse_id, state)
""",
)


def upgrade() -> None:
    for statement in CREATE:
        op.execute(statement)


def downgrade() -> None:
    for table in TABLES:
        op.drop_table(table)
