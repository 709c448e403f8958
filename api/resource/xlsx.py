"""Spreadsheets: the constant-memory xlsx writer (domain/xlsx.py) for exports and an xls/xlsx reader for imports."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

from fastapi.responses import StreamingResponse

from domain.errors import DomainError
from domain.rules.files import XLSX
from domain.xlsx import CHUNK, XlsxExport, cell

__all__ = ["CHUNK", "XLSX", "XLSX_RESPONSE", "XlsxExport", "cell", "check_upload", "download", "read_rows"]

XLSX_MAGIC = b"PK\x03\x04"
XLS_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# An xlsx download as OpenAPI documents it, so the generated client reads a file
XLSX_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {XLSX: {}}}}


def download(book: XlsxExport, filename: str) -> StreamingResponse:
    """A finished workbook as a file the browser saves under `filename`."""
    return StreamingResponse(book.stream(), media_type=XLSX, headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{quote(filename)}"})


def check_upload(filename: str | None, content: bytes, limit: int) -> None:
    """SPEC §5: imports are xls or xlsx, under 5 MB."""
    if len(content) >= limit:
        raise DomainError("IMPORT_TOO_LARGE", status=413, limitMb=limit // (1024 * 1024))
    suffix = (filename or "").lower().rsplit(".", 1)[-1]
    magic_ok = content.startswith(XLSX_MAGIC) if suffix == "xlsx" else content.startswith(XLS_MAGIC)
    if suffix not in ("xls", "xlsx") or not magic_ok:
        raise DomainError("IMPORT_BAD_TYPE", status=415)


def read_rows(filename: str, content: bytes) -> Iterator[list[Any]]:
    """All rows of the first sheet, header included, as plain Python values."""
    try:
        if filename.lower().endswith(".xlsx"):
            import openpyxl

            book = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
            for row in book.worksheets[0].iter_rows(values_only=True):
                yield list(row)
            book.close()
        else:
            import xlrd

            sheet = xlrd.open_workbook(file_contents=content).sheet_by_index(0)
            for r in range(sheet.nrows):
                yield [c.value if c.ctype != xlrd.XL_CELL_EMPTY else None for c in sheet.row(r)]
    except DomainError:
        raise
    except Exception as exc:
        raise DomainError("IMPORT_UNREADABLE", status=422) from exc
