"""Cancelling one order of a package merged with other orders, before the warehouse packs it: the package is
withdrawn and re-made for the orders it still carries, without the cancelled order's goods, each timeline saying
so; another call holding one of those orders, or the package, refuses the cancel at once rather than wait on it."""

from sqlalchemy import select

from domain.db import transaction
from domain.models.orders import Order
from domain.models.stock_orders import StockOrder
from tests.integration import fulfilment_support as channel
from tests.integration.stock_sync_support import stocked_store
from tests.integration.test_order_parcels import ORDER_STAFF, buyer_orders, last_event, number_of, split
from tests.integration.wms_order_support import courier, search, step


async def merged_package(client, staff):
    """Two orders of one buyer (1 A; 2 A and 1 B) handed to the warehouse together, picked: their one package."""
    store = await stocked_store(stock={"A": 10, "B": 10})
    await split(client, staff, store, autoMerge=True, mergeWindowMinutes=30)
    a, b = store.skus
    first, second = await buyer_orders(store, {a: 1}, {a: 2, b: 1})
    assert (await client.post("/cms/order/to-warehouse", headers=staff, json={"id": first})).status_code == 200
    (parcel,) = (await search(client, staff, channelOrderNo=await number_of(first)))["items"]
    await step(client, staff, "wave", {"ids": [parcel["id"]]})
    await step(client, staff, "picked", {"ids": [parcel["id"]]})
    return store, first, second, parcel


async def test_cancelling_one_merged_order_re_makes_its_package_for_the_other(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, first, second, parcel = await merged_package(client, staff)
    a, b = store.skus
    cancelled = await client.post("/cms/order/cancel", headers=staff, json={"id": second})
    assert cancelled.status_code == 200, cancelled.text

    (remade,) = (await search(client, staff, channelOrderNo=await number_of(first), wmsStatus="PENDING"))["items"]
    assert (remade["content"], remade["mergedOrders"]) == (f"{a} x 1", None)
    assert (await search(client, staff, orderNo=parcel["orderNo"]))["items"][0]["wmsStatus"] == "CANCELLED"
    # the cancelled order's goods are free again; the other's are locked once, by the new package
    assert await channel.stock_of(store, a) == {"on_hand": 10, "locked": 1, "transit": 0, "available": 9}
    assert await channel.stock_of(store, b) == {"on_hand": 10, "locked": 0, "transit": 0, "available": 10}
    assert await last_event(client, staff, second) == (
        "CANCEL", f"Taken out of package {parcel['orderNo']}; the orders merged with it leave in package "
                  f"{remade['orderNo']}")
    assert await last_event(client, staff, first) == (
        "TO_WAREHOUSE", f"Package {parcel['orderNo']} was cancelled with order {await number_of(second)}; this "
                        f"order's goods were re-packed as package {remade['orderNo']}")
    shown = (await client.get(f"/cms/order-fulfilment/{first}", headers=staff)).json()["data"]["parcels"]
    assert [(p["orderNo"], p["wmsStatus"], p["withOrders"]) for p in shown] == [
        (parcel["orderNo"], "CANCELLED", [await number_of(second)]), (remade["orderNo"], "PENDING", [])]

    ids = {"ids": [remade["id"]]}  # the re-made package goes its own way and ships the order it carries
    for path in ("wave", "picked"):
        await step(client, staff, path, ids)
    await step(client, staff, "pack", {"courierId": await courier(),
                                       "parcels": [{"id": remade["id"], "trackingNo": f"RX-{first}"}]})
    await step(client, staff, "handover", ids)
    async with transaction() as db:
        statuses = dict((await db.execute(select(Order.id, Order.status).where(Order.id.in_([first, second])))).all())
    assert statuses == {first: "SHIPPING", second: "CANCELLED"}
    assert await channel.stock_of(store, a) == {"on_hand": 9, "locked": 0, "transit": 0, "available": 9}


async def test_a_cancel_meeting_another_call_on_the_merged_order_or_its_package_is_refused_at_once(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, first, second, parcel = await merged_package(client, staff)
    a, _ = store.skus
    async with transaction() as db:  # another call holds the other order of the package meanwhile
        await db.execute(select(Order).where(Order.id == first).with_for_update())
        refused = await client.post("/cms/order/cancel", headers=staff, json={"id": second})
    assert refused.status_code == 409 and refused.json()["code"] == "ORDER_PACKAGE_BUSY"
    assert parcel["orderNo"] in refused.json()["message"]
    # nothing of it stays: the package is as it was, both orders' goods locked by it
    assert (await search(client, staff, orderNo=parcel["orderNo"]))["items"][0]["wmsStatus"] == "SHIPPING"
    assert (await channel.stock_of(store, a))["locked"] == 3
    async with transaction() as db:  # another call holds the package itself (a hand-over shipping its orders)
        await db.execute(select(StockOrder).where(StockOrder.id == parcel["id"]).with_for_update())
        refused = await client.post("/cms/order/cancel", headers=staff, json={"id": first})
    assert refused.status_code == 409 and refused.json()["code"] == "ORDER_PACKAGE_BUSY"
    assert (await client.post("/cms/order/cancel", headers=staff, json={"id": second})).status_code == 200
