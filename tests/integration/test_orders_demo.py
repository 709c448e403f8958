"""The demo orders enter as synced orders do, across the demo shops' channels, and their tab counts equal them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, text

from demo import orders as demo
from demo import regions
from domain.db import transaction
from domain.models.erp_settings import OrderSetting
from domain.models.orders import Order
from services.orders import auto


async def test_demo_orders_span_channels_and_their_counts_equal_them():
    """The start's seeding made them (api/prestart.py); making them again makes no second order."""
    async with transaction() as db:
        again = await demo.create(db)
        channels = (await db.execute(select(func.count(func.distinct(Order.channel))))).scalar_one()
        rows = (await db.execute(select(func.count()).select_from(Order))).scalar_one()
        counted = (await db.execute(text("SELECT coalesce(sum(n), 0) FROM order_counts WHERE merchant_id = 0 "
                                         "AND grain = 'D'"))).scalar_one()
    assert again == 0
    assert channels >= 2 and rows >= demo.PER_SHOP
    assert counted == rows


async def test_demo_orders_are_priced_placed_and_paid_as_in_their_shops_country():
    """A Philippine shop's orders in pesos at a peso's prices, in Manila, with +63 phones; none paid in the future."""
    async with transaction() as db:
        found = (await db.execute(select(Order.country, Order.currency, Order.city, Order.buyer_phone, Order.subtotal,
                                         Order.paid_at, func.now()).where(Order.channel_order_no.like("DEMO-%")))).all()
    by_country = {row.country: row for row in found}
    assert {"ID", "PH"} <= set(by_country)
    for row in found:
        region = regions.region_of(row.country)
        assert (row.currency, row.city) == (region.currency, region.city)
        assert row.buyer_phone.startswith(f"+{region.dial}")
        assert row.paid_at is None or row.paid_at <= row.now
    # at most three lines of three at 1,046.50 pesos (299,000 rupiah) against rupiah in the hundreds of thousands
    assert max(row.subtotal for row in found if row.currency == "PHP") < 10_000
    assert max(row.subtotal for row in found if row.currency == "IDR") > 100_000



async def test_demo_order_settings_act_on_some_stores_and_leave_others_to_staff():
    """A merchant with a warehouse that accepts by itself has its paid demo orders accepted by the console within
    the hour (once their hold is over), one that accepts by hand has paid orders waiting for staff, and one that
    reserves before acceptance has them reserved (the browser tests take those)."""
    async with transaction() as db:
        due = await auto.due(db, datetime.now(UTC) + timedelta(hours=1), None, 100_000)
        demo_due = (await db.execute(select(Order.merchant_id, OrderSetting.auto_accept).join(
            OrderSetting, OrderSetting.merchant_id == Order.merchant_id).where(
            Order.id.in_([d.id for d in due if d.step == "ACCEPT"]), Order.channel_order_no.like("DEMO-%")))).all()
        left = (await db.execute(text(
            "SELECT count(*) FROM orders o JOIN stock_sync_bindings b ON b.shop_id = o.shop_id AND b.fulfils "
            "JOIN erp_order_settings e ON e.merchant_id = o.merchant_id AND NOT e.auto_accept "
            "WHERE o.channel_order_no LIKE 'DEMO-%' AND o.status = 'PENDING' AND o.paid_at IS NOT NULL"))).scalar_one()
        reserved_early = (await db.execute(text(
            "SELECT count(*) FROM orders o JOIN erp_order_settings e ON e.merchant_id = o.merchant_id "
            "AND NOT e.auto_accept AND e.reserve_on <> 'ACCEPTED' WHERE o.channel_order_no LIKE 'DEMO-%' "
            "AND o.status = 'PENDING' AND EXISTS (SELECT 1 FROM order_line_stock s WHERE s.order_id = o.id "
            "AND s.state = 'RESERVED')"))).scalar_one()
    assert demo_due and all(accepting for _, accepting in demo_due)
    assert left >= 3
    assert reserved_early >= 1  # a store reserving on arrival or payment shows its pending orders' stock held


async def test_every_demo_store_ships_from_a_warehouse_and_no_demo_order_older_than_a_week_is_left_pending():
    """Merchants on the ERP alone get a store warehouse with the catalogue's stock (demo/store_warehouses.py): their
    stores fulfil from it, so the demo's older orders went through their lives instead of waiting for a warehouse."""
    async with transaction() as db:
        # the demo's stores (other tests add stores of their own beside them)
        unfulfilled = (await db.execute(text(
            "SELECT count(*) FROM shops s WHERE s.id IN (SELECT shop_id FROM orders WHERE channel_order_no LIKE "
            "'DEMO-%') AND NOT EXISTS (SELECT 1 FROM stock_sync_bindings b WHERE b.shop_id = s.id AND b.fulfils)"
        ))).scalar_one()
        store_warehouses = (await db.execute(text(
            "SELECT count(*) FROM warehouses WHERE code = 'ST-' || merchant_id || '-01' AND is_default"
        ))).scalar_one()
        stale = (await db.execute(text(
            "SELECT count(*) FROM orders WHERE channel_order_no LIKE 'DEMO-%' AND status = 'PENDING' "
            "AND ordered_at < now() - interval '7 days'"))).scalar_one()
        completed = (await db.execute(text(
            "SELECT count(DISTINCT merchant_id) FROM orders WHERE channel_order_no LIKE 'DEMO-%' "
            "AND status = 'COMPLETED'"))).scalar_one()
    assert unfulfilled == 0 and store_warehouses >= 10
    assert stale == 0
    assert completed >= 10  # the demo stores' merchants, not only those on the WMS
