"""Warehouses (SPEC §2 /warehouse-setting/warehouse-list, §3 Warehouse): a code once per merchant, one default
warehouse per merchant (held by a partial unique index), the default enabled and never deleted, enable and disable
audited, the merchant's data authority, translated refusals naming field and rule, xlsx export."""

import io

import openpyxl
import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_support import insert_warehouse, moved

ALL = ("warehouse-list", "warehouse#add", "warehouse#edit", "warehouse#delete", "warehouse#export",
       "warehouse#status")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def add(client, headers, merchant_id, status=200, **fields):
    body = {"merchantId": merchant_id, "name": unique("Gudang"), "code": unique("WH").upper(), **fields}
    reply = await client.post("/cms/warehouse/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def found(client, headers, **filters):
    reply = await client.post("/cms/warehouse/search", headers=headers, json={"pageSize": 100, **filters})
    return {w["code"]: w for w in reply.json()["data"]["items"]}


async def test_a_warehouse_is_added_with_every_field_and_listed_with_its_merchant(client, staff):
    merchant = await insert_merchant("ID")
    added = (await add(client, staff, merchant.id, provider="JNE_FULFILLMENT", type="THIRD_PARTY",
                       usageMode="ERP_ONLY_USE_THIRD_WAREHOUSE", owner="Budi", address="Jl. Sudirman 1"))["data"]
    listed = (await found(client, staff, merchantId=merchant.id))[added["code"]]
    assert listed == added
    assert (listed["merchantEmail"], listed["provider"], listed["type"], listed["owner"]) == (
        merchant.email, "JNE_FULFILLMENT", "THIRD_PARTY", "Budi")
    assert (listed["enabled"], listed["isDefault"]) == (True, False)
    by_email = await found(client, staff, merchantEmail=merchant.email, provider=["JNE_FULFILLMENT"])
    assert list(by_email) == [added["code"]]


async def test_a_code_is_once_per_merchant_and_the_refusal_names_it_in_the_readers_language(client, staff):
    merchant, other = await insert_merchant("ID"), await insert_merchant("ID")
    code = unique("WH").upper()
    await add(client, staff, merchant.id, code=code)
    refused = await add(client, staff, merchant.id, 409, code=code)
    assert refused["code"] == "WAREHOUSE_CODE_TAKEN"
    assert refused["message"] == f'Warehouse code: the merchant already has a warehouse with the code "{code}"'
    zh = await client.post("/cms/warehouse/add", headers={**staff, "Accept-Language": "zh-CN"},
                           json={"merchantId": merchant.id, "name": "x", "code": code})
    assert zh.json()["message"] == f"仓库编码：该商户已有编码为“{code}”的仓库"
    await add(client, staff, other.id, code=code)  # another merchant's codes are its own


@pytest.mark.parametrize(("fields", "field", "rule"), [
    ({"code": "WH 01"}, "code", "warehouse_code"),
    ({"code": ""}, "code", "min_length"),
    ({"name": "x" * 101}, "name", "max_length"),
    ({"usageMode": "SOMETIMES"}, "usageMode", "enum"),
    ({"merchantId": 10**12}, "merchantId", "warehouse_merchant_missing"),
    ({"merchantId": "seven"}, "merchantId", "integer"),
])
async def test_malformed_input_is_a_4xx_naming_field_and_rule_and_nothing_is_added(client, staff, fields, field,
                                                                                  rule):
    merchant = await insert_merchant("ID")
    refused = await add(client, staff, merchant.id, 422, **fields)
    error = refused["data"]["errors"][0]
    assert error["field"] == field
    assert error["rule"] == rule
    assert error["message"].startswith(("Merchant id: ", "Warehouse code: ", "Name: ", "Usage mode: "))
    assert await found(client, staff, merchantId=merchant.id) == {}


async def test_one_default_warehouse_a_merchant_the_new_default_takes_the_role(client, staff):
    merchant = await insert_merchant("ID")
    first = (await add(client, staff, merchant.id, isDefault=True))["data"]
    second = (await add(client, staff, merchant.id, isDefault=True))["data"]
    listed = await found(client, staff, merchantId=merchant.id)
    assert (listed[first["code"]]["isDefault"], listed[second["code"]]["isDefault"]) == (False, True)
    moved = await client.post("/cms/warehouse/modify", headers=staff, json={"id": first["id"], "isDefault": True})
    assert moved.status_code == 200, moved.text
    listed = await found(client, staff, merchantId=merchant.id)
    assert (listed[first["code"]]["isDefault"], listed[second["code"]]["isDefault"]) == (True, False)


async def test_postgresql_refuses_a_second_default_warehouse_of_a_merchant(staff):
    merchant = await insert_merchant("ID")
    insert = text("INSERT INTO warehouses (merchant_id, name, code, provider, type, is_default, enabled, created_at,"
                  " updated_at) VALUES (:m, 'x', :code, 'GINEE_WMS', 'OWN', true, true, now(), now())")
    async with transaction() as db:
        await db.execute(insert, {"m": merchant.id, "code": "A1"})
    with pytest.raises(IntegrityError, match="uq_warehouses_one_default"):
        async with transaction() as db:
            await db.execute(insert, {"m": merchant.id, "code": "A2"})


async def test_the_default_is_enabled_and_not_deleted_disable_and_enable_are_audited(client, staff):
    merchant = await insert_merchant("ID")
    default = (await add(client, staff, merchant.id, isDefault=True))["data"]
    other = (await add(client, staff, merchant.id))["data"]
    refused = await client.post("/cms/warehouse/disable", headers=staff, json={"id": default["id"]})
    assert refused.status_code == 422
    assert refused.json()["data"]["errors"][0]["rule"] == "warehouse_default_disabled"
    assert refused.json()["message"].startswith("Default warehouse: the default warehouse must be enabled")
    assert (await add(client, staff, merchant.id, 422, isDefault=True, enabled=False))["data"]["errors"][0][
        "field"] == "isDefault"
    deleting = await client.delete(f"/cms/warehouse/delete/{default['id']}", headers=staff)
    assert (deleting.status_code, deleting.json()["code"]) == (409, "WAREHOUSE_DEFAULT_DELETE")

    disabled = await client.post("/cms/warehouse/disable", headers=staff, json={"id": other["id"]})
    assert disabled.status_code == 200 and disabled.json()["data"]["enabled"] is False
    again = await client.post("/cms/warehouse/disable", headers=staff, json={"id": other["id"]})
    assert (again.status_code, again.json()["code"]) == (409, "WAREHOUSE_ALREADY_DISABLED")
    made_default = await client.post("/cms/warehouse/modify", headers=staff,
                                     json={"id": other["id"], "isDefault": True})
    assert made_default.status_code == 422
    assert (await client.post("/cms/warehouse/enable", headers=staff, json={"id": other["id"]})).status_code == 200
    async with transaction() as db:
        actions = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "Warehouse", EntityChange.entity_id == str(other["id"])).order_by(
            EntityChange.id))).all()
    assert list(actions) == ["create", "disable", "enable"]
    assert (await client.delete(f"/cms/warehouse/delete/{other['id']}", headers=staff)).status_code == 200
    assert list(await found(client, staff, merchantId=merchant.id)) == [default["code"]]


async def test_export_holds_the_filtered_warehouses_with_translated_headers(client, staff):
    merchant = await insert_merchant("ID")
    codes = sorted([(await add(client, staff, merchant.id))["data"]["code"] for _ in range(3)])
    reply = await client.post("/cms/warehouse/export", headers=staff, json={"merchantId": merchant.id, "sort": "code"})
    assert reply.status_code == 200
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert rows[0][:5] == ("Warehouse id", "Merchant id", "Merchant email", "Warehouse name", "Warehouse code")
    assert [r[4] for r in rows[1:]] == codes


async def test_a_warehouse_is_seen_and_changed_only_within_its_merchants_data_authority(client, staff):
    indonesian, filipino = await insert_merchant("ID"), await insert_merchant("PH")
    mine = (await add(client, staff, indonesian.id))["data"]
    theirs = (await add(client, staff, filipino.id))["data"]
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    listed = (await client.post("/cms/warehouse/search", headers=scoped,
                                json={"merchantId": filipino.id})).json()["data"]["items"]
    assert listed == []
    assert mine["code"] in (await found(client, scoped, merchantId=indonesian.id))
    assert theirs["code"] not in await found(client, scoped, code=theirs["code"])
    assert (await client.get(f"/cms/warehouse/detail/{theirs['id']}", headers=scoped)).status_code == 404
    # a merchant outside the scope is not there for them (test_data_scope_references.py)
    refused = await add(client, scoped, filipino.id, 422)
    assert refused["data"]["errors"][0]["rule"] == "warehouse_merchant_missing"
    options = (await client.get("/cms/warehouse/options", headers=scoped)).json()["data"]
    assert theirs["id"] not in [o["id"] for o in options]


async def test_a_warehouse_holding_stock_is_not_deleted(client, staff):
    place = await insert_warehouse(shelves=1)
    await moved(place, StockMovementType.MANUAL_INBOUND, 5, unique("SKU"), shelf_id=place.shelves[0])
    refused = await client.delete(f"/cms/warehouse/delete/{place.warehouse_id}", headers=staff)
    assert (refused.status_code, refused.json()["code"]) == (409, "WAREHOUSE_HOLDS_STOCK")
    assert refused.json()["message"] == "The warehouse still holds stock and cannot be deleted"
    assert (await client.get(f"/cms/warehouse/detail/{place.warehouse_id}", headers=staff)).status_code == 200
