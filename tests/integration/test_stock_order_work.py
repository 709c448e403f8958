"""The warehouse's side of inbound and outbound orders (SPEC §4 warehouse document, push, print and outbound working
statuses) against real PostgreSQL: a push leaves the order PENDING in its warehouse or fails (abnormal), a printed
picking list, pick and pack move the working status, a full shipment ends it; each is audited and in the order's
history. And an outbound order for a channel order: the product flow shows its channel order number."""

from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.audit import EntityChange
from domain.models.warehouses import Warehouse
from tests.integration.stock_order_support import ORDERS, Place, act, changes_of, create, figures, place_with_stock
from tests.integration.stock_sync_support import stocked_store

STAFF = (*ORDERS, "stock-order#push", "stock-order#print", "product-flow")


async def audited(order_id: int) -> list[str]:
    async with transaction() as db:
        return list((await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "StockOrder", EntityChange.entity_id == str(order_id))
            .order_by(EntityChange.id))).all())


def statuses(order: dict) -> tuple[str, str, str, str]:
    return order["status"], order["pushStatus"], order["workingStatus"], order["printStatus"]


async def test_an_outbound_order_is_pushed_printed_picked_packed_and_shipped(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "SALES_OUTBOUND", logisticNo="AWB-1"))["data"]
    ref = {"id": order["id"]}
    assert statuses(order) == ("CREATE", "NORMAL", "CREATE", "NOT_PRINTED")
    picked_early = await act(client, staff, "pick", ref, 409)
    assert picked_early["code"] == "STOCK_ORDER_WORKING_TRANSITION"
    assert picked_early["message"] == (f'Order {order["orderNo"]} is "Created" in the warehouse; '
                                       'it cannot take the action "Pick"')

    pushed = (await act(client, staff, "push", ref))["data"]
    assert statuses(pushed) == ("PENDING", "SUCCESS", "SYNC_SUCCESS", "NOT_PRINTED")
    again = (await act(client, staff, "push", ref))["data"]  # a double click: nothing more
    assert again["revision"] == pushed["revision"]
    assert statuses((await act(client, staff, "print", ref))["data"]) == ("PENDING", "SUCCESS", "SYNC_SUCCESS",
                                                                         "PRINTED")
    assert (await act(client, staff, "pick", ref))["data"]["workingStatus"] == "PICKING_PROCESS"
    packed = (await act(client, staff, "pack", ref))["data"]
    assert packed["workingStatus"] == "PACKED"
    shipped = (await act(client, staff, "ship", {"id": order["id"], "revision": packed["revision"],
                                                 "quantities": [10]}))["data"]
    assert statuses(shipped) == ("COMPLETE", "SUCCESS", "OUTBOUND_DONE", "PRINTED")
    assert (await act(client, staff, "pack", ref, 409))["code"] == "STOCK_ORDER_WORKING_TRANSITION"

    assert await audited(order["id"]) == ["create", "push", "print", "pick", "pack", "ship"]
    details = (await client.get(f"/cms/stock-order/{order['id']}/details", headers=staff)).json()["data"]
    assert [a["action"] for a in details["actions"]] == ["CREATE", "PUSH", "PRINT", "PICK", "PACK", "SHIP"]


async def test_a_push_the_warehouse_refuses_fails_until_it_is_pushed_again(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    inbound = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    async with transaction() as db:
        await db.execute(update(Warehouse).where(Warehouse.id == place.warehouse_id).values(enabled=False))
    failed = (await act(client, staff, "push", {"id": order["id"]}))["data"]
    assert statuses(failed) == ("CREATE", "FAIL", "SYNC_FAIL", "NOT_PRINTED")
    refused = await act(client, staff, "mass-outbound", {"ids": [order["id"]]}, 409)  # abnormal now
    assert refused["data"]["ineligible"] == [{"orderNo": order["orderNo"], "reason": "ABNORMAL"}]
    assert (await act(client, staff, "push", {"id": inbound["id"]}))["data"]["pushStatus"] == "FAIL"

    async with transaction() as db:
        await db.execute(update(Warehouse).where(Warehouse.id == place.warehouse_id).values(enabled=True))
    pushed = (await act(client, staff, "push", {"id": order["id"]}))["data"]  # no air waybill given
    assert statuses(pushed) == ("PENDING", "SUCCESS_WITHOUT_AWB", "SYNC_SUCCESS", "NOT_PRINTED")
    inbound_pushed = (await act(client, staff, "push", {"id": inbound["id"]}))["data"]
    assert (inbound_pushed["status"], inbound_pushed["pushStatus"]) == ("PENDING", "SUCCESS")
    wrong = await act(client, staff, "print", {"id": inbound["id"]}, 409)
    assert wrong["code"] == "STOCK_ORDER_WRONG_DIRECTION"
    assert await audited(order["id"]) == ["create", "push", "push"]


async def test_the_work_actions_need_their_buttons(client, login_as):
    staff = await login_as(*ORDERS)
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    for path in ("push", "print"):
        assert (await client.post(f"/cms/stock-order/{path}", headers=staff, json={"id": order["id"]})
                ).status_code == 403


async def test_the_product_flow_shows_the_channel_order_an_outbound_order_fulfils(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 10})
    place = Place(store.merchant_id, store.place.warehouse_id, store.skus[0])
    channel = {"shopId": store.shop_id, "channelOrderNo": "SHP-2611-77", "channelOrderedAt": "2026-11-25T08:00:00Z"}
    order = (await create(client, staff, place, "SALES_OUTBOUND", lines=[{"sku": place.sku, "quantity": 4}],
                          **channel))["data"]
    assert (order["shopId"], order["channelOrderNo"]) == (store.shop_id, "SHP-2611-77")
    await act(client, staff, "ship", {"id": order["id"], "revision": 0, "quantities": [4]})
    flow = (await client.post("/cms/stock-sync/flow/search", headers=staff,
                              json={"merchantId": store.merchant_id, "sort": "id"})).json()["data"]["items"]
    rows = [(r["movementType"], r["erpOrderNo"], r["channelOrderNo"]) for r in flow]
    assert rows[1:] == [("lock_outbound", order["orderNo"], "SHP-2611-77"),
                        ("package_outbound", order["orderNo"], "SHP-2611-77")]
    assert rows[0][0] == "manual_inbound" and rows[0][2] is None  # not from a channel order

    for body, field, rule in (({**channel, "shopId": None}, "shopId", "stock_order_channel_all"),
                              ({"channelOrderNo": "X-1"}, "shopId", "stock_order_channel_all"),
                              ({**channel, "channelOrderNo": "INV 1"}, "channelOrderNo", "stock_order_no")):
        refused = await create(client, staff, place, "SALES_OUTBOUND", 422, **body)
        assert (refused["data"]["errors"][0]["field"], refused["data"]["errors"][0]["rule"]) == (field, rule)
    inbound = await create(client, staff, place, "PURCHASE_INBOUND", 422, **channel)
    assert inbound["data"]["errors"][0]["rule"] == "stock_order_channel_outbound_only"
    other = await stocked_store()
    foreign = await create(client, staff, place, "SALES_OUTBOUND", 422, **{**channel, "shopId": other.shop_id})
    assert foreign["data"]["errors"][0]["field"] == "shopId"


async def test_the_warehouse_confirms_allocates_reviews_and_hands_over_and_a_cancel_it_refuses_fails(client, login_as):
    """SPEC §4 push RECEIVED_PULL_AWB, working RECEIVED, ALLOCATED, SORTING_AND_REVIEWING, WAITING_PICKUP, then a
    void asked of the warehouse (CANCELING) that it refuses, having shipped (CANCEL_FAIL): the lock stays until the
    shipment is booked."""
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    ref = {"id": order["id"]}
    assert (await act(client, staff, "confirm", ref, 409))["code"] == "STOCK_ORDER_WORKING_TRANSITION"  # not pushed
    await act(client, staff, "push", ref)
    confirmed = (await act(client, staff, "confirm", ref))["data"]
    assert statuses(confirmed) == ("PENDING", "RECEIVED_PULL_AWB", "RECEIVED", "NOT_PRINTED")
    assert (await act(client, staff, "confirm", ref))["data"]["revision"] == confirmed["revision"]  # a repeat
    assert (await act(client, staff, "review", ref, 409))["code"] == "STOCK_ORDER_WORKING_TRANSITION"
    for path, working in (("allocate", "ALLOCATED"), ("pick", "PICKING_PROCESS"), ("review", "SORTING_AND_REVIEWING"),
                          ("pack", "PACKED"), ("handover", "WAITING_PICKUP")):
        assert (await act(client, staff, path, ref))["data"]["workingStatus"] == working

    canceling = (await act(client, staff, "void", ref))["data"]
    assert (canceling["status"], canceling["workingStatus"]) == ("PENDING", "CANCELING")
    assert (await figures(place))["locked"] == 10  # nothing released before the warehouse answers
    assert (await act(client, staff, "void", ref))["data"]["revision"] == canceling["revision"]  # asked already
    assert (await act(client, staff, "ship", {**ref, "revision": canceling["revision"], "quantities": [10]},
                      409))["code"] == "STOCK_ORDER_WORKING_TRANSITION"
    failed = (await act(client, staff, "cancel-refused", ref))["data"]
    assert (failed["status"], failed["workingStatus"]) == ("PENDING", "CANCEL_FAIL")
    refused = await act(client, staff, "mass-outbound", {"ids": [order["id"]]}, 409)  # abnormal
    assert refused["data"]["ineligible"] == [{"orderNo": order["orderNo"], "reason": "ABNORMAL"}]
    shipped = (await act(client, staff, "ship", {**ref, "revision": failed["revision"], "quantities": [10]}))["data"]
    assert (shipped["status"], shipped["workingStatus"]) == ("COMPLETE", "OUTBOUND_DONE")
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 0, "available": 0}
    assert await audited(order["id"]) == ["create", "push", "confirm", "allocate", "pick", "review", "pack",
                                          "handover", "void", "cancel_refused", "ship"]


async def test_a_cancel_the_warehouse_confirms_releases_the_lock_once(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "SALES_OUTBOUND", logisticNo="AWB-7"))["data"]
    ref = {"id": order["id"]}
    assert (await act(client, staff, "cancel-done", ref, 409))["code"] == "STOCK_ORDER_WORKING_TRANSITION"
    await act(client, staff, "push", ref)
    assert (await act(client, staff, "confirm", ref))["data"]["pushStatus"] == "RECEIVED"
    canceling = (await act(client, staff, "mass-cancel", {"ids": [order["id"]]}))["data"]["orders"][0]
    assert (canceling["status"], canceling["workingStatus"]) == ("PENDING", "CANCELING")
    again = await act(client, staff, "mass-cancel", {"ids": [order["id"]]}, 409)
    assert again["data"]["ineligible"] == [{"orderNo": order["orderNo"], "reason": "CANCELING"}]
    assert (await figures(place))["locked"] == 10

    cancelled = (await act(client, staff, "cancel-done", ref))["data"]
    assert (cancelled["status"], cancelled["workingStatus"]) == ("INVALID", "CREATE")
    assert await figures(place) == {"on_hand": 10, "locked": 0, "transit": 0, "available": 10}
    assert (await act(client, staff, "cancel-done", ref))["data"]["revision"] == cancelled["revision"]  # a repeat
    assert (await figures(place))["available"] == 10
    assert await changes_of(order["orderNo"], StockMovementType.RELEASE_OUTBOUND) == 1
    details = (await client.get(f"/cms/stock-order/{order['id']}/details", headers=staff)).json()["data"]
    assert [(a["action"], a["quantities"]) for a in details["actions"]] == [
        ("CREATE", [10]), ("PUSH", []), ("CONFIRM", []), ("VOID", []), ("CANCEL_DONE", [10])]


async def test_an_inbound_order_pushed_is_confirmed_received_by_its_warehouse(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock()
    order = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    await act(client, staff, "push", {"id": order["id"]})
    confirmed = (await act(client, staff, "confirm", {"id": order["id"]}))["data"]
    assert (confirmed["status"], confirmed["pushStatus"], confirmed["workingStatus"]) == ("PENDING", "RECEIVED", None)
    wrong = await act(client, staff, "allocate", {"id": order["id"]}, 409)
    assert wrong["code"] == "STOCK_ORDER_WRONG_DIRECTION"
