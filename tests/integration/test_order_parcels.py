"""An accepted order leaves its warehouse in parcels, as its merchant's order settings split it (split rule, lines
per package; domain/rules/erp_settings.parcels): each parcel is an outbound order of the order process carrying
some of its SKUs, the reservation handed to their locks once. The channel order ships with its last parcel, its
cancel withdraws every parcel (or none, when one is packed; a parcel shared with merged orders is re-made for them),
and its detail lists the parcels."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from domain.db import transaction
from domain.models.orders import Order
from tests.integration import fulfilment_support as channel
from tests.integration.stock_sync_support import Stocked, stocked_store
from tests.integration.wms_order_support import STAFF, courier, search, step

ORDER_STAFF = (*STAFF, "order-list", "order-detail", "order#cancel", "order#ship", "order#accept", "order-setting",
               "stock-order#print", "erp-settings#edit")


async def split(client, staff, store: Stocked, **settings) -> None:
    """The merchant's order settings, saved on the order settings page."""
    reply = await client.post("/cms/erp-settings/order-setting/add", headers=staff,
                              json={"merchantId": store.merchant_id} | settings)
    assert reply.status_code == 200, reply.text


async def handed(client, staff, store: Stocked, lines: dict[str, int]) -> tuple[int, list[dict]]:
    """A ready order of these lines handed to the warehouse; its parcels as the WMS order list shows them."""
    order_id = await channel.new_order(store, lines, recipient_name="Sari")
    assert (await channel.act(order_id, "ACCEPT")).status == "READY"
    reply = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": order_id})
    assert reply.status_code == 200, reply.text
    found = await search(client, staff, channelOrderNo=reply.json()["data"]["channelOrderNo"])
    return order_id, sorted(found["items"], key=lambda parcel: parcel["id"])


async def parcels_shown(client, staff, order_id: int) -> list[tuple[list[str], str | None]]:
    reply = await client.get(f"/cms/order-fulfilment/{order_id}", headers=staff)
    assert reply.status_code == 200, reply.text
    return [(p["skus"], p["wmsStatus"]) for p in reply.json()["data"]["parcels"]]


async def status_of(order_id: int) -> str:
    async with transaction() as db:
        return str(await db.scalar(select(Order.status).where(Order.id == order_id)))


async def split_by_line(client, staff) -> tuple[Stocked, int, list[dict]]:
    """A merchant splitting by line, 10 of A and B in stock, and its order of 2 A and 3 B handed to the warehouse."""
    store = await stocked_store(stock={"A": 10, "B": 10})
    await split(client, staff, store, splitRule="BY_LINE")
    a, b = store.skus
    return store, *await handed(client, staff, store, {a: 2, b: 3})


async def test_an_order_split_by_line_leaves_in_a_parcel_a_sku_and_ships_with_the_last(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, parcels = await split_by_line(client, staff)
    a, b = store.skus
    assert sorted(p["content"] for p in parcels) == [f"{a} x 2", f"{b} x 3"]
    assert {p["recipientName"] for p in parcels} == {"Sari"}
    # the reservation became the parcels' locks: nothing locked twice
    assert (await channel.stock_of(store, a))["locked"] == 2 and (await channel.stock_of(store, b))["locked"] == 3
    assert await parcels_shown(client, staff, order_id) == [([a], "PENDING"), ([b], "PENDING")]
    assert await last_event(client, staff, order_id) == (
        "TO_WAREHOUSE", f"Handed to the warehouse in package {parcels[0]['orderNo']}, {parcels[1]['orderNo']}")
    again = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": order_id})
    assert again.status_code == 200  # joined: no third parcel
    assert len(await parcels_shown(client, staff, order_id)) == 2

    first, second = ({"ids": [p["id"]]} for p in parcels)
    carrier = await courier()
    for number, ids in enumerate((first, second)):
        await step(client, staff, "wave", ids)
        await step(client, staff, "picked", ids)
        tracking = {"id": ids["ids"][0], "trackingNo": f"PX-{order_id}-{number}"}
        await step(client, staff, "pack", {"courierId": carrier, "parcels": [tracking]})
    await step(client, staff, "handover", first)
    assert await status_of(order_id) == "READY"  # a parcel is still in the warehouse
    left = [(await channel.stock_of(store, sku))["on_hand"] for sku in (a, b)]
    assert sorted(left) in ([8, 10], [7, 10])  # the parcel that left took its SKU's stock only
    await step(client, staff, "handover", second)
    assert await status_of(order_id) == "SHIPPING"
    assert await channel.stock_of(store, a) == {"on_hand": 8, "locked": 0, "transit": 0, "available": 8}
    assert await channel.stock_of(store, b) == {"on_hand": 7, "locked": 0, "transit": 0, "available": 7}
    assert sorted(state for _, state, _ in await channel.line_states(order_id)) == ["SHIPPED", "SHIPPED"]
    shipped_by = {sku: parcel for sku, _, parcel in await channel.line_states(order_id)}
    assert shipped_by[a] != shipped_by[b]


async def test_lines_per_package_cap_a_parcel_and_shipping_from_the_console_ships_every_parcel(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 5, "B": 5, "C": 5})
    a, b, c = store.skus
    await split(client, staff, store, splitRule="NO_SPLIT", maxLinesPerPackage=2)
    order_id = await channel.new_order(store, {a: 1, b: 1, c: 1})
    await channel.act(order_id, "ACCEPT")
    assert (await channel.act(order_id, "SHIP")).status == "SHIPPING"
    assert await parcels_shown(client, staff, order_id) == [([a, b], "COMPLETED"), ([c], "COMPLETED")]
    details = (await client.get(f"/cms/order/{order_id}/details", headers=staff)).json()["data"]
    assert [event["kind"] for event in details["timeline"]] == ["CREATED", "ACCEPT", "SHIP"]
    for sku in (a, b, c):
        assert await channel.stock_of(store, sku) == {"on_hand": 4, "locked": 0, "transit": 0, "available": 4}


async def test_a_merchant_without_order_settings_ships_one_parcel(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 5, "B": 5})
    order_id, parcels = await handed(client, staff, store, dict.fromkeys(store.skus, 1))
    assert len(parcels) == 1 and await parcels_shown(client, staff, order_id) == [(list(store.skus), "PENDING")]


async def test_cancelling_withdraws_every_parcel_or_none_when_one_is_packed(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, parcels = await split_by_line(client, staff)
    a, b = store.skus
    packed = {"ids": [parcels[1]["id"]]}
    await step(client, staff, "wave", packed)
    await step(client, staff, "picked", packed)
    await step(client, staff, "pack", {"courierId": await courier(),
                                       "parcels": [{"id": parcels[1]["id"], "trackingNo": f"CX-{order_id}"}]})
    refused = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert refused.status_code == 409 and refused.json()["code"] == "ORDER_CANCEL_IN_WAREHOUSE"
    assert parcels[1]["orderNo"] in refused.json()["message"]
    # nothing of the refused cancel stays: the first parcel is still pending, both locks stand
    assert [status for _, status in await parcels_shown(client, staff, order_id)] == ["PENDING", "SHIPPING"]
    assert (await channel.stock_of(store, a))["locked"] == 2 and (await channel.stock_of(store, b))["locked"] == 3

    await step(client, staff, "cancel", packed)  # the warehouse stops the packed parcel itself
    cancelled = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert cancelled.status_code == 200, cancelled.text
    assert [status for _, status in await parcels_shown(client, staff, order_id)] == ["CANCELLED", "CANCELLED"]
    for sku in (a, b):
        assert await channel.stock_of(store, sku) == {"on_hand": 10, "locked": 0, "transit": 0, "available": 10}


async def buyer_orders(store: Stocked, *lines: dict[str, int], **fields) -> list[int]:
    """READY orders of one buyer at one address, placed a few minutes apart."""
    first = datetime.now(UTC) - timedelta(hours=1)
    address = {"recipient_name": "Dewi", "recipient_phone": "+628123", "address_line1": "Jl. Mawar 7",
               "city": "Bandung", "postcode": "40111"} | fields
    made = []
    for n, order_lines in enumerate(lines):
        order_id = await channel.new_order(store, order_lines, ordered_at=first + timedelta(minutes=10 * n), **address)
        assert (await channel.act(order_id, "ACCEPT")).status == "READY"
        made.append(order_id)
    return made


async def test_a_buyers_orders_within_the_window_leave_in_one_package_and_ship_together(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 10, "B": 10})
    a, b = store.skus
    await split(client, staff, store, autoMerge=True, mergeWindowMinutes=30)
    first, second = await buyer_orders(store, {a: 1}, {a: 2, b: 1})
    # an order of the buyer placed now (out of the window), and one to another address, stay apart
    later = await channel.new_order(store, {b: 1}, recipient_name="Dewi", recipient_phone="+628123",
                                    address_line1="Jl. Mawar 7", city="Bandung", postcode="40111")
    await channel.act(later, "ACCEPT")
    (elsewhere,) = await buyer_orders(store, {b: 1}, address_line1="Jl. Melati 2")

    reply = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": first})
    assert reply.status_code == 200, reply.text
    shown = await client.get(f"/cms/order-fulfilment/{second}", headers=staff)
    (parcel,) = shown.json()["data"]["parcels"]
    assert (parcel["skus"], parcel["withOrders"]) == ([a, b], [await number_of(first)])
    found = await search(client, staff, orderNo=parcel["orderNo"])
    assert found["items"][0]["content"] == f"{a} x 3; {b} x 1"
    for number in (await number_of(first), await number_of(second)):  # found by either order it carries
        assert [row["id"] for row in (await search(client, staff, channelOrderNo=number))["items"]] == [parcel["id"]]
    assert (found["items"][0]["channelOrderNo"], found["items"][0]["mergedOrders"]) == (
        await number_of(first), await number_of(second))
    label = await client.post("/cms/hot-print/sheet", headers=staff, json={"ids": [parcel["id"]]})
    assert label.status_code == 200, label.text
    assert f"{await number_of(first)}, {await number_of(second)}" in label.text  # the label names both orders
    picking = await client.get(f"/cms/stock-order/{parcel['id']}/picking-list", headers=staff)
    assert f"<dd>{await number_of(first)}, {await number_of(second)}</dd>" in picking.text  # and the picking list
    # both orders' reservations became the one package's lock, once
    assert await channel.stock_of(store, a) == {"on_hand": 10, "locked": 3, "transit": 0, "available": 7}
    for alone in (later, elsewhere):
        assert await parcels_shown(client, staff, alone) == []

    for one, other in ((first, second), (second, first)):
        assert await last_event(client, staff, one) == (
            "TO_WAREHOUSE", f"Handed to the warehouse in package {parcel['orderNo']}, merged with order "
            f"{await number_of(other)}")
    ids = {"ids": [parcel["id"]]}
    await step(client, staff, "wave", ids)
    await step(client, staff, "picked", ids)
    await step(client, staff, "pack", {"courierId": await courier(),
                                       "parcels": [{"id": parcel["id"], "trackingNo": f"MX-{first}"}]})
    # packed: one order of the package can no longer be cancelled alone; the message names the other and the state
    refused = await client.post("/cms/order/cancel", headers=staff, json={"id": second})
    assert refused.status_code == 409 and refused.json()["code"] == "ORDER_CANCEL_MERGED"
    assert await number_of(first) in refused.json()["message"] and "Packed" in refused.json()["message"]
    await step(client, staff, "handover", ids)
    assert (await status_of(first), await status_of(second)) == ("SHIPPING", "SHIPPING")
    assert await channel.stock_of(store, a) == {"on_hand": 7, "locked": 0, "transit": 0, "available": 7}
    assert [state for _, state, _ in await channel.line_states(second)] == ["SHIPPED", "SHIPPED"]


async def test_shipping_a_merged_order_from_the_console_ships_the_orders_in_its_package(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    await split(client, staff, store, autoMerge=True, mergeWindowMinutes=30)
    first, second = await buyer_orders(store, {a: 1}, {a: 2})
    assert (await client.post("/cms/order/to-warehouse", headers=staff, json={"id": second})).status_code == 200
    assert (await channel.act(first, "SHIP")).status == "SHIPPING"
    assert await status_of(second) == "SHIPPING"
    assert await channel.stock_of(store, a) == {"on_hand": 7, "locked": 0, "transit": 0, "available": 7}
    assert await last_event(client, staff, second) == (
        "SHIP", f"Shipped with order {await number_of(first)}, in the same package")


async def number_of(order_id: int) -> str:
    async with transaction() as db:
        return str(await db.scalar(select(Order.channel_order_no).where(Order.id == order_id)))


async def last_event(client, staff, order_id: int) -> tuple[str, str | None]:
    details = await client.get(f"/cms/order/{order_id}/details", headers=staff)
    last = details.json()["data"]["timeline"][-1]
    return last["kind"], last["note"]
