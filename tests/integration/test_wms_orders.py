"""The order process (SPEC §4 outbound working status, WMS order states) against real PostgreSQL: allocate, wave,
picked, pack (tracking number required, unique per carrier), hand over (ships through the ledger), abnormal
packages and their resumption, cancel (lock released once); every refusal names the state the order is in; the
tabs' counts kept by the trigger; data authority; an order fulfilling a channel order ships that order."""

from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from domain.models.orders import Order
from tests.integration import fulfilment_support as channel
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_order_support import figures, place_with_stock
from tests.integration.stock_sync_support import stocked_store
from tests.integration.wms_order_support import STAFF, courier, outbound, search, step


def working(reply: dict) -> list[tuple[str, str]]:
    return [(o["workingStatus"], o["wmsStatus"]) for o in reply["data"]["orders"]]


async def test_two_orders_go_through_wave_pick_pack_and_hand_over(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    first, second = [await outbound(client, staff, place) for _ in range(2)]
    ids = [first["id"], second["id"]]
    listed = await search(client, staff, warehouseId=place.warehouse_id)
    assert listed["total"] == 2 and listed["tabs"]["PENDING"] == 2 and listed["tabs"]["ALL"] == 2
    assert {o["wmsStatus"] for o in listed["items"]} == {"PENDING"}
    assert listed["items"][0]["content"] == f"{place.sku} x 2"

    early = await step(client, staff, "picked", {"ids": ids}, 409)
    assert early["code"] == "WMS_ORDER_ILLEGAL_TRANSITION"
    assert {r["current"] for r in early["data"]["refused"]} == {"enums.OutboundWorkingStatus.CREATE"}
    assert "Created" in early["message"]

    waved = await step(client, staff, "wave", {"ids": ids})
    assert waved["data"]["waveNo"].startswith("WV")
    assert working(waved) == [("PICKING_PROCESS", "SHIPPING")] * 2
    assert {o["waveNo"] for o in waved["data"]["orders"]} == {waved["data"]["waveNo"]}
    assert working(await step(client, staff, "picked", {"ids": ids})) == [("SORTING_AND_REVIEWING", "SHIPPING")] * 2

    carrier = await courier()
    missing = await step(client, staff, "pack", {"courierId": carrier, "parcels": [
        {"id": first["id"], "trackingNo": "JX-1"}, {"id": second["id"], "trackingNo": " "}]}, 422)
    assert missing["data"]["errors"][0] == {**missing["data"]["errors"][0], "field": "parcels[1].trackingNo",
                                            "rule": "required"}
    twice = await step(client, staff, "pack", {"courierId": carrier, "parcels": [
        {"id": first["id"], "trackingNo": "JX-1"}, {"id": second["id"], "trackingNo": "JX-1"}]}, 422)
    assert twice["data"]["errors"][0]["rule"] == "wms_order_tracking_no_repeated"
    packed = await step(client, staff, "pack", {"courierId": carrier, "parcels": [
        {"id": first["id"], "trackingNo": "JX-1"}, {"id": second["id"], "trackingNo": "JX-2"}]})
    assert working(packed) == [("PACKED", "SHIPPING")] * 2
    assert [o["logisticNo"] for o in packed["data"]["orders"]] == ["JX-1", "JX-2"]

    other = await outbound(client, staff, place)  # the carrier's number is taken by another parcel
    await step(client, staff, "wave", {"ids": [other["id"]]})
    await step(client, staff, "picked", {"ids": [other["id"]]})
    taken = await step(client, staff, "pack", {"courierId": carrier, "parcels": [
        {"id": other["id"], "trackingNo": "JX-2"}]}, 422)
    assert taken["data"]["errors"][0]["rule"] == "wms_order_tracking_no_taken"
    assert figures_before_ship(await figures(place))

    handed = await step(client, staff, "handover", {"ids": ids})
    assert working(handed) == [("OUTBOUND_DONE", "COMPLETED")] * 2
    assert await figures(place) == {"on_hand": 6, "locked": 2, "transit": 0, "available": 4}
    again = await step(client, staff, "handover", {"ids": ids}, 409)  # nothing ships twice
    assert again["data"]["refused"][0]["current"] == "enums.WarehouseDocumentStatus.COMPLETE"
    tabs = (await search(client, staff, warehouseId=place.warehouse_id))["tabs"]
    assert (tabs["COMPLETED"], tabs["SHIPPING"], tabs["ALL"]) == (2, 1, 3)

    history = (await client.get(f"/cms/wms-order/{first['id']}/history", headers=staff)).json()["data"]
    assert [h["action"] for h in history] == ["CREATE", "WAVE", "PICKED", "PACK", "HANDOVER", "SHIP"]
    async with transaction() as db:
        audited = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "StockOrder", EntityChange.entity_id == str(first["id"]))
            .order_by(EntityChange.id))).all()
    assert audited == ["create", "wms_wave", "wms_picked", "wms_pack", "wms_handover", "ship"]


def figures_before_ship(found: dict[str, int]) -> bool:
    return found == {"on_hand": 10, "locked": 6, "transit": 0, "available": 4}


async def test_a_short_pick_holds_the_order_as_abnormal_until_resumed(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    order = await outbound(client, staff, place)
    ref = {"ids": [order["id"]]}
    early = await step(client, staff, "abnormal", {**ref, "reason": "SHORT_PICK"}, 409)  # nothing picked yet
    assert early["data"]["refused"][0]["current"] == "enums.OutboundWorkingStatus.CREATE"
    await step(client, staff, "wave", ref)
    other = await step(client, staff, "abnormal", {**ref, "reason": "OTHER"}, 422)
    assert other["data"]["errors"][0]["field"] == "note"
    held = await step(client, staff, "abnormal", {**ref, "reason": "SHORT_PICK", "note": "bin empty"})
    assert held["data"]["orders"][0]["wmsStatus"] == "ABNORMAL"
    assert held["data"]["orders"][0]["abnormalReason"] == "SHORT_PICK"
    refused = await step(client, staff, "picked", ref, 409)
    assert refused["data"]["refused"][0]["current"] == "enums.AbnormalReason.SHORT_PICK"
    assert (await search(client, staff, warehouseId=place.warehouse_id))["tabs"]["ABNORMAL"] == 1
    resumed = await step(client, staff, "resume", ref)
    assert working(resumed) == [("PICKING_PROCESS", "SHIPPING")]
    assert (await step(client, staff, "resume", ref, 409))["code"] == "WMS_ORDER_ILLEGAL_TRANSITION"
    assert (await search(client, staff, warehouseId=place.warehouse_id))["tabs"]["ABNORMAL"] == 0


async def test_cancel_releases_the_lock_once_and_a_batch_is_all_or_nothing(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    first, second = [await outbound(client, staff, place) for _ in range(2)]
    await step(client, staff, "wave", {"ids": [first["id"]]})
    mixed = await step(client, staff, "allocate", {"ids": [first["id"], second["id"]]}, 409)
    assert [r["orderNo"] for r in mixed["data"]["refused"]] == [first["orderNo"]]
    assert (await search(client, staff, orderNo=second["orderNo"]))["items"][0]["workingStatus"] == "CREATE"
    cancelled = await step(client, staff, "cancel", {"ids": [first["id"]]})
    assert cancelled["data"]["orders"][0]["wmsStatus"] == "CANCELLED"
    assert await figures(place) == {"on_hand": 10, "locked": 2, "transit": 0, "available": 8}
    assert (await step(client, staff, "cancel", {"ids": [first["id"]]}, 409))["code"] == "WMS_ORDER_ILLEGAL_TRANSITION"
    assert await figures(place) == {"on_hand": 10, "locked": 2, "transit": 0, "available": 8}
    assert (await step(client, staff, "wave", {"ids": []}, 422))["data"]["errors"][0]["field"] == "ids"
    assert (await step(client, staff, "wave", {"ids": [first["id"] + 10**9]}, 404))["code"] == "NOT_FOUND"


async def test_orders_and_counts_follow_the_data_authority_and_the_permissions(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10, country="MY")
    order = await outbound(client, staff, place)
    user = await create_user(*STAFF, country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    found = await search(client, scoped, warehouseId=place.warehouse_id)
    assert found["total"] == 0 and found["tabs"]["ALL"] == 0
    assert (await search(client, scoped, orderNo=order["orderNo"]))["tabs"]["ALL"] == 0
    assert (await step(client, scoped, "wave", {"ids": [order["id"]]}, 404))["code"] == "NOT_FOUND"
    assert (await client.get(f"/cms/wms-order/{order['id']}/history", headers=scoped)).status_code == 404
    viewer = await login_as("order-process")
    assert (await step(client, viewer, "wave", {"ids": [order["id"]]}, 403))["code"] == "NO_PERMISSION"
    inbound = await client.post("/cms/stock-order/add", headers=staff, json={
        "merchantId": place.merchant_id, "warehouseId": place.warehouse_id, "orderType": "PURCHASE_INBOUND",
        "lines": [{"sku": place.sku, "quantity": 1}]})
    assert (await search(client, staff, warehouseId=place.warehouse_id))["total"] == 1  # outbound orders only
    assert (await step(client, staff, "wave", {"ids": [inbound.json()["data"]["id"]]}, 404))["code"] == "NOT_FOUND"


async def test_handing_over_an_order_of_a_channel_order_ships_the_channel_order(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 10})
    sku = store.skus[0]
    order_id = await channel.new_order(store, {sku: 3}, recipient_name="Budi", city="Jakarta")
    accepted = await channel.act(order_id, "ACCEPT")
    assert accepted.status == "READY"
    async with transaction() as db:
        row = await db.scalar(select(Order).where(Order.id == order_id))
        assert row is not None
        number, at = row.channel_order_no, row.ordered_at
    place = store.place
    made = await client.post("/cms/stock-order/add", headers=staff, json={
        "merchantId": store.merchant_id, "warehouseId": place.warehouse_id, "orderType": "SALES_OUTBOUND",
        "shopId": store.shop_id, "channelOrderNo": number, "channelOrderedAt": at.isoformat(),
        "lines": [{"sku": sku, "quantity": 3}]})
    assert made.status_code == 200, made.text
    wms = made.json()["data"]
    shown = (await search(client, staff, orderNo=wms["orderNo"]))["items"][0]
    assert (shown["recipientName"], shown["channelOrderNo"]) == ("Budi", number)
    assert "Jakarta" in shown["recipientAddress"] and shown["channel"] == "SHOPEE_ID"
    ids = {"ids": [wms["id"]]}
    await step(client, staff, "wave", ids)
    await step(client, staff, "picked", ids)
    await step(client, staff, "pack", {"courierId": await courier(), "parcels": [{"id": wms["id"],
                                                                                  "trackingNo": "SPX-9"}]})
    handed = await step(client, staff, "handover", ids)
    assert working(handed) == [("OUTBOUND_DONE", "COMPLETED")]
    async with transaction() as db:
        assert await db.scalar(select(Order.status).where(Order.id == order_id)) == "SHIPPING"
    assert await channel.stock_of(store, sku) == {"on_hand": 7, "locked": 0, "transit": 0, "available": 7}
