"""An import is bounded by what it holds, not only by its bytes: a 5 MB xlsx compresses a million rows, each
checked and saved in the call's one transaction, and a few kilobytes with one stray cell in the sheet's last
column and row were read as a billion empty cells, keeping the API process busy for minutes. Rows are read only as
wide as the header, in a thread, and a file with more rows than `OMP_IMPORT_MAX_ROWS` (10,000) that hold anything
is refused with 413 before any is saved."""

from __future__ import annotations

import io

import xlsxwriter

from domain.models.couriers import Courier
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.import_support import count

PERMISSIONS = ("logistics-configuration", "logistics#add", "logistics#import")
HEADER = ["Name", "Channel", "Shipping method"]


def sheet(rows: list[list[object]], stray: tuple[int, int] | None = None) -> bytes:
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "constant_memory": True})
    page = book.add_worksheet()
    for r, row in enumerate(rows):
        page.write_row(r, 0, row)
    if stray is not None:  # formatting only, far away: it makes the sheet that big
        page.write_blank(*stray, None, book.add_format({"bold": True}))
    book.close()
    return buffer.getvalue()


async def post(client, headers, content):
    return await client.post("/cms/courier/import", headers=headers,
                             files={"file": ("couriers.xlsx", content, "application/octet-stream")})


async def test_an_import_with_more_rows_than_the_limit_is_refused_before_any_is_saved(client, login_as):
    headers = await login_as(*PERMISSIONS)
    prefix = unique("Many")
    limit = get_settings().import_max_rows
    rows = [HEADER, *([f"{prefix}{n}", "SHOPEE_ID", "PICK_UP"] for n in range(limit + 1))]
    reply = await post(client, headers, sheet(rows))
    assert reply.status_code == 413, reply.text[:300]
    assert reply.json()["code"] == "IMPORT_TOO_MANY_ROWS"
    assert await count(Courier, name=f"{prefix}0") == 0


async def test_a_stray_cell_far_away_does_not_make_the_sheet_that_wide(client, login_as):
    headers = await login_as(*PERMISSIONS)
    prefix = unique("Far")
    rows = [HEADER, [f"{prefix}a", "SHOPEE_ID", "PICK_UP"]]
    reply = await post(client, headers, sheet(rows, stray=(1_048_575, 16_383)))  # XFD1048576
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"] == {"imported": 1}
