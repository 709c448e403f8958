"""The demo warehouses of a first `make run` (domain/seed/demo_warehouses.py): the demo merchants that use the WMS
have a default warehouse with areas, shelves and a product library, and a history of movements written through
the ledger's primitive, so every demo balance equals the sum of its change records and stock is alive."""

from sqlalchemy import text

from domain.db import transaction
from domain.seed.demo_warehouses import MERCHANTS, PRODUCTS


async def test_the_demo_merchants_have_warehouses_shelves_products_and_stock_that_adds_up():
    async with transaction() as db:
        demo = (await db.execute(text(
            "SELECT w.merchant_id, w.id, (SELECT count(*) FROM shelves s WHERE s.warehouse_id = w.id) AS shelves,"
            " (SELECT count(*) FROM wms_products p WHERE p.merchant_id = w.merchant_id"
            "  AND p.sku LIKE '%-' || w.merchant_id) AS products"
            " FROM warehouses w WHERE w.code = 'WH-' || w.merchant_id || '-01' AND w.is_default"))).all()
        assert len(demo) == MERCHANTS
        assert all(row.shelves >= 6 and row.products == len(PRODUCTS) for row in demo)
        ids = [row.id for row in demo]
        drift = (await db.execute(text(
            "SELECT b.warehouse_id, b.sku, b.on_hand, b.locked, b.transit, b.promotion,"
            " sum(c.change_on_hand) AS on_hand_sum, sum(c.change_locked) AS locked_sum,"
            " sum(c.change_transit) AS transit_sum, sum(c.change_promotion) AS promotion_sum, count(c.id) AS moves"
            " FROM stock_balances b JOIN stock_changes c ON c.warehouse_id = b.warehouse_id AND c.sku = b.sku"
            " WHERE b.warehouse_id = ANY(:ids) GROUP BY b.warehouse_id, b.sku"), {"ids": ids})).all()
    assert len(drift) == MERCHANTS * len(PRODUCTS)
    for row in drift:
        assert (row.on_hand, row.locked, row.transit, row.promotion) == (
            row.on_hand_sum, row.locked_sum, row.transit_sum, row.promotion_sum)
        assert row.on_hand > 0 and row.moves >= 8
