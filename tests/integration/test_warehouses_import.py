"""xlsx import of warehouses, product areas, shelves and products (the resource kit's import): the template is
headed like the export, a filled-in template imports in one transaction with each row audited, and a file with
any bad row is refused whole, each error naming its row, the column as the file heads it and the rule."""

import pytest
from sqlalchemy import func, select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.warehouses import Shelf, Warehouse, WarehouseArea, WmsProduct
from tests.conftest import unique
from tests.integration.import_support import count, template, upload, workbook
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import insert_warehouse

ALL = ("warehouse-list", "warehouse#import", "location-management", "location#import", "product-library",
       "product#import")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def test_warehouses_import_from_their_template_in_one_audited_transaction(client, staff):
    merchant = await insert_merchant("ID")
    header = await template(client, staff, "warehouse")
    assert header[:3] == ["Merchant email *", "Warehouse name *", "Warehouse code *"]
    codes = [unique("IMP").upper(), unique("IMP").upper()]
    by_header = {h.removesuffix(" *"): i for i, h in enumerate(header)}
    rows = []
    for code, provider, name in zip(codes, ["GINEE_WMS", "JNE_FULFILLMENT"], ["Gudang", "Gudang JNE"], strict=True):
        row: list[object] = [None] * len(header)
        row[by_header["Merchant email"]], row[by_header["Warehouse name"]] = merchant.email, name
        row[by_header["Warehouse code"]] = code
        row[by_header["Provider"]] = provider
        rows.append(row)
    assert (await upload(client, staff, "warehouse", [header, *rows]))["data"] == {"imported": 2}
    async with transaction() as db:
        found = {w.code: w for w in await db.scalars(select(Warehouse).where(Warehouse.merchant_id == merchant.id))}
        assert sorted(found) == sorted(codes)
        assert found[codes[1]].provider == "JNE_FULFILLMENT"
        audited = await db.scalar(select(func.count()).select_from(EntityChange).where(
            EntityChange.entity == "Warehouse", EntityChange.action == "create",
            EntityChange.entity_id.in_([str(w.id) for w in found.values()])))
    assert audited == 2


async def test_a_file_with_bad_rows_is_refused_whole_naming_row_column_and_rule(client, staff):
    merchant = await insert_merchant("ID")
    taken = unique("TAKEN").upper()
    async with transaction() as db:
        db.add(Warehouse(merchant_id=merchant.id, code=taken, name="Gudang lama"))
    good = unique("OK").upper()
    body = await upload(client, staff, "warehouse", [
        ["Merchant ID", "Name", "Code", "Provider"],
        [merchant.id, "Gudang baik", good, "GINEE_WMS"],
        [merchant.id, "Gudang", "bad code!", "GINEE_WMS"],
        [merchant.id, "Gudang", unique("X").upper(), "NOWHERE"],
        [merchant.id, "Gudang", taken, None],
        [999_999_999, "Gudang", unique("Y").upper(), None],
    ], status=422)
    assert body["code"] == "IMPORT_ROWS_INVALID"
    errors = body["data"]["errors"]
    assert [(e["row"], e["column"], e["rule"]) for e in errors] == [
        (3, "Code", "warehouse_code"), (4, "Provider", "enum"), (5, "Code", "WAREHOUSE_CODE_TAKEN"),
        (6, "Merchant ID", "warehouse_merchant_missing")]
    assert all(e["message"] for e in errors)
    assert await count(Warehouse, merchant_id=merchant.id) == 1  # only the warehouse that was there


async def test_the_refusal_is_in_the_readers_language(client, staff):
    merchant = await insert_merchant("ID")
    reply = await client.post("/cms/warehouse/import", headers={**staff, "Accept-Language": "zh-CN"}, files={
        "file": ("rows.xlsx", workbook([["商户 ID", "仓库名称", "仓库编码"], [merchant.id, "仓", "bad code!"]]),
                 "application/octet-stream")})
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert "导入" in body["message"] or "行" in body["message"]
    [error] = body["data"]["errors"]
    assert (error["row"], error["column"], error["rule"]) == (2, "仓库编码", "warehouse_code")
    assert "仓库编码" in error["message"], error


async def test_areas_shelves_and_products_import_with_the_rules_of_their_forms(client, staff):
    merchant = await insert_merchant("ID")
    house = await insert_warehouse(merchant_id=merchant.id)
    area = unique("A").upper()
    assert (await upload(client, staff, "warehouse-area", [
        ["warehouseId", "code", "name"], [house.warehouse_id, area, "Lantai 1"]]))["data"] == {"imported": 1}
    async with transaction() as db:
        area_id = await db.scalar(select(WarehouseArea.id).where(WarehouseArea.warehouse_id == house.warehouse_id,
                                                                 WarehouseArea.code == area))
    other = await insert_warehouse(merchant_id=merchant.id)
    shelves = await count(Shelf, warehouse_id=house.warehouse_id)
    body = await upload(client, staff, "warehouse-shelf", [
        ["warehouseId", "areaId", "code", "name"],
        [house.warehouse_id, area_id, unique("S").upper(), "Rak 1"],
        [other.warehouse_id, area_id, unique("S").upper(), "Rak 2"],
    ], status=422)
    assert [(e["row"], e["column"], e["rule"]) for e in body["data"]["errors"]] == [
        (3, "areaId", "warehouse_area_elsewhere")]
    assert await count(Shelf, warehouse_id=house.warehouse_id) == shelves
    assert (await upload(client, staff, "warehouse-shelf", [
        ["warehouseId", "areaId", "code", "name"], [house.warehouse_id, area_id, unique("S").upper(), "Rak 1"]]
    ))["data"] == {"imported": 1}

    header = await template(client, staff, "wms-product")
    assert "SKU *" in header
    sku = unique("SKU-")
    body = await upload(client, staff, "wms-product", [
        ["merchantId", "sku", "name", "category", "weightG"],
        [merchant.id, sku, "Kemeja", "2", 250],
        [merchant.id, unique("SKU-"), "Kemeja", "2", 0],
    ], status=422)
    assert [(e["row"], e["column"], e["rule"]) for e in body["data"]["errors"]] == [(3, "weightG", "ge")]
    assert await count(WmsProduct, merchant_id=merchant.id) == 0
    assert (await upload(client, staff, "wms-product", [
        ["merchantId", "sku", "name", "category", "weightG"], [merchant.id, sku, "Kemeja", "2", 250]]
    ))["data"] == {"imported": 1}


async def test_import_needs_its_button(client, login_as):
    merchant = await insert_merchant("ID")
    viewer = await login_as("warehouse-list", "warehouse#add")
    reply = await client.post("/cms/warehouse/import", headers=viewer, files={
        "file": ("rows.xlsx", workbook([["merchantId", "name", "code"], [merchant.id, "G", unique("C")]]),
                 "application/octet-stream")})
    assert reply.status_code == 403
    assert (await client.post("/cms/warehouse/import-template", headers=viewer)).status_code == 403
    assert await count(Warehouse, merchant_id=merchant.id) == 0
