"""POST /stock/movement and the stock change record list (SPEC §3): permission, Idempotency-Key, data authority
by the merchant owning the warehouse, filters and xlsx export."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import openpyxl
import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.users import user_roles
from domain.rules.stock import ORDER_STEPS
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, login
from tests.integration.stock_support import Place, insert_warehouse

MOVER = ("stock-change-record", "stock#move", "stock-change#export")


def body(place: Place, sku: str, type_: str = "manual_inbound", quantity: int = 5, **extra: object) -> dict:
    return {"warehouseId": place.warehouse_id, "sku": sku, "movementType": type_, "quantity": quantity, **extra}


async def post(client, headers, payload, key):  # type: ignore[no-untyped-def]
    return await client.post("/cms/stock/movement", headers={**headers, "Idempotency-Key": key}, json=payload)


async def test_a_movement_is_made_once_per_key_and_listed(client, login_as) -> None:  # type: ignore[no-untyped-def]
    headers, place, sku = await login_as(*MOVER), await insert_warehouse(), unique("SKU")
    first = await post(client, headers, body(place, sku, shelfId=place.shelves[0], reason="count"), f"{sku}-1")
    assert first.status_code == 200, first.text
    assert first.json()["data"]["balance"] == {"onHand": 5, "spare": 0, "locked": 0, "promotion": 0, "transit": 0,
                                               "available": 5}
    again = await post(client, headers, body(place, sku, shelfId=place.shelves[0], reason="count"), f"{sku}-1")
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["data"]["changeId"] == first.json()["data"]["changeId"]
    await post(client, headers, body(place, sku, "reserve_spare", 2), f"{sku}-2")

    found = (await client.post("/cms/stock/change/search", headers=headers, json={"sku": sku})).json()["data"]
    assert found["total"] == 2
    newest, oldest = found["items"]
    assert (newest["movementType"], newest["newSpare"], newest["changeSpare"]) == ("reserve_spare", 2, 2)
    assert (oldest["originalOnHand"], oldest["changeOnHand"], oldest["newOnHand"]) == (0, 5, 5)
    assert oldest["shelfCode"] == "A-00" and oldest["warehouseName"] and oldest["reason"] == "count"
    only_locks = await client.post("/cms/stock/change/search", headers=headers, json={
        "sku": sku, "warehouseId": place.warehouse_id, "movementType": ["reserve_spare"],
        "createdAt": [(datetime.now(UTC) - timedelta(hours=1)).isoformat(), None]})
    assert [r["id"] for r in only_locks.json()["data"]["items"]] == [newest["id"]]
    exported = await client.post("/cms/stock/change/export", headers=headers, json={"sku": sku})
    rows = list(openpyxl.load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True))
    assert len(rows) == 3 and sku in rows[1]


async def test_refusals_change_nothing(client, login_as) -> None:  # type: ignore[no-untyped-def]
    headers, place, sku = await login_as(*MOVER), await insert_warehouse(), unique("SKU")
    no_key = await client.post("/cms/stock/movement", headers=headers, json=body(place, sku))
    assert no_key.status_code == 422 and "Idempotency-Key" in no_key.text
    await post(client, headers, body(place, sku, quantity=2), f"{sku}-in")
    await post(client, headers, body(place, sku, "reserve_spare", 2), f"{sku}-spare")
    short = await post(client, {**headers, "Accept-Language": "zh-CN"}, body(place, sku, "manual_outbound", 1),
                       f"{sku}-out")
    assert short.status_code == 409 and short.json()["code"] == "STOCK_SHORT"
    assert sku in short.json()["message"] and "可用" in short.json()["message"]
    zero = await post(client, headers, body(place, sku, quantity=0), f"{sku}-zero")
    assert zero.status_code == 422 and zero.json()["data"]["errors"][0]["field"] == "quantity"
    bad_shelf = await post(client, headers, body(place, sku, "reserve_spare", 1, shelfId=place.shelves[0]),
                           f"{sku}-shelf")
    assert bad_shelf.status_code == 422 and bad_shelf.json()["data"]["errors"][0]["field"] == "shelfId"
    nowhere = await post(client, headers, {**body(place, sku), "warehouseId": 0}, f"{sku}-nowhere")
    assert nowhere.status_code == 404
    for step in ORDER_STEPS:  # an order's steps are its own: releasing its lock by hand would leave it short
        by_hand = await post(client, headers, body(place, sku, step, 1), f"{sku}-{step}")
        assert by_hand.status_code == 422, by_hand.text
        assert by_hand.json()["data"]["errors"][0]["rule"] == "stock_order_step"
    reader = await login_as("stock-change-record")
    assert (await post(client, reader, body(place, sku), f"{sku}-r")).status_code == 403
    found = (await client.post("/cms/stock/change/search", headers=headers, json={"sku": sku})).json()["data"]
    assert found["total"] == 2  # the inbound and the lock; no refused call left a record


async def test_stock_belongs_to_the_merchant_of_the_warehouse(client, login_as) -> None:  # type: ignore[no-untyped-def]
    granter, admin = await login_as("data-authority", "data-authority#edit"), await login_as(*MOVER)
    sku = unique("SKU")
    mine = await insert_warehouse(merchant_id=(await insert_merchant("ID")).id)
    theirs = await insert_warehouse(merchant_id=(await insert_merchant("PH")).id)
    for place in (mine, theirs):
        assert (await post(client, admin, body(place, sku), unique("k"))).status_code == 200
    person = await create_user(*MOVER)
    async with transaction() as db:
        role_id = await db.scalar(select(user_roles.c.role_id).where(user_roles.c.user_id == person.id))
    await client.post("/cms/data-authority/role/save", headers=granter, json={
        "roleId": role_id, "scopes": [{"scopeType": "COUNTRY", "values": ["ID"]}]})
    headers = bearer((await login(client, person.username)).json()["data"]["token"])
    found = (await client.post("/cms/stock/change/search", headers=headers, json={"sku": sku})).json()["data"]
    assert {r["warehouseId"] for r in found["items"]} == {mine.warehouse_id}
    assert (await post(client, headers, body(theirs, sku), unique("k"))).status_code == 404
    assert (await post(client, headers, body(mine, sku), unique("k"))).status_code == 200


@pytest.mark.parametrize("quantity", ["5", 2.5, True])
async def test_quantity_must_be_a_whole_number(client, login_as, quantity) -> None:  # type: ignore[no-untyped-def]
    headers, place = await login_as(*MOVER), await insert_warehouse()
    reply = await post(client, headers, {**body(place, unique("SKU")), "quantity": quantity}, unique("k"))
    assert reply.status_code == 422
