"""Fulfilment through the stock ledger (services/orders/fulfilment.py): accepting reserves every line at the
store's warehouse (all or nothing, once however often asked), a short line holds the order with its SPEC §8 cause,
shipping consumes the reservation through the outbound stock order, cancelling releases it once."""

from __future__ import annotations

import pytest
from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import StockMovementType
from domain.errors import DomainError
from domain.models.stock_orders import StockOrder
from domain.models.stock_sync import StockBinding
from domain.rules.interception import release_key, reserve_key
from domain.rules.stock import Movement
from services.orders import fulfilment, handover, lock
from services.stock import store as stock_store
from tests.integration.fulfilment_support import act, line_states, new_order, stock_of
from tests.integration.stock_sync_support import stocked_store


async def test_accept_reserves_every_line_at_the_stores_warehouse_once():
    store = await stocked_store(stock={"A": 10, "B": 4})
    a, b = store.skus
    order_id = await new_order(store, {a: 3, b: 4})
    order = await act(order_id, "ACCEPT")
    assert order.status == "READY" and order.warehouse_id == store.place.warehouse_id
    assert (await stock_of(store, a))["locked"] == 3 and (await stock_of(store, a))["available"] == 7
    assert (await stock_of(store, b))["available"] == 0
    assert [state for _, state, _ in await line_states(order_id)] == ["RESERVED", "RESERVED"]
    async with transaction() as db:  # a retried acceptance's movement finds its first record: nothing more moves
        replayed = await stock_store.move(db, Movement(store.place.warehouse_id, a, StockMovementType.LOCK_OUTBOUND,
                                                       3, reserve_key(order_id, 0, 1)))
        assert replayed.replayed
    assert (await stock_of(store, a))["locked"] == 3
    with pytest.raises(DomainError) as refused:  # a second ACCEPT: the order is READY
        await act(order_id, "ACCEPT")
    assert refused.value.code == "ORDER_ILLEGAL_TRANSITION" and refused.value.params["current"] == "READY"


async def test_a_line_short_of_stock_holds_the_order_with_its_cause_and_reserves_nothing():
    store = await stocked_store(stock={"A": 10, "B": 1})
    a, b = store.skus
    order_id = await new_order(store, {a: 2, b: 5})
    order = await act(order_id, "ACCEPT")
    assert order.status == "ABNORMAL" and order.cause == "STOCK_NOT_PUSHED"  # synced, never pushed
    assert (await stock_of(store, a))["locked"] == 0  # all or nothing
    assert await line_states(order_id) == [(b, "SHORT", None)]
    async with transaction() as db:  # the store's stock is not synced to its channel
        await db.execute(update(StockBinding).where(StockBinding.shop_id == store.shop_id).values(sync_enabled=False))
    again = await new_order(store, {b: 2})
    assert (await act(again, "ACCEPT")).cause == "STOCK_SYNC_NOT_ENABLED"
    # stock arrives: released, the order is accepted again and reserves
    await stock_store.move_now(Movement(store.place.warehouse_id, b, StockMovementType.MANUAL_INBOUND, 10, f"in-{b}"))
    async with transaction() as db:
        resumed = await fulfilment.resume(db, None, order_id)
    assert resumed.status == "READY" and resumed.cause is None
    assert (await stock_of(store, a))["locked"] == 2 and (await stock_of(store, b))["locked"] == 5


async def test_ship_consumes_the_reservation_through_the_outbound_order(client, login_as):
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    order_id = await new_order(store, {a: 3}, awb="AWB123")
    await act(order_id, "ACCEPT")
    shipped = await act(order_id, "SHIP")
    assert shipped.status == "SHIPPING"
    assert await stock_of(store, a) == {"on_hand": 7, "locked": 0, "transit": 0, "available": 7}
    async with transaction() as db:
        outbound = (await db.scalars(select(StockOrder).where(
            StockOrder.channel_order_no == shipped.channel_order_no))).one()
        assert (outbound.status, outbound.shop_id, outbound.warehouse_id, outbound.logistic_no) == (
            "COMPLETE", store.shop_id, store.place.warehouse_id, "AWB123")
        assert [(parcel.id, others) for parcel, others in await handover.parcels_of(db, await lock(db, order_id))] == [
            (outbound.id, [])]
    assert await line_states(order_id) == [(a, "SHIPPED", outbound.id)]
    reply = await client.get(f"/cms/order-fulfilment/{order_id}", headers=await login_as("order-list"))
    assert reply.status_code == 200, reply.text
    shown = reply.json()["data"]
    assert [(line["sku"], line["state"]) for line in shown["lines"]] == [(a, "SHIPPED")]
    assert [(p["id"], p["orderNo"], p["status"], p["skus"]) for p in shown["parcels"]] == [
        (outbound.id, outbound.order_no, "COMPLETE", [a])]
    assert (await act(order_id, "COMPLETE")).status == "COMPLETED"
    with pytest.raises(DomainError) as refused:
        await act(order_id, "CANCEL")
    assert refused.value.params["current"] == "COMPLETED"


async def test_cancel_releases_the_reservation_exactly_once():
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    order_id = await new_order(store, {a: 4})
    await act(order_id, "ACCEPT")
    assert (await stock_of(store, a))["available"] == 6
    assert (await act(order_id, "CANCEL")).status == "CANCELLED"
    assert await stock_of(store, a) == {"on_hand": 10, "locked": 0, "transit": 0, "available": 10}
    with pytest.raises(DomainError):  # cancelled: a second cancel is refused, naming the state
        await act(order_id, "CANCEL")
    async with transaction() as db:  # the hook again (a retried activity): nothing left to release
        assert await fulfilment.release_held(db, None, await lock(db, order_id)) == 0
        replayed = await stock_store.move(db, Movement(  # the release movement replayed by its key
            store.place.warehouse_id, a, StockMovementType.RELEASE_OUTBOUND, 4,
            release_key(f"order:{order_id}:r0:reserve:1")))
        assert replayed.replayed
    assert (await stock_of(store, a))["locked"] == 0 and (await stock_of(store, a))["available"] == 10
    assert await line_states(order_id) == [(a, "RELEASED", None)]


async def test_a_hold_keeps_the_reservation_until_cancel_or_release():
    store = await stocked_store(stock={"A": 5})
    (a,) = store.skus
    order_id = await new_order(store, {a: 5})
    await act(order_id, "ACCEPT")
    held = await act(order_id, "HOLD", cause="SYNC_DELAY")
    assert held.status == "ABNORMAL" and (await stock_of(store, a))["locked"] == 5
    async with transaction() as db:  # released and accepted again: the old reservation gives way to a new one
        assert (await fulfilment.resume(db, None, order_id)).status == "READY"
    assert (await stock_of(store, a))["locked"] == 5
    await act(order_id, "HOLD", cause="SYNC_DELAY")
    await act(order_id, "CANCEL")
    assert (await stock_of(store, a))["locked"] == 0


async def test_an_order_of_a_store_without_a_warehouse_is_refused_naming_it():
    store = await stocked_store(stock={"A": 5}, bind=False)
    order_id = await new_order(store, {store.skus[0]: 1})
    with pytest.raises(DomainError) as refused:
        await act(order_id, "ACCEPT")
    assert refused.value.code == "ORDER_NO_WAREHOUSE"
    async with transaction() as db:
        assert (await lock(db, order_id)).status == "PENDING"
