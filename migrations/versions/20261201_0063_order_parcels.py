"""order parcels: which channel orders each outbound order carries

An outbound order was tied to one channel order by its store, number and order time. A merchant merging a buyer's
orders ships several channel orders in one package, and a merchant splitting ships one channel order in several:
`order_parcels` links each outbound order to every channel order it carries, and each channel order to all its
packages (services/orders/fulfilment.py). The outbound order's own store, number and time stay: they name the
order it was made for, which the stock push compares with its pushes.

Existing outbound orders are linked to the channel order they name. The index of 0062 on that name served the
look-up the links now answer, and goes.

Revision ID: 0063
Revises: 0062
Create Date: 2026-12-01 02:00:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0063'
down_revision: str | None = '0062'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("""
CREATE TABLE order_parcels (
    stock_order_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    ordered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_order_parcels PRIMARY KEY (stock_order_id, order_id),
    CONSTRAINT fk_order_parcels_stock_order_id_stock_orders FOREIGN KEY(stock_order_id) REFERENCES stock_orders (id)
        ON DELETE CASCADE,
    CONSTRAINT fk_order_parcels_order_id_orders FOREIGN KEY(order_id, ordered_at) REFERENCES orders (id, ordered_at)
        ON DELETE CASCADE
)""")
    op.execute("CREATE INDEX ix_order_parcels_order_id ON order_parcels (order_id)")
    op.execute("""
INSERT INTO order_parcels (stock_order_id, order_id, ordered_at)
SELECT s.id, o.id, o.ordered_at
  FROM stock_orders AS s
  JOIN orders AS o ON o.shop_id = s.shop_id AND o.channel_order_no = s.channel_order_no
                  AND o.ordered_at = s.channel_ordered_at
 WHERE s.channel_order_no IS NOT NULL""")
    op.drop_index('ix_stock_orders_channel_order', table_name='stock_orders',
                  postgresql_where='channel_order_no IS NOT NULL')


def downgrade() -> None:
    op.create_index('ix_stock_orders_channel_order', 'stock_orders', ['shop_id', 'channel_order_no'], unique=False,
                    postgresql_where='channel_order_no IS NOT NULL')
    op.drop_table('order_parcels')
