"""What a merchant's order settings do by themselves (services/orders/auto.py, the built-in task
`orders.autoProcess`): paid orders accepted after the delay and the hold, through the transition (so stock is
reserved, or the order held), unpaid ones cancelled after the hours set, stock reserved on arrival or payment
before acceptance; merchants without settings, orders without a warehouse and orders that moved first are left
alone."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select, text

from activities import job_code
from domain.db import transaction
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.erp_settings import OrderSetting
from domain.models.jobs import ScheduledJob
from domain.models.merchants import Shop
from domain.models.orders import Order, OrderEvent
from domain.models.warehouses import Warehouse
from domain.seed import jobs as seed_jobs
from services.orders import auto, handover, lock, upsert_channel_order
from tests.conftest import unique
from tests.integration.fulfilment_support import act, line_states, new_order, stock_of
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_sync_support import Stocked, stocked_store

ACCEPTED = "Accepted automatically by the merchant's order settings"
CANCELLED = "Cancelled automatically: unpaid {hours} hours after it was placed"


async def with_settings(merchant_id: int, **fields: Any) -> None:
    """Order settings reserving stock at acceptance unless told."""
    async with transaction() as db:
        db.add(OrderSetting(merchant_id=merchant_id, **{"reserve_on": "ACCEPTED"} | fields))


async def due_at(ids: set[int], at: datetime) -> dict[int, auto.Due]:
    """Which of `ids` are due at `at` (read page by page among every order due then, as the task reads them)."""
    found: dict[int, auto.Due] = {}
    after = None
    while True:
        async with transaction() as db:
            page = await auto.due(db, at, after, 500)
        found |= {d.id: d for d in page if d.id in ids}
        if len(page) < 500:
            return found
        after = page[-1].key


async def due_now(ids: set[int], at: datetime) -> dict[int, str]:
    """Which of `ids` are due at `at`, and for what."""
    return {order_id: str(d.step) for order_id, d in (await due_at(ids, at)).items()}


async def settle(order_id: int, at: datetime) -> str | None:
    """What the task does to the order when it is due at `at`."""
    found = await due_at({order_id}, at)
    assert order_id in found, f"order {order_id} is not due at {at}"
    async with transaction() as db:
        status = await auto.settle(db, found[order_id])
    return None if status is None else str(status)


async def placed(store: Stocked, sku: str, *, paid: bool, hours_ago: float = 0) -> int:
    at = datetime.now(UTC) - timedelta(hours=hours_ago)
    return await new_order(store, {sku: 2}, ordered_at=at, paid_at=at if paid else None)


async def timeline_end(order_id: int) -> tuple[str, str | None, str | None]:
    async with transaction() as db:
        event = (await db.execute(select(OrderEvent).where(OrderEvent.order_id == order_id)
                                  .order_by(OrderEvent.revision.desc()).limit(1))).scalar_one()
        return event.kind, event.actor_name, event.note


async def code_of(store: Stocked) -> str:
    async with transaction() as db:
        return str(await db.scalar(select(Warehouse.code).where(Warehouse.id == store.place.warehouse_id)))


async def test_a_paid_order_is_accepted_after_the_delay_and_reserves_its_stock():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, auto_accept=True, auto_accept_delay_minutes=5)
    order_id = await placed(store, a, paid=True)
    now = datetime.now(UTC)  # after the order reached the console (its hold counts from then)
    assert await due_now({order_id}, now + timedelta(minutes=4)) == {}
    assert await due_now({order_id}, now + timedelta(minutes=6)) == {order_id: "ACCEPT"}
    assert await settle(order_id, now + timedelta(minutes=6)) == "READY"
    assert (await stock_of(store, a))["locked"] == 2 and await line_states(order_id) == [(a, "RESERVED", None)]
    assert await timeline_end(order_id) == ("ACCEPT", "system", ACCEPTED)
    assert await due_now({order_id}, now + timedelta(hours=1)) == {}  # READY: nothing more to do


async def test_a_new_order_waits_out_the_hold_and_a_short_one_is_held_as_abnormal():
    store = await stocked_store(stock={"A": 1})
    (a,) = store.skus
    await with_settings(store.merchant_id, auto_accept=True, hold_minutes=30)
    order_id = await placed(store, a, paid=True, hours_ago=2)  # paid long ago, but it reached the console just now
    now = datetime.now(UTC)
    assert await due_now({order_id}, now + timedelta(minutes=10)) == {}
    assert await settle(order_id, now + timedelta(minutes=31)) == "ABNORMAL"
    async with transaction() as db:
        assert await db.scalar(select(Order.cause).where(Order.id == order_id)) == "STOCK_NOT_PUSHED"
    assert (await stock_of(store, a))["locked"] == 0
    kind, actor, note = await timeline_end(order_id)  # the timeline says who accepted it and why it is held
    assert (kind, actor) == ("ACCEPT", "system") and note.startswith(f"{ACCEPTED}; SKU {a} short at ")


async def test_an_unpaid_order_is_cancelled_after_the_hours_set_whether_or_not_orders_are_accepted_by_themselves():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, auto_accept=False, auto_cancel_unpaid_hours=24)
    old = await placed(store, a, paid=False, hours_ago=25)
    young = await placed(store, a, paid=False, hours_ago=23)
    paid = await placed(store, a, paid=True, hours_ago=30)
    now = datetime.now(UTC)
    assert await due_now({old, young, paid}, now) == {old: "CANCEL"}  # not accepting: the paid one waits for staff
    assert await settle(old, now) == "CANCELLED"
    assert await timeline_end(old) == ("CANCEL", "system", CANCELLED.format(hours=24))
    assert await due_now({young}, now + timedelta(hours=2)) == {young: "CANCEL"}


async def test_merchants_without_settings_and_stores_without_a_warehouse_are_left_alone():
    bare = await stocked_store(stock={"A": 10})
    order_id = await placed(bare, bare.skus[0], paid=False, hours_ago=800)
    merchant = await insert_merchant("ID", shops=[{"channel": "SHOPEE_ID"}])
    await with_settings(merchant.id, auto_accept=True)
    async with transaction() as db:
        shop_id = await db.scalar(select(Shop.id).where(Shop.merchant_id == merchant.id))
    now = datetime.now(UTC)
    homeless = await new_order(Stocked(merchant.id, merchant.email, shop_id, bare.place, ()), {"X-1": 1},
                               paid_at=now - timedelta(hours=1))
    assert await due_now({order_id, homeless}, now + timedelta(hours=1)) == {}


async def test_an_order_staff_moved_first_is_skipped_and_the_task_settles_the_rest():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, auto_accept=True)
    first, second = await placed(store, a, paid=True, hours_ago=1), await placed(store, a, paid=True, hours_ago=1)
    due_first = (await due_at({first}, datetime.now(UTC)))[first]
    await act(first, "CANCEL")  # staff cancelled it after the task read it
    async with transaction() as db:
        assert await auto.settle(db, due_first) is None
    said = await job_code.CODE["orders.autoProcess"]({"limit": 2000})
    assert "orders accepted" in said and "unpaid cancelled" in said
    async with transaction() as db:
        statuses = dict((await db.execute(select(Order.id, Order.status).where(Order.id.in_([first, second])))).all())
    assert statuses == {first: "CANCELLED", second: "READY"}


async def test_the_task_is_built_in_every_minute():
    async with transaction() as db:
        await seed_jobs.sync(db)
        job = await db.scalar(select(ScheduledJob).where(ScheduledJob.builtin, ScheduledJob.handler == "orders",
                                                         ScheduledJob.method == "autoProcess"))
        assert job is not None and (job.cron, job.params) == ("* * * * *", {"limit": 2000})


async def test_stock_is_reserved_on_arrival_once_and_the_acceptance_keeps_that_reservation():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, reserve_on="CREATED")
    order_id = await placed(store, a, paid=False)
    assert await due_now({order_id}, datetime.now(UTC)) == {order_id: "RESERVE"}
    assert await settle(order_id, datetime.now(UTC)) == "RESERVED"
    assert (await stock_of(store, a))["locked"] == 2 and await line_states(order_id) == [(a, "RESERVED", None)]
    assert await timeline_end(order_id) == ("RESERVE", "system", f"Stock reserved at {await code_of(store)} before "
                                            "acceptance, as the merchant's order settings say")
    assert await due_now({order_id}, datetime.now(UTC)) == {}  # reserved once
    accepted = await act(order_id, "ACCEPT")
    assert accepted.status == "READY" and (await stock_of(store, a))["locked"] == 2  # kept, not reserved twice
    await act(order_id, "CANCEL")
    assert (await stock_of(store, a))["locked"] == 0


async def test_an_order_in_its_warehouse_released_from_a_hold_is_not_reserved_again():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, reserve_on="CREATED")
    order_id = await placed(store, a, paid=True)
    assert await settle(order_id, datetime.now(UTC)) == "RESERVED"
    await act(order_id, "ACCEPT")
    async with transaction() as db:
        await handover.into_warehouse(db, await lock(db, order_id))
    await act(order_id, "HOLD", cause="SYNC_DELAY")
    assert (await act(order_id, "RELEASE")).status == "PENDING"
    assert await due_now({order_id}, datetime.now(UTC)) == {}  # its package's lock stands
    assert (await stock_of(store, a))["locked"] == 2


async def test_reserving_on_payment_waits_for_it_and_a_short_line_is_tried_once():
    store = await stocked_store(stock={"A": 3})
    (a,) = store.skus
    await with_settings(store.merchant_id, reserve_on="PAID")
    unpaid, paid = await placed(store, a, paid=False), await placed(store, a, paid=True)
    big = await new_order(store, {a: 5}, paid_at=datetime.now(UTC))
    assert await due_now({unpaid, paid, big}, datetime.now(UTC)) == {paid: "RESERVE", big: "RESERVE"}
    assert await settle(paid, datetime.now(UTC)) == "RESERVED"
    assert await settle(big, datetime.now(UTC)) == "SHORT"
    assert (await timeline_end(big))[:2] == ("RESERVE", "system")
    assert f"SKU {a} short at {await code_of(store)}: needs 5, 1 available" in str((await timeline_end(big))[2])
    assert await due_now({big}, datetime.now(UTC)) == {}  # left to the acceptance, which tries again
    async with transaction() as db:
        assert await db.scalar(select(Order.status).where(Order.id == big)) == "PENDING"
    assert (await stock_of(store, a))["locked"] == 2


async def test_the_channel_changing_the_lines_releases_an_early_reservation():
    store = await stocked_store(stock={"A": 10, "B": 10})
    a, b = store.skus
    await with_settings(store.merchant_id, reserve_on="CREATED")
    async with transaction() as db:
        shop = await db.get(Shop, store.shop_id)
        number, at = unique("SO"), datetime.now(UTC)
        order_id, _ = await upsert_channel_order(db, shop, ChannelOrder(
            channel_order_no=number, ordered_at=at, channel_updated_at=at,
            lines=[ChannelOrderLine(sku=a, quantity=2, unit_price=Decimal(10))]))
    assert await settle(order_id, datetime.now(UTC)) == "RESERVED"
    async with transaction() as db:  # the buyer changed the order on the channel: B instead of A
        await upsert_channel_order(db, shop, ChannelOrder(
            channel_order_no=number, ordered_at=at, channel_updated_at=at + timedelta(minutes=1),
            lines=[ChannelOrderLine(sku=b, quantity=3, unit_price=Decimal(10))]))
    assert (await stock_of(store, a))["locked"] == 0 and await line_states(order_id) == []
    assert await settle(order_id, datetime.now(UTC)) == "RESERVED"
    assert (await stock_of(store, b))["locked"] == 3


async def test_an_order_the_database_refuses_fails_alone_and_the_task_settles_the_rest():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await with_settings(store.merchant_id, auto_accept=True)
    broken, fine = await placed(store, a, paid=True, hours_ago=2), await placed(store, a, paid=True, hours_ago=1)
    name = f"refuse_{broken}"
    async with transaction() as db:  # a data error PostgreSQL raises whenever this one order is written
        await db.execute(text(f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                              f"RAISE EXCEPTION 'order {broken} refused'; END $$"))
        await db.execute(text(f"CREATE TRIGGER {name} BEFORE UPDATE ON orders FOR EACH ROW "
                              f"WHEN (OLD.id = {broken}) EXECUTE FUNCTION {name}()"))
    try:
        said = await job_code.CODE["orders.autoProcess"]({"limit": 2000})
    finally:
        async with transaction() as db:
            await db.execute(text(f"DROP TRIGGER {name} ON orders"))
            await db.execute(text(f"DROP FUNCTION {name}()"))
    assert re.search(r"[1-9]\d* failed$", said)
    async with transaction() as db:
        statuses = dict((await db.execute(select(Order.id, Order.status).where(Order.id.in_([broken, fine])))).all())
    assert statuses == {broken: "PENDING", fine: "READY"}
    assert (await stock_of(store, a))["locked"] == 2  # the failed one reserved nothing
