"""The resource kit's import reads a column pointing at another row as the export shows that row: a shelf's
warehouse by its code or name and its product area by code or name within that warehouse, a product's merchant
by email. A cell naming no row the importer can see, or several, is refused naming row, column and value."""

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.data_authority import DataScope
from domain.models.warehouses import Shelf, Warehouse, WarehouseArea, WmsProduct
from tests.conftest import unique
from tests.integration.import_support import count, template, upload, workbook
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import create_user, token_for
from tests.integration.stock_support import insert_warehouse

ALL = ("location-management", "location#import", "product-library", "product#import")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def an_area(warehouse_id: int, name: str) -> WarehouseArea:
    async with transaction() as db:
        area = WarehouseArea(warehouse_id=warehouse_id, code=unique("AR").upper(), name=name)
        db.add(area)
    return area


async def shelves_of(warehouse_id: int) -> dict[str, int | None]:
    async with transaction() as db:
        return {s.code: s.area_id for s in await db.scalars(select(Shelf).where(Shelf.warehouse_id == warehouse_id))}


async def test_shelves_import_naming_warehouse_and_area_as_the_export_shows_them(client, staff):
    house = await insert_warehouse(shelves=0)
    async with transaction() as db:
        code, name = await db.scalar(select(Warehouse.code).where(Warehouse.id == house.warehouse_id)), unique("Gd")
        await db.execute(Warehouse.__table__.update().where(Warehouse.id == house.warehouse_id).values(name=name))
    area_name = unique("Lantai")
    upstairs = await an_area(house.warehouse_id, area_name)
    other = await insert_warehouse(shelves=0)
    await an_area(other.warehouse_id, area_name)  # the same name in another warehouse is not this one's

    header = await template(client, staff, "warehouse-shelf")
    assert header[:2] == ["Warehouse *", "Product area"]
    first, second = unique("S").upper(), unique("S").upper()
    assert (await upload(client, staff, "warehouse-shelf", [
        header[:4], [code, area_name, first, "Rak 1"], [name, upstairs.code, second, "Rak 2"]]
    ))["data"] == {"imported": 2}
    assert await shelves_of(house.warehouse_id) == {first: upstairs.id, second: upstairs.id}


async def test_a_name_that_finds_no_row_or_several_is_refused_naming_row_column_and_value(client, staff):
    twin = unique("Twin")
    houses = [await insert_warehouse(shelves=0), await insert_warehouse(shelves=0)]
    async with transaction() as db:
        await db.execute(Warehouse.__table__.update().where(
            Warehouse.id.in_([h.warehouse_id for h in houses])).values(name=twin))
        code = await db.scalar(select(Warehouse.code).where(Warehouse.id == houses[0].warehouse_id))
    elsewhere = await an_area(houses[1].warehouse_id, unique("Atas"))
    nowhere = unique("NOWHERE").upper()
    body = await upload(client, staff, "warehouse-shelf", [
        ["Warehouse *", "Product area", "Shelf code *", "Shelf name *"],
        [code, None, unique("S").upper(), "Rak"],
        [twin, None, unique("S").upper(), "Rak"],
        [nowhere, None, unique("S").upper(), "Rak"],
        [code, elsewhere.name, unique("S").upper(), "Rak"],
    ], status=422)
    errors = body["data"]["errors"]
    assert [(e["row"], e["column"], e["rule"]) for e in errors] == [
        (3, "Warehouse *", "import_reference_ambiguous"), (4, "Warehouse *", "import_reference_missing"),
        (5, "Product area", "import_reference_missing")]
    assert twin in errors[0]["message"] and nowhere in errors[1]["message"] and elsewhere.name in errors[2]["message"]
    assert errors[1]["message"].startswith("Warehouse *")
    assert await shelves_of(houses[0].warehouse_id) == {}  # the good row went back with the rest


async def test_the_refusal_is_in_the_readers_language(client, staff):
    reply = await client.post("/cms/warehouse-shelf/import", headers={**staff, "Accept-Language": "zh-CN"}, files={
        "file": ("rows.xlsx", workbook(
            [["仓库", "货架编码", "货架名称"], ["无此仓库", unique("S").upper(), "架"]]), "application/octet-stream")})
    assert reply.status_code == 422, reply.text
    [error] = reply.json()["data"]["errors"]
    assert (error["row"], error["column"], error["rule"]) == (2, "仓库", "import_reference_missing")
    assert "无此仓库" in error["message"] and "找不到" in error["message"], error


async def test_a_warehouse_outside_the_importers_data_authority_is_not_found(client):
    house = await insert_warehouse(shelves=0, merchant_id=(await insert_merchant("PH")).id)
    async with transaction() as db:
        code = await db.scalar(select(Warehouse.code).where(Warehouse.id == house.warehouse_id))
    person = await create_user(*ALL, prefix="u")
    async with transaction() as db:
        db.add(DataScope(user_id=person.id, scope_type="COUNTRY", values=["ID"]))
    headers = {"Authorization": f"Bearer {await token_for(person)}"}
    body = await upload(client, headers, "warehouse-shelf", [
        ["Warehouse", "Shelf code", "Shelf name"], [code, unique("S").upper(), "Rak"]], status=422)
    assert [(e["row"], e["column"], e["rule"]) for e in body["data"]["errors"]] == [
        (2, "Warehouse", "import_reference_missing")]
    assert await shelves_of(house.warehouse_id) == {}


async def test_products_import_naming_their_merchant_by_email(client, staff):
    merchant = await insert_merchant("ID")
    header = await template(client, staff, "wms-product")
    assert header[0] == "Merchant email *"
    sku = unique("SKU-")
    assert (await upload(client, staff, "wms-product", [
        ["Merchant email", "SKU", "Product name", "Category", "Weight (g)"], [merchant.email, sku, "Kemeja", "2", 250]]
    ))["data"] == {"imported": 1}
    assert await count(WmsProduct, merchant_id=merchant.id, sku=sku) == 1
    missing = f"{unique('nobody')}@shop.test"
    body = await upload(client, staff, "wms-product", [
        ["Merchant email", "SKU", "Product name", "Category", "Weight (g)"], [missing, sku + "2", "Kemeja", "2", 250]],
        status=422)
    [error] = body["data"]["errors"]
    assert (error["row"], error["column"], error["rule"]) == (2, "Merchant email", "import_reference_missing")
    assert missing in error["message"]
