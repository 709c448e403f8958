"""Inbound and outbound orders against real PostgreSQL (SPEC §3, §4, §5, §8): every stock change goes through the
ledger's movement primitive keyed by the order and the action, so a repeated or concurrent call moves stock once;
refusals change nothing; every action is audited and in the order's history."""

import asyncio

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from domain.models.stock_orders import StockOrder
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_order_support import ORDERS, act, changes_of, create, figures, place_with_stock


@pytest.fixture
async def staff(login_as):
    return await login_as(*ORDERS)


async def test_receive_part_of_an_inbound_order_then_cancel_releases_the_rest_of_its_transit_once(client, staff):
    """SPEC §4: "Cancelling an inbound order releases the SKU's in-transit stock." A part received stays."""
    place = await place_with_stock()
    order = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    assert (order["status"], order["direction"], order["plannedQuantity"]) == ("CREATE", "INBOUND", 10)
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 10, "available": 0}

    receipt = {"id": order["id"], "revision": order["revision"], "quantities": [4]}
    received = (await act(client, staff, "receive", receipt))["data"]
    assert (received["status"], received["actualQuantity"], received["lines"][0]["done"]) == ("PART_COMPLETE", 4, 4)
    again = (await act(client, staff, "receive", receipt))["data"]  # the same request again: a retry
    assert again["actualQuantity"] == 4 and again["revision"] == received["revision"]
    assert await figures(place) == {"on_hand": 4, "locked": 0, "transit": 6, "available": 4}

    twice = await asyncio.gather(*(client.post("/cms/stock-order/cancel", headers=staff, json={"id": order["id"]})
                                   for _ in range(4)))
    assert {r.status_code for r in twice} == {200}
    assert {r.json()["data"]["status"] for r in twice} == {"PART_INVALID"}
    assert await figures(place) == {"on_hand": 4, "locked": 0, "transit": 0, "available": 4}
    assert await changes_of(order["orderNo"], M.CANCEL_INBOUND) == 1
    assert await changes_of(order["orderNo"], M.RECEIVE_INBOUND) == 1

    refused = await act(client, staff, "receive", {**receipt, "revision": 2, "quantities": [1]}, 409)
    assert refused["code"] == "STOCK_ORDER_ILLEGAL_TRANSITION"
    assert refused["message"] == f'Order {order["orderNo"]} is "Partly invalid"; it cannot take the action "Receive"'


async def test_ship_part_of_an_outbound_order_then_void_under_repeated_calls_releases_its_lock_once(client, staff):
    """SPEC §4: "Voiding an outbound order releases the SKU's locked stock and raises available stock." """
    place = await place_with_stock(on_hand=20)
    order = (await create(client, staff, place, "SALES_OUTBOUND", lines=[{"sku": place.sku, "quantity": 8}]))["data"]
    assert (order["status"], order["workingStatus"], order["printStatus"]) == ("CREATE", "CREATE", "NOT_PRINTED")
    assert await figures(place) == {"on_hand": 20, "locked": 8, "transit": 0, "available": 12}

    shipped = (await act(client, staff, "ship", {"id": order["id"], "revision": 0, "quantities": [3]}))["data"]
    assert (shipped["status"], shipped["actualQuantity"]) == ("PART_COMPLETE", 3)
    assert await figures(place) == {"on_hand": 17, "locked": 5, "transit": 0, "available": 12}

    voids = await asyncio.gather(*(client.post("/cms/stock-order/void", headers=staff, json={"id": order["id"]})
                                   for _ in range(5)))
    assert {r.status_code for r in voids} == {200}
    assert await figures(place) == {"on_hand": 17, "locked": 0, "transit": 0, "available": 17}
    assert await changes_of(order["orderNo"], M.RELEASE_OUTBOUND) == 1
    again = (await act(client, staff, "void", {"id": order["id"]}))["data"]
    assert again["status"] == "PART_INVALID"
    assert await figures(place) == {"on_hand": 17, "locked": 0, "transit": 0, "available": 17}


async def test_a_full_shipment_completes_the_order_and_a_stale_one_is_refused(client, staff):
    place = await place_with_stock(on_hand=10)
    order = (await create(client, staff, place, "TRANSFER_OUTBOUND"))["data"]
    done = (await act(client, staff, "ship", {"id": order["id"], "revision": 0, "quantities": [10]}))["data"]
    assert (done["status"], done["workingStatus"]) == ("COMPLETE", "OUTBOUND_DONE")
    stale = await act(client, staff, "ship", {"id": order["id"], "revision": 0, "quantities": [5]}, 409)
    assert stale["code"] == "STOCK_ORDER_STALE"
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 0, "available": 0}


async def test_an_outbound_order_beyond_available_stock_is_refused_and_nothing_is_created(client, staff):
    place = await place_with_stock(on_hand=5)
    refused = await create(client, staff, place, "SALES_OUTBOUND", 409, orderNo="OB-SHORT-" + place.sku)
    assert refused["code"] == "STOCK_SHORT"
    async with transaction() as db:
        assert await db.scalar(select(StockOrder.id).where(StockOrder.order_no == "OB-SHORT-" + place.sku)) is None
    assert await figures(place) == {"on_hand": 5, "locked": 0, "transit": 0, "available": 5}


async def test_a_receipt_beyond_what_remains_names_the_line_and_changes_nothing(client, staff):
    place = await place_with_stock()
    order = (await create(client, staff, place, "RETURN_INBOUND"))["data"]
    refused = await act(client, staff, "receive", {"id": order["id"], "revision": 0, "quantities": [11]}, 422)
    error = refused["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("quantities[0].quantity", "stock_order_quantity_remaining")
    assert "10" in error["message"]
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 10, "available": 0}


async def test_every_wrong_field_of_an_order_form_is_named_in_one_reply(client, staff):
    """Another merchant's warehouse and a channel order given in part are refused together; a receipt names every
    line beyond what remains; nothing is created or moved."""
    place, other = await place_with_stock(), await place_with_stock()
    refused = await create(client, staff, place, "SALES_OUTBOUND", 422, warehouseId=other.warehouse_id,
                           channelOrderNo="INV/1")
    assert [(e["field"], e["rule"]) for e in refused["data"]["errors"]] == [
        ("warehouseId", "stock_order_warehouse_not_merchants"), ("shopId", "stock_order_channel_all"),
        ("channelOrderedAt", "stock_order_channel_all")]
    order = (await create(client, staff, place, "RETURN_INBOUND",
                          lines=[{"sku": place.sku, "quantity": 10}, {"sku": "OTHER-1", "quantity": 4}]))["data"]
    over = await act(client, staff, "receive", {"id": order["id"], "revision": 0, "quantities": [11, 5]}, 422)
    assert [(e["field"], e["rule"]) for e in over["data"]["errors"]] == [
        ("quantities[0].quantity", "stock_order_quantity_remaining"),
        ("quantities[1].quantity", "stock_order_quantity_remaining")]
    assert "4" in over["data"]["errors"][1]["message"]
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 10, "available": 0}


async def test_only_outbound_orders_awaiting_outbound_are_deleted_and_their_lock_is_released(client, staff):
    """SPEC §4: "Only outbound orders awaiting outbound can be deleted." """
    place = await place_with_stock(on_hand=30)
    awaiting = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    started = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    inbound = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    await act(client, staff, "ship", {"id": started["id"], "revision": 0, "quantities": [2]})

    for order, code in ((started, "STOCK_ORDER_DELETE_NOT_AWAITING"), (inbound, "STOCK_ORDER_WRONG_DIRECTION")):
        refused = await client.delete(f"/cms/stock-order/delete/{order['id']}", headers=staff)
        assert (refused.status_code, refused.json()["code"]) == (409, code)
    assert (await client.delete(f"/cms/stock-order/delete/{awaiting['id']}", headers=staff)).status_code == 200
    assert (await client.get(f"/cms/stock-order/detail/{awaiting['id']}", headers=staff)).status_code == 404
    # 30 on hand, 2 shipped; the started order still locks 8, the deleted one's 10 are free again
    assert await figures(place) == {"on_hand": 28, "locked": 8, "transit": 10, "available": 20}
    assert await changes_of(awaiting["orderNo"], M.RELEASE_OUTBOUND) == 1


async def test_a_mass_action_with_ineligible_orders_asks_to_reselect_naming_them_and_changes_nothing(client, staff):
    """SPEC §4 and §8: mass outbound is refused with cancelled, completed or abnormal orders in the selection,
    mass cancel with cancelled or completed ones: 'reselect'."""
    place = await place_with_stock(on_hand=50)
    open_ = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    voided = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    await act(client, staff, "void", {"id": voided["id"]})
    before = await figures(place)

    refused = await act(client, staff, "mass-outbound", {"ids": [open_["id"], voided["id"]]}, 409)
    assert refused["code"] == "STOCK_ORDER_RESELECT"
    assert voided["orderNo"] in refused["message"] and open_["orderNo"] not in refused["message"]
    assert refused["data"]["ineligible"] == [{"orderNo": voided["orderNo"], "reason": "CANCELLED"}]
    zh = await client.post("/cms/stock-order/mass-cancel", headers={**staff, "Accept-Language": "zh-CN"},
                           json={"ids": [open_["id"], voided["id"]]})
    assert zh.json()["message"].startswith("请重新选择")
    assert await figures(place) == before

    inbound = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    done = (await act(client, staff, "mass-cancel", {"ids": [open_["id"], inbound["id"]]}))["data"]
    assert {o["status"] for o in done["orders"]} == {"INVALID"}
    assert await figures(place) == {"on_hand": 50, "locked": 0, "transit": 0, "available": 50}

    second = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    third = (await create(client, staff, place, "SALES_OUTBOUND"))["data"]
    shipped = (await act(client, staff, "mass-outbound", {"ids": [second["id"], third["id"]]}))["data"]
    assert {o["status"] for o in shipped["orders"]} == {"COMPLETE"}
    assert await figures(place) == {"on_hand": 30, "locked": 0, "transit": 0, "available": 30}


async def test_search_needs_an_order_number_and_shows_the_lines(client, staff):
    """SPEC §5: "Outbound or inbound order number required in searches." """
    place = await place_with_stock()
    order = (await create(client, staff, place, "PURCHASE_INBOUND", orderNo=f"IB-{place.sku}"))["data"]
    for body in ({}, {"orderNo": "  "}, {"status": ["CREATE"]}):
        refused = (await client.post("/cms/stock-order/search", headers=staff, json=body)).json()
        assert refused["code"] == "VALIDATION_FAILED"
        assert (refused["data"]["errors"][0]["field"], refused["data"]["errors"][0]["rule"]) == ("orderNo", "required")
    found = (await client.post("/cms/stock-order/search", headers=staff,
                               json={"orderNo": f"nothing-1, IB-{place.sku}"})).json()["data"]
    assert [o["orderNo"] for o in found["items"]] == [order["orderNo"]]
    assert found["items"][0]["lines"] == [{"id": order["lines"][0]["id"], "sku": place.sku, "planned": 10, "done": 0}]
    assert found["items"][0]["warehouseName"] and found["items"][0]["merchantEmail"]
    taken = await create(client, staff, place, "PURCHASE_INBOUND", 409, orderNo=f"IB-{place.sku}")
    assert taken["code"] == "STOCK_ORDER_NO_TAKEN"

    details = (await client.get(f"/cms/stock-order/{order['id']}/details", headers=staff)).json()["data"]
    assert details["stock"] == [{"sku": place.sku, "onHand": 0, "locked": 0, "transit": 10, "available": 0}]
    assert [(a["action"], a["quantities"]) for a in details["actions"]] == [("CREATE", [10])]

    exported = await client.post("/cms/stock-order/export", headers=staff, json={"orderNo": order["orderNo"]})
    assert exported.status_code == 200 and exported.content[:2] == b"PK"


async def test_every_action_is_audited_and_a_retried_creation_makes_one_order(client, staff):
    place = await place_with_stock()
    headers = {**staff, "Idempotency-Key": f"create-{place.sku}"}
    first = await create(client, headers, place, "PURCHASE_INBOUND")
    again = await create(client, headers, place, "PURCHASE_INBOUND")
    assert first["data"]["id"] == again["data"]["id"]
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 10, "available": 0}
    await act(client, staff, "receive", {"id": first["data"]["id"], "revision": 0, "quantities": [10]})
    async with transaction() as db:
        audited = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "StockOrder", EntityChange.entity_id == str(first["data"]["id"]))
            .order_by(EntityChange.id))).all()
    assert audited == ["create", "receive"]


async def test_orders_follow_the_data_authority_of_their_merchant(client, staff):
    """A user scoped to Indonesia neither sees, nor acts on, nor creates an order of a Malaysian merchant."""
    place = await place_with_stock(country="MY")
    order = (await create(client, staff, place, "PURCHASE_INBOUND"))["data"]
    user = await create_user(*ORDERS, country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    found = (await client.post("/cms/stock-order/search", headers=scoped, json={"orderNo": order["orderNo"]})).json()
    assert found["data"]["total"] == 0
    assert (await client.post("/cms/stock-order/cancel", headers=scoped, json={"id": order["id"]})).status_code == 404
    refused = await create(client, scoped, place, "PURCHASE_INBOUND", 422)  # its warehouse is not there for them
    assert refused["data"]["errors"][0]["rule"] == "stock_order_warehouse_unknown"
    assert await figures(place) == {"on_hand": 0, "locked": 0, "transit": 10, "available": 0}
