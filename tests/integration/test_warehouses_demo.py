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


async def test_the_demo_merchants_have_orders_in_several_statuses_and_shelf_merges():
    async with transaction() as db:
        homes = [row.id for row in (await db.execute(text(
            "SELECT id FROM warehouses WHERE code = 'WH-' || merchant_id || '-01' AND is_default"))).all()]
        orders = (await db.execute(text(
            "SELECT o.warehouse_id, o.direction, o.status, o.order_no,"
            " (SELECT count(*) FROM stock_order_actions a WHERE a.order_id = o.id) AS actions,"
            " (SELECT count(*) FROM stock_changes c WHERE c.document_no = o.order_no) AS moves"
            " FROM stock_orders o WHERE o.warehouse_id = ANY(:ids)"), {"ids": homes})).all()
        merges = (await db.execute(text(
            "SELECT m.state, m.total, m.moved,"
            " (SELECT count(*) FROM shelf_merge_items i WHERE i.merge_id = m.id AND i.state = 'MOVED'"
            "  AND i.change_id IS NOT NULL) AS items"
            " FROM shelf_merges m WHERE m.warehouse_id = ANY(:ids) ORDER BY m.id"), {"ids": homes})).all()
    for home in homes:
        statuses = {(o.direction, o.status) for o in orders if o.warehouse_id == home}
        # the stock demo's stories; the WMS demo adds outbound orders at some steps of the order process
        assert statuses >= {("INBOUND", s) for s in ("CREATE", "PENDING", "PART_COMPLETE", "COMPLETE", "INVALID")} | {
            ("OUTBOUND", s) for s in ("CREATE", "PENDING", "COMPLETE", "PART_INVALID", "INVALID")}
    assert all(o.actions >= 1 and o.moves >= 1 for o in orders)  # created, and its lines booked in the ledger
    assert [m.state for m in merges] == ["COMPLETED", "CANCELLED"]
    finished, cancelled = merges
    assert finished.total == finished.moved == finished.items > 0
    assert cancelled.moved == cancelled.items == 1 < cancelled.total


async def test_every_demo_balance_and_shelf_equals_its_ledger():
    """The reconciliation's own proof over the demo warehouses: no drift of a balance or a shelf."""
    from activities.stock import prove
    from tests.conftest import unique

    run = await prove(unique("demo-proof"))
    async with transaction() as db:
        drifted = (await db.execute(text(
            "SELECT d.sku, d.shelf_id FROM stock_drifts d JOIN warehouses w ON w.id = d.warehouse_id"
            " WHERE d.reconciliation_id = :run AND w.code = 'WH-' || w.merchant_id || '-01'"),
            {"run": run.reconciliation_id})).all()
    assert drifted == []
