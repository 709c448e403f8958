"""A channel order handed to its warehouse's order process (POST /cms/order/to-warehouse) and then cancelled:
before the warehouse packs it, the cancel cancels its outbound order and releases the stock once through the
ledger; from PACKED on, the cancel is refused naming the WMS state, and only the warehouse's own cancel (before the
hand-over) stops it; after that the channel order cancels without releasing anything twice."""

from sqlalchemy import func, select

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.stock import StockChange
from services.orders import fulfilment
from tests.integration import fulfilment_support as channel
from tests.integration.stock_sync_support import Stocked, stocked_store
from tests.integration.wms_order_support import STAFF, courier, search, step

ORDER_STAFF = (*STAFF, "order-list", "order-detail", "order#cancel", "order#ship", "order#accept")


async def handed(client, staff, quantity: int = 3) -> tuple[Stocked, int, dict]:
    """A store with 10 units of a SKU, and a ready order of `quantity` of it handed to the warehouse."""
    store = await stocked_store(stock={"A": 10})
    order_id = await channel.new_order(store, {store.skus[0]: quantity}, recipient_name="Sari")
    assert (await channel.act(order_id, "ACCEPT")).status == "READY"
    reply = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": order_id})
    assert reply.status_code == 200, reply.text
    number = reply.json()["data"]["channelOrderNo"]
    found = await search(client, staff, channelOrderNo=number)
    assert found["total"] == 1
    return store, order_id, found["items"][0]


async def releases(store: Stocked) -> int:
    async with transaction() as db:
        return int(await db.scalar(select(func.count()).select_from(StockChange).where(
            StockChange.warehouse_id == store.place.warehouse_id, StockChange.sku == store.skus[0],
            StockChange.movement_type == StockMovementType.RELEASE_OUTBOUND)) or 0)


async def test_a_ready_order_reaches_the_order_process_and_others_are_refused(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, wms = await handed(client, staff)
    sku = store.skus[0]
    assert (wms["wmsStatus"], wms["workingStatus"], wms["content"]) == ("PENDING", "CREATE", f"{sku} x 3")
    assert wms["recipientName"] == "Sari"
    # the reservation became the outbound order's lock: nothing locked twice
    assert await channel.stock_of(store, sku) == {"on_hand": 10, "locked": 3, "transit": 0, "available": 7}
    assert [state for _, state, _ in await channel.line_states(order_id)] == ["RELEASED"]
    again = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": order_id})
    assert again.status_code == 200  # joined, not a second order
    assert (await search(client, staff, channelOrderNo=wms["channelOrderNo"]))["total"] == 1

    pending = await channel.new_order(store, {sku: 1})
    refused = await client.post("/cms/order/to-warehouse", headers=staff, json={"id": pending})
    assert refused.status_code == 409 and refused.json()["code"] == "ORDER_NOT_READY"
    assert "Pending" in refused.json()["message"]
    viewer = await login_as("order-list", "order-detail")
    denied = await client.post("/cms/order/to-warehouse", headers=viewer, json={"id": order_id})
    assert denied.status_code == 403


async def test_cancelling_before_packing_cancels_the_outbound_order_and_releases_once(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, wms = await handed(client, staff)
    await step(client, staff, "wave", {"ids": [wms["id"]]})
    await step(client, staff, "picked", {"ids": [wms["id"]]})
    before = await releases(store)
    cancelled = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["data"]["status"] == "CANCELLED"
    shown = (await search(client, staff, orderNo=wms["orderNo"]))["items"][0]
    assert shown["wmsStatus"] == "CANCELLED"
    assert await channel.stock_of(store, store.skus[0]) == {"on_hand": 10, "locked": 0, "transit": 0,
                                                            "available": 10}
    assert await releases(store) == before + 1
    repeat = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert repeat.status_code == 409
    assert await releases(store) == before + 1
    assert await channel.stock_of(store, store.skus[0]) == {"on_hand": 10, "locked": 0, "transit": 0,
                                                            "available": 10}


async def test_a_packed_order_refuses_the_channel_cancel_naming_its_wms_state(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, wms = await handed(client, staff)
    ids = {"ids": [wms["id"]]}
    await step(client, staff, "wave", ids)
    await step(client, staff, "picked", ids)
    await step(client, staff, "pack", {"courierId": await courier(), "parcels": [{"id": wms["id"],
                                                                                  "trackingNo": "CX-1"}]})
    refused = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert refused.status_code == 409, refused.text
    reply = refused.json()
    assert reply["code"] == "ORDER_CANCEL_IN_WAREHOUSE"
    assert wms["orderNo"] in reply["message"] and "Packed" in reply["message"]
    zh = await client.post("/cms/order/cancel", headers={**staff, "Accept-Language": "zh-CN"}, json={"id": order_id})
    assert "已无法取消" in zh.json()["message"]
    details = (await client.get(f"/cms/order/{order_id}/details", headers=staff)).json()["data"]
    assert details["status"] == "READY"
    assert await channel.stock_of(store, store.skus[0]) == {"on_hand": 10, "locked": 3, "transit": 0,
                                                            "available": 7}

    # the warehouse stops the parcel itself (before the hand-over); the channel order then cancels, nothing twice
    await step(client, staff, "cancel", ids)
    before = await releases(store)
    cancelled = await client.post("/cms/order/cancel", headers=staff, json={"id": order_id})
    assert cancelled.status_code == 200, cancelled.text
    assert await releases(store) == before
    assert await channel.stock_of(store, store.skus[0]) == {"on_hand": 10, "locked": 0, "transit": 0,
                                                            "available": 10}


async def test_holding_and_releasing_a_handed_over_order_reserves_nothing_again(client, login_as):
    staff = await login_as(*ORDER_STAFF)
    store, order_id, _ = await handed(client, staff)
    sku = store.skus[0]
    assert (await channel.act(order_id, "HOLD", cause="SYNC_DELAY")).status == "ABNORMAL"
    async with transaction() as db:
        resumed = await fulfilment.resume(db, None, order_id)
    assert resumed.status == "READY"  # its outbound order holds its stock: nothing to reserve twice
    assert await channel.stock_of(store, sku) == {"on_hand": 10, "locked": 3, "transit": 0, "available": 7}
    assert [state for _, state, _ in await channel.line_states(order_id)] == ["RELEASED"]
