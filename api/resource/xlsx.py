"""Spreadsheets: the constant-memory xlsx writer (domain/xlsx.py) for exports and an xls/xlsx reader for imports."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
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


def width_of(header: Sequence[Any]) -> int:
    """The columns a file's rows are read to: up to its header's last titled cell."""
    titled = [i for i, value in enumerate(header) if value is not None and str(value).strip()]
    return titled[-1] + 1 if titled else 0


def kept(rows: Iterable[Sequence[Any]], max_rows: int) -> list[list[Any]]:
    """The rows as lists, refused beyond `max_rows` that hold anything (blank rows, as a sheet's stray formatting
    leaves them, do not count)."""
    out: list[list[Any]] = []
    filled = 0
    for row in rows:
        filled += any(value is not None and str(value).strip() for value in row)
        if filled > max_rows:
            raise DomainError("IMPORT_TOO_MANY_ROWS", status=413, limit=max_rows)
        out.append(list(row))
    return out


def read_rows(filename: str, content: bytes, max_rows: int) -> list[list[Any]]:
    """The first sheet's rows, header first, as plain Python values, each read only as wide as the header: a
    sheet whose one stray cell sits in the last column and row would otherwise be read as a billion empty cells
    (a few kilobytes that keep a process busy for minutes). Blocking: run it in a thread."""
    try:
        if filename.lower().endswith(".xlsx"):
            import openpyxl

            book = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
            sheet = book.worksheets[0]
            header = list(next(sheet.iter_rows(max_row=1, values_only=True), ()))
            width = width_of(header)
            rows = [header[:width], *kept(sheet.iter_rows(min_row=2, max_col=max(width, 1), values_only=True),
                                          max_rows)] if width else [header]
            book.close()
            return rows
        import xlrd

        table = xlrd.open_workbook(file_contents=content).sheet_by_index(0)
        if not table.nrows:
            return []
        width = width_of(table.row_values(0))
        values = ([c.value if c.ctype != xlrd.XL_CELL_EMPTY else None for c in table.row(r)[:width]]
                  for r in range(table.nrows))
        return [next(values), *kept(values, max_rows)]
    except DomainError:
        raise
    except Exception as exc:
        raise DomainError("IMPORT_UNREADABLE", status=422) from exc
