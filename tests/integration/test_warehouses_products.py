"""The WMS product library (SPEC §2 /product-library, §3 WMS product: sku, name, variant, category 1-23, weight in
g, size in cm, remark): a SKU once per merchant, the category from the enumeration, weights and sizes in range,
the merchant's data authority, xlsx export."""

import io

import openpyxl
import pytest

from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant

ALL = ("product-library", "product#add", "product#edit", "product#delete", "product#export")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def add(client, headers, merchant_id, status=200, **fields):
    body = {"merchantId": merchant_id, "sku": unique("SKU-"), "name": "Kemeja batik", "category": "2",
            "weightG": 250, **fields}
    reply = await client.post("/cms/wms-product/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_a_product_is_added_with_its_sizes_and_listed_with_its_merchant(client, staff):
    merchant = await insert_merchant("ID")
    added = (await add(client, staff, merchant.id, variant="Red / XL", lengthCm="30.5", widthCm="20",
                       heightCm="2.5", remark="folded"))["data"]
    assert (added["merchantEmail"], added["variant"], added["category"], added["weightG"]) == (
        merchant.email, "Red / XL", "2", 250)
    assert (added["lengthCm"], added["widthCm"], added["heightCm"]) == ("30.5", "20.0", "2.5")
    listed = (await client.post("/cms/wms-product/search", headers=staff, json={
        "merchantId": merchant.id, "category": ["2"]})).json()["data"]["items"]
    assert [p["sku"] for p in listed] == [added["sku"]]


async def test_a_sku_is_once_per_merchant(client, staff):
    merchant, other = await insert_merchant("ID"), await insert_merchant("ID")
    sku = unique("SKU-")
    await add(client, staff, merchant.id, sku=sku)
    taken = await add(client, staff, merchant.id, 409, sku=sku)
    assert (taken["code"], taken["data"]["field"]) == ("SKU_TAKEN", "sku")
    assert taken["message"] == f'SKU: the merchant already has a product with the SKU "{sku}"'
    await add(client, staff, other.id, sku=sku)


@pytest.mark.parametrize(("fields", "field", "rule"), [
    ({"category": "24"}, "category", "enum"),
    ({"category": "0"}, "category", "enum"),
    ({"weightG": 0}, "weightG", "ge"),
    ({"weightG": 1_000_001}, "weightG", "le"),
    ({"lengthCm": "-1"}, "lengthCm", "ge"),
    ({"sku": "RED XL"}, "sku", "sku_format"),
    ({"weightG": "heavy"}, "weightG", "integer"),
])
async def test_malformed_products_are_refused_naming_field_and_rule(client, staff, fields, field, rule):
    merchant = await insert_merchant("ID")
    refused = await add(client, staff, merchant.id, 422, **fields)
    error = refused["data"]["errors"][0]
    assert error["field"] == field
    assert error["rule"] == rule
    listed = (await client.post("/cms/wms-product/search", headers=staff, json={"merchantId": merchant.id})).json()
    assert listed["data"]["total"] == 0


async def test_the_sku_stays_and_the_export_holds_the_library(client, staff):
    merchant = await insert_merchant("ID")
    product = (await add(client, staff, merchant.id, sku="KEEP-1"))["data"]
    changed = await client.post("/cms/wms-product/modify", headers=staff, json={
        "id": product["id"], "sku": "OTHER", "name": "Kemeja panjang"})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["data"]["sku"], changed.json()["data"]["name"]) == ("KEEP-1", "Kemeja panjang")
    reply = await client.post("/cms/wms-product/export", headers=staff, json={"merchantId": merchant.id})
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert "Product name" in rows[0] and "Weight (g)" in rows[0]
    assert rows[1][rows[0].index("SKU")] == "KEEP-1"
