"""Location management (SPEC §2 /warehouse-setting/location-management, §3 WMS location code and product area
name, §3 Warehouse shelf code and name): areas and shelves under a warehouse, codes once per warehouse, a shelf's
area in its own warehouse, the warehouse's merchant's data authority, xlsx export."""

import io

import openpyxl
import pytest

from domain.db import transaction
from domain.models.data_authority import DataScope
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for

ALL = ("location-management", "location#add", "location#edit", "location#delete", "location#export",
       "warehouse-list", "warehouse#add")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def warehouse(client, headers, country="ID"):
    merchant = await insert_merchant(country)
    reply = await client.post("/cms/warehouse/add", headers=headers, json={
        "merchantId": merchant.id, "name": unique("Gudang"), "code": unique("WH")})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def post(client, headers, path, body, status=200):
    reply = await client.post(f"/cms/{path}", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_areas_and_shelves_are_added_under_a_warehouse_and_listed_with_its_name(client, staff):
    home = await warehouse(client, staff)
    area = (await post(client, staff, "warehouse-area/add", {
        "warehouseId": home["id"], "code": "A", "name": "Fashion"}))["data"]
    shelf = (await post(client, staff, "warehouse-shelf/add", {
        "warehouseId": home["id"], "areaId": area["id"], "code": "A-01", "name": "Rack A1"}))["data"]
    assert (shelf["warehouseName"], shelf["areaName"]) == (home["name"], "Fashion")
    areas = (await post(client, staff, "warehouse-area/search", {"warehouseId": home["id"]}))["data"]["items"]
    assert [(a["code"], a["name"], a["shelfCount"], a["warehouseName"]) for a in areas] == [
        ("A", "Fashion", 1, home["name"])]
    shelves = (await post(client, staff, "warehouse-shelf/search", {"warehouseId": home["id"]}))["data"]["items"]
    assert [(s["code"], s["name"]) for s in shelves] == [("A-01", "Rack A1")]


async def test_codes_are_once_per_warehouse_and_refusals_name_the_field(client, staff):
    home, other = await warehouse(client, staff), await warehouse(client, staff)
    await post(client, staff, "warehouse-area/add", {"warehouseId": home["id"], "code": "B", "name": "x"})
    taken = await post(client, staff, "warehouse-area/add", {
        "warehouseId": home["id"], "code": "B", "name": "y"}, 409)
    assert (taken["code"], taken["data"]["field"]) == ("LOCATION_CODE_TAKEN", "code")
    assert taken["message"] == 'Location code: the warehouse already has a product area with the location code "B"'
    await post(client, staff, "warehouse-area/add", {"warehouseId": other["id"], "code": "B", "name": "z"})

    await post(client, staff, "warehouse-shelf/add", {"warehouseId": home["id"], "code": "S1", "name": "x"})
    shelf_taken = await post(client, staff, "warehouse-shelf/add", {
        "warehouseId": home["id"], "code": "S1", "name": "y"}, 409)
    assert shelf_taken["code"] == "SHELF_CODE_TAKEN"
    bad = await post(client, staff, "warehouse-shelf/add", {
        "warehouseId": home["id"], "code": "S 2", "name": "y"}, 422)
    assert (bad["data"]["errors"][0]["field"], bad["data"]["errors"][0]["rule"]) == ("code", "warehouse_code")
    id_lang = await client.post("/cms/warehouse-shelf/add", headers={**staff, "Accept-Language": "id"}, json={
        "warehouseId": home["id"], "code": "S 2", "name": "y"})
    assert id_lang.json()["data"]["errors"][0]["message"].startswith("Kode rak: hanya huruf")


async def test_a_shelf_takes_only_an_area_of_its_own_warehouse_and_an_existing_warehouse(client, staff):
    home, other = await warehouse(client, staff), await warehouse(client, staff)
    elsewhere = (await post(client, staff, "warehouse-area/add", {
        "warehouseId": other["id"], "code": "C", "name": "x"}))["data"]
    refused = await post(client, staff, "warehouse-shelf/add", {
        "warehouseId": home["id"], "areaId": elsewhere["id"], "code": "C1", "name": "x"}, 422)
    assert refused["data"]["errors"][0]["rule"] == "warehouse_area_elsewhere"
    missing = await post(client, staff, "warehouse-area/add", {
        "warehouseId": 10**12, "code": "D", "name": "x"}, 422)
    assert (missing["data"]["errors"][0]["field"], missing["data"]["errors"][0]["rule"]) == (
        "warehouseId", "warehouse_missing")
    shelves = (await post(client, staff, "warehouse-shelf/search", {"warehouseId": home["id"]}))["data"]
    assert shelves["total"] == 0


async def test_shelves_export_and_follow_the_warehouses_data_authority(client, staff):
    indonesian, filipino = await warehouse(client, staff, "ID"), await warehouse(client, staff, "PH")
    for code in ("E1", "E2"):
        await post(client, staff, "warehouse-shelf/add", {"warehouseId": indonesian["id"], "code": code,
                                                          "name": f"Rack {code}"})
    theirs = (await post(client, staff, "warehouse-shelf/add", {
        "warehouseId": filipino["id"], "code": "P1", "name": "x"}))["data"]
    reply = await client.post("/cms/warehouse-shelf/export", headers=staff,
                              json={"warehouseId": indonesian["id"], "sort": "code"})
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    codes = rows[0].index("Shelf code")
    assert [r[codes] for r in rows[1:]] == ["E1", "E2"]

    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    assert (await post(client, scoped, "warehouse-shelf/search", {"warehouseId": filipino["id"]}))["data"]["total"] == 0
    assert (await client.get(f"/cms/warehouse-shelf/detail/{theirs['id']}", headers=scoped)).status_code == 404
    refused = await post(client, scoped, "warehouse-shelf/add", {
        "warehouseId": filipino["id"], "code": "P2", "name": "x"}, 422)
    assert refused["data"]["errors"][0]["rule"] == "warehouse_missing"


async def test_the_shelf_forms_area_picker_lists_the_areas_the_caller_may_see(client, staff):
    indonesian, filipino = await warehouse(client, staff, "ID"), await warehouse(client, staff, "PH")
    mine = (await post(client, staff, "warehouse-area/add", {"warehouseId": indonesian["id"], "code": "M",
                                                             "name": "Mine"}))["data"]
    theirs = (await post(client, staff, "warehouse-area/add", {"warehouseId": filipino["id"], "code": "T",
                                                               "name": "Theirs"}))["data"]
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    options = (await client.get("/cms/warehouse-area/options", headers=bearer(await token_for(user)))).json()["data"]
    shown = {o["id"]: o for o in options}
    assert (shown[mine["id"]]["warehouseName"], shown[mine["id"]]["code"]) == (indonesian["name"], "M")
    assert theirs["id"] not in shown
