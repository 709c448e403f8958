"""order statistics: UTC hour buckets of orders by merchant, channel, country, status and currency, the hours
rolled, and the backfills of a date range with their progress

Revision ID: 0053
Revises: 0046
Create Date: 2026-11-29 17:20:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0053'
down_revision: str | None = '0050'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = """
CREATE TABLE order_stats (
    hour TIMESTAMP WITH TIME ZONE NOT NULL,
    merchant_id BIGINT NOT NULL,
    channel VARCHAR(32) NOT NULL,
    country VARCHAR(8) NOT NULL,
    status VARCHAR(16) NOT NULL,
    currency VARCHAR(8) NOT NULL,
    orders BIGINT NOT NULL,
    gmv NUMERIC(20, 2) NOT NULL,
    CONSTRAINT pk_order_stats PRIMARY KEY (hour, merchant_id, channel, country, status, currency),
    CONSTRAINT ck_order_stats_whole_hour CHECK (date_trunc('hour', hour, 'UTC') = hour),
    CONSTRAINT ck_order_stats_orders_positive CHECK (orders > 0),
    CONSTRAINT ck_order_stats_gmv_not_negative CHECK (gmv >= 0)
);
CREATE INDEX ix_order_stats_merchant_hour ON order_stats (merchant_id, hour);
CREATE TABLE order_stats_hours (
    hour TIMESTAMP WITH TIME ZONE NOT NULL,
    orders BIGINT NOT NULL,
    rolled_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    CONSTRAINT pk_order_stats_hours PRIMARY KEY (hour),
    CONSTRAINT ck_order_stats_hours_whole_hour CHECK (date_trunc('hour', hour, 'UTC') = hour),
    CONSTRAINT ck_order_stats_hours_orders_not_negative CHECK (orders >= 0)
);
CREATE TABLE order_stats_backfills (
    id BIGSERIAL NOT NULL,
    start_at TIMESTAMP WITH TIME ZONE NOT NULL,
    end_at TIMESTAMP WITH TIME ZONE NOT NULL,
    hours INTEGER NOT NULL,
    done INTEGER DEFAULT '0' NOT NULL,
    state VARCHAR(16) NOT NULL,
    workflow_id VARCHAR(128) NOT NULL,
    started_by INTEGER,
    created_at TIMESTAMP WITH TIME ZONE DEFAULT now() NOT NULL,
    finished_at TIMESTAMP WITH TIME ZONE,
    error VARCHAR(2000),
    CONSTRAINT pk_order_stats_backfills PRIMARY KEY (id),
    CONSTRAINT uq_order_stats_backfills_workflow_id UNIQUE (workflow_id),
    CONSTRAINT ck_order_stats_backfills_range CHECK (start_at < end_at
        AND date_trunc('hour', start_at, 'UTC') = start_at AND date_trunc('hour', end_at, 'UTC') = end_at),
    CONSTRAINT ck_order_stats_backfills_hours CHECK (hours * interval '1 hour' = end_at - start_at),
    CONSTRAINT ck_order_stats_backfills_done CHECK (done >= 0 AND done <= hours),
    CONSTRAINT ck_order_stats_backfills_state_valid CHECK (state IN ('RUNNING', 'COMPLETED', 'FAILED')),
    CONSTRAINT ck_order_stats_backfills_finished CHECK ((state = 'RUNNING') = (finished_at IS NULL)),
    CONSTRAINT ck_order_stats_backfills_completed CHECK (state <> 'COMPLETED' OR done = hours)
);
"""


def upgrade() -> None:
    op.execute(TABLES)


def downgrade() -> None:
    op.execute("DROP TABLE order_stats_backfills, order_stats_hours, order_stats")
