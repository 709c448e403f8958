"""Files for the resource kit's xlsx import tests: a workbook of rows, its upload, the template's header."""

import io

import openpyxl
import xlsxwriter
from sqlalchemy import func, select

from domain.db import transaction


def workbook(rows: list[list[object]]) -> bytes:
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    sheet = book.add_worksheet()
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                sheet.write(r, c, value)
    book.close()
    return buffer.getvalue()


async def upload(client, headers, path, rows, status=200):
    reply = await client.post(f"/cms/{path}/import", headers=headers,
                              files={"file": ("rows.xlsx", workbook(rows), "application/octet-stream")})
    assert reply.status_code == status, reply.text
    return reply.json()


async def template(client, headers, path, lang="en"):
    reply = await client.post(f"/cms/{path}/import-template", headers={**headers, "Accept-Language": lang})
    assert reply.status_code == 200, reply.text
    sheet = openpyxl.load_workbook(io.BytesIO(reply.content)).worksheets[0]
    return [c.value for c in next(sheet.iter_rows(max_row=1))]


async def count(model, **where):
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(model).filter_by(**where))
