"""The resource kit end to end on couriers: search, detail, add, modify, delete, export, import."""

import io

import openpyxl
import pytest
import xlsxwriter
from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import EntityChange
from tests.conftest import unique

ALL = ("logistics-configuration", "logistics#add", "logistics#edit", "logistics#delete", "logistics#export",
       "logistics#import")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def add(client, headers, **fields):
    body = {"name": unique("C"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP", **fields}
    reply = await client.post("/cms/courier/add", json=body, headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_add_then_search_with_filters_sort_and_paging(client, staff):
    prefix = unique("Fleet")
    for suffix, channel in [("a", "SHOPEE_ID"), ("b", "LAZADA_ID"), ("c", "SHOPEE_ID")]:
        await add(client, staff, name=f"{prefix}{suffix}", channel=channel)
    reply = await client.post("/cms/courier/search", headers=staff, json={
        "name": prefix.lower(), "channel": ["SHOPEE_ID"], "status": "", "shippingMethod": None,
        "sort": "-name", "page": 1, "pageSize": 1})
    data = reply.json()["data"]
    assert data["total"] == 2
    assert data["pageSize"] == 1
    assert [i["name"] for i in data["items"]] == [f"{prefix}c"]
    second = (await client.post("/cms/courier/search", headers=staff, json={
        "name": prefix, "channel": ["SHOPEE_ID"], "sort": "-name", "page": 2, "pageSize": 1})).json()["data"]
    assert [i["name"] for i in second["items"]] == [f"{prefix}a"]


async def test_sorting_by_an_unknown_field_is_refused(client, staff):
    reply = await client.post("/cms/courier/search", headers=staff, json={"sort": "passwordHash"})
    assert reply.status_code == 400
    assert reply.json()["code"] == "SORT_FIELD"


async def test_page_size_is_bounded(client, staff):
    reply = await client.post("/cms/courier/search", headers=staff, json={"pageSize": 100000})
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["field"] == "pageSize"


async def test_duplicate_name_in_a_channel_is_a_conflict_naming_the_field(client, staff):
    courier = await add(client, staff)
    reply = await client.post("/cms/courier/add", headers=staff, json={
        "name": courier["name"], "channel": "SHOPEE_ID", "shippingMethod": "DROP_OFF"})
    assert reply.status_code == 409
    assert reply.json()["data"] == {"field": "name"}
    assert courier["name"] in reply.json()["message"]
    # the same name on another channel is fine
    await add(client, staff, name=courier["name"], channel="LAZADA_ID")


async def test_modify_records_field_level_before_and_after(client, staff):
    courier = await add(client, staff)
    reply = await client.post("/cms/courier/modify", headers=staff,
                              json={"id": courier["id"], "status": "DISABLED"})
    assert reply.json()["data"]["status"] == "DISABLED", reply.text
    async with transaction() as db:
        change = await db.scalar(select(EntityChange).where(
            EntityChange.entity == "Courier", EntityChange.entity_id == str(courier["id"]),
            EntityChange.action == "update"))
    assert change.changes == {"status": {"before": "LIVE", "after": "DISABLED"}}
    assert change.transaction_id == reply.headers["x-transaction-id"]


async def test_failed_modify_changes_nothing(client, staff):
    courier = await add(client, staff)
    reply = await client.post("/cms/courier/modify", headers=staff, json={"id": courier["id"], "name": "No 1"})
    assert reply.status_code == 422
    detail = (await client.get(f"/cms/courier/detail/{courier['id']}", headers=staff)).json()["data"]
    assert detail["name"] == courier["name"]


async def test_delete_then_detail_is_404(client, staff):
    courier = await add(client, staff)
    assert (await client.delete(f"/cms/courier/delete/{courier['id']}", headers=staff)).status_code == 200
    reply = await client.get(f"/cms/courier/detail/{courier['id']}", headers=staff)
    assert reply.status_code == 404
    assert reply.json()["message"] == "Courier not found"


async def test_buttons_need_their_own_permission(client, login_as):
    viewer = await login_as("logistics-configuration")
    assert (await client.post("/cms/courier/search", headers=viewer, json={})).status_code == 200
    reply = await client.post("/cms/courier/add", headers=viewer, json={})
    assert reply.status_code == 403
    assert reply.json()["code"] == "NO_PERMISSION"


async def test_export_streams_the_current_filter_as_xlsx(client, staff):
    prefix = unique("Exp")
    for suffix in "abc":
        await add(client, staff, name=f"{prefix}{suffix}", shippingMethod="DROP_OFF")
    reply = await client.post("/cms/courier/export", headers=staff, json={"name": prefix, "sort": "name"})
    assert reply.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(reply.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:4] == ("ID", "Name", "Channel", "Shipping method")  # a label, never the wire name
    assert [r[1] for r in rows[1:]] == [f"{prefix}a", f"{prefix}b", f"{prefix}c"]
    assert {r[3] for r in rows[1:]} == {"DROP_OFF"}


def workbook(rows):
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    sheet = book.add_worksheet()
    for r, row in enumerate(rows):
        sheet.write_row(r, 0, row)
    book.close()
    return buffer.getvalue()


async def search_names(client, headers, prefix):
    reply = await client.post("/cms/courier/search", headers=headers, json={"name": prefix})
    return sorted(i["name"] for i in reply.json()["data"]["items"])


async def test_import_is_all_or_nothing_with_a_per_row_report(client, staff):
    prefix = unique("Imp")
    content = workbook([
        ["Name", "Channel", "Shipping method"],
        [f"{prefix}a", "SHOPEE_ID", "PICK_UP"],
        [f"{prefix}b2", "SHOPEE_ID", "PICK_UP"],
        [f"{prefix}c", "NOWHERE", "PICK_UP"],
    ])
    reply = await client.post("/cms/courier/import", headers=staff,
                              files={"file": ("couriers.xlsx", content, "application/octet-stream")})
    assert reply.status_code == 422
    body = reply.json()
    assert body["code"] == "IMPORT_ROWS_INVALID"
    assert [(e["row"], e["field"]) for e in body["data"]["errors"]] == [(3, "name"), (4, "channel")]
    assert await search_names(client, staff, prefix) == []

    good = workbook([["名称", "channel", "Metode pengiriman"], [f"{prefix}a", "SHOPEE_ID", "PICK_UP"],
                     [f"{prefix}b", "LAZADA_ID", "DROP_OFF"]])
    reply = await client.post("/cms/courier/import", headers=staff,
                              files={"file": ("couriers.xlsx", good, "application/octet-stream")})
    assert reply.json()["data"] == {"imported": 2}
    assert await search_names(client, staff, prefix) == [f"{prefix}a", f"{prefix}b"]


async def test_import_duplicates_inside_the_file_are_reported_by_row(client, staff):
    name = unique("Dup")
    content = workbook([["name", "channel", "shippingMethod"], [name, "SHOPEE_ID", "PICK_UP"],
                        [name, "SHOPEE_ID", "DROP_OFF"]])
    reply = await client.post("/cms/courier/import", headers=staff,
                              files={"file": ("c.xlsx", content, "application/octet-stream")})
    assert reply.status_code == 422
    assert [(e["row"], e["field"]) for e in reply.json()["data"]["errors"]] == [(3, "name")]
    assert await search_names(client, staff, name) == []


async def test_import_refuses_large_and_foreign_files(client, staff):
    big = b"PK\x03\x04" + b"0" * (5 * 1024 * 1024)
    reply = await client.post("/cms/courier/import", headers=staff, files={"file": ("big.xlsx", big)})
    assert reply.status_code == 413
    assert "5 MB" in reply.json()["message"]
    reply = await client.post("/cms/courier/import", headers=staff, files={"file": ("c.csv", b"name\nJNE")})
    assert reply.status_code == 415
    assert reply.json()["code"] == "IMPORT_BAD_TYPE"


async def test_import_reads_legacy_xls(client, staff):
    import xlwt

    prefix = unique("Xls")
    book = xlwt.Workbook()
    sheet = book.add_sheet("couriers")
    for r, row in enumerate([["name", "channel", "shippingMethod"], [f"{prefix}a", "BLIBLI_ID", "MANUAL_SHIP"]]):
        for c, value in enumerate(row):
            sheet.write(r, c, value)
    buffer = io.BytesIO()
    book.save(buffer)
    reply = await client.post("/cms/courier/import", headers=staff,
                              files={"file": ("couriers.xls", buffer.getvalue(), "application/vnd.ms-excel")})
    assert reply.json()["data"] == {"imported": 1}, reply.text
    assert await search_names(client, staff, prefix) == [f"{prefix}a"]
