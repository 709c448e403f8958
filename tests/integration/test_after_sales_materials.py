"""Packing materials and warehouse content through the API: a material's code once per warehouse, its usage on a
return taken off its stock (never below zero) and charged to the merchant (`material_charges`), the low-stock
flag, content sanitised and soft-deleted, and the data authority over both."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from domain.db import transaction
from domain.models.data_authority import DataScope
from services.after_sales import material_charges
from tests.integration.people import create_user, token_for
from tests.integration.test_after_sales import request, shipped

ALL = ("after-service-material", "material#add", "material#edit", "material#delete", "material#export", "material#use",
       "material-usage#export", "after-service-time", "return#add", "content-manage", "warehouse-content#add",
       "warehouse-content#edit", "warehouse-content#delete")


@pytest.fixture
async def staff(login_as: Any) -> dict[str, str]:
    return await login_as(*ALL)  # type: ignore[no-any-return]  # the fixture builds the headers at run time


async def add_material(client: Any, headers: dict[str, str], warehouse_id: int, status: int = 200,
                       **fields: Any) -> Any:
    body = {"warehouseId": warehouse_id, "code": "BOX", "name": "Carton box", "unit": "BOX", "unitCost": "1.50",
            "stock": 10, "lowStockThreshold": 8, **fields}
    reply = await client.post("/cms/after-sales/material/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def use(client: Any, headers: dict[str, str], status: int = 200, **body: Any) -> Any:
    reply = await client.post("/cms/after-sales/material-usage/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_usage_takes_stock_charges_the_merchant_and_flags_low_stock(client, staff):
    store, order_id, sku = await shipped(quantity=1)
    material = (await add_material(client, staff, store.place.warehouse_id))["data"]
    assert material["lowStock"] is False and material["merchantEmail"] == store.email
    taken = await add_material(client, staff, store.place.warehouse_id, 409)
    assert taken["code"] == "MATERIAL_CODE_TAKEN"
    rid = (await request(client, staff, order_id, sku, 1))["data"]["id"]
    used = (await use(client, staff, materialId=material["id"], quantity=3, returnId=rid))["data"]
    assert used["amount"] == "4.50" and used["documentNo"].startswith("RT") and used["materialCode"] == "BOX"
    short = await use(client, staff, 409, materialId=material["id"], quantity=8, returnId=rid)
    assert short["code"] == "MATERIAL_STOCK_SHORT"
    both = await use(client, staff, 422, materialId=material["id"], quantity=1, returnId=rid, stockOrderId=1)
    assert both["data"]["errors"][0]["rule"] == "material_usage_one_target"
    listed = (await client.post("/cms/after-sales/material/search", headers=staff,
                                json={"warehouseId": store.place.warehouse_id})).json()["data"]["items"]
    assert [(m["stock"], m["lowStock"]) for m in listed] == [(7, True)]
    in_use = await client.delete(f"/cms/after-sales/material/delete/{material['id']}", headers=staff)
    assert in_use.status_code == 422
    now = datetime.now(UTC)
    async with transaction() as db:
        charges = await material_charges(db, store.merchant_id, (now - timedelta(hours=1), now + timedelta(hours=1)))
        earlier = await material_charges(db, store.merchant_id, (now - timedelta(days=2), now - timedelta(days=1)))
    assert [(c.code, c.quantity, c.amount) for c in charges] == [("BOX", 3, Decimal("4.50"))]
    assert earlier == []


async def test_content_is_sanitised_soft_deleted_and_scoped(client, staff):
    store, _, _ = await shipped(quantity=1)
    reply = await client.post("/cms/warehouse-content/add", headers=staff, json={
        "warehouseId": store.place.warehouse_id, "audience": "STAFF", "title": "Desk hours", "state": "ONLINE",
        "body": "<p>Open <b>8-17</b></p><script>alert(1)</script>"})
    assert reply.status_code == 200, reply.text
    content = reply.json()["data"]
    assert "<script>" not in content["body"] and "<b>8-17</b>" in content["body"]
    assert content["publishedAt"] is not None
    bad = await client.post("/cms/warehouse-content/add", headers=staff, json={
        "warehouseId": store.place.warehouse_id, "audience": "NOBODY", "title": "x", "body": "y"})
    assert bad.status_code == 422
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["PH"]))
    scoped = {"Authorization": f"Bearer {await token_for(user)}"}
    assert (await client.get(f"/cms/warehouse-content/detail/{content['id']}", headers=scoped)).status_code == 404
    assert (await add_material(client, scoped, store.place.warehouse_id, 403))["code"] == "DATA_SCOPE_WRITE"
    assert (await client.delete(f"/cms/warehouse-content/delete/{content['id']}", headers=staff)).status_code == 200
    found = (await client.post("/cms/warehouse-content/search", headers=staff,
                               json={"warehouseId": store.place.warehouse_id})).json()["data"]["items"]
    assert found == []
