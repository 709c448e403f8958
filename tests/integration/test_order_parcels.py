"""An accepted order leaves its warehouse in parcels, as its merchant's order settings split it (split rule, lines
per package; domain/rules/erp_settings.parcels): each parcel is an outbound order of the order process carrying
some of its SKUs, the reservation handed to their locks once. The channel order ships with its last parcel, its
cancel withdraws every parcel (or none, when one is packed), and its detail lists the parcels."""

from sqlalchemy import select

from domain.db import transaction
from domain.models.orders import Order
from tests.integration import fulfilment_support as channel
from tests.integration.stock_sync_support import Stocked, stocked_store
from tests.integration.wms_order_support import STAFF, courier, search, step

ORDER_STAFF = (*STAFF, "order-list", "order-detail", "order#cancel", "order#ship", "order#accept", "order-setting",
               "erp-settings#edit")


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


async def test_an_order_split_by_line_leaves_in_a_parcel_a_sku_and_ships_with_the_last(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 10, "B": 10})
    a, b = store.skus
    await split(client, staff, store, splitRule="BY_LINE")
    order_id, parcels = await handed(client, staff, store, {a: 2, b: 3})
    assert sorted(p["content"] for p in parcels) == [f"{a} x 2", f"{b} x 3"]
    assert {p["recipientName"] for p in parcels} == {"Sari"}
    # the reservation became the parcels' locks: nothing locked twice
    assert (await channel.stock_of(store, a))["locked"] == 2 and (await channel.stock_of(store, b))["locked"] == 3
    assert await parcels_shown(client, staff, order_id) == [([a], "PENDING"), ([b], "PENDING")]
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
    for sku in (a, b, c):
        assert await channel.stock_of(store, sku) == {"on_hand": 4, "locked": 0, "transit": 0, "available": 4}


async def test_a_merchant_without_order_settings_ships_one_parcel(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 5, "B": 5})
    order_id, parcels = await handed(client, staff, store, dict.fromkeys(store.skus, 1))
    assert len(parcels) == 1 and await parcels_shown(client, staff, order_id) == [(list(store.skus), "PENDING")]


async def test_cancelling_withdraws_every_parcel_or_none_when_one_is_packed(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store = await stocked_store(stock={"A": 10, "B": 10})
    a, b = store.skus
    await split(client, staff, store, splitRule="BY_LINE")
    order_id, parcels = await handed(client, staff, store, {a: 2, b: 3})
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
