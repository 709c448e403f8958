"""Spreadsheets: a constant-memory xlsx writer for exports and an xls/xlsx reader for imports."""

from __future__ import annotations

import io
import tempfile
from collections.abc import AsyncIterator, Iterator
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import xlsxwriter
from xlsxwriter.format import Format

from domain.errors import DomainError
from domain.rules.time_zones import in_zone, offset_label

XLSX_MAGIC = b"PK\x03\x04"
XLS_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
CHUNK = 64 * 1024


def cell(value: Any) -> Any:
    """A value as a spreadsheet cell holds it; instants stay aware, `XlsxExport` writes them in its zone."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple | set):
        return ", ".join(str(cell(v)) for v in value)
    if isinstance(value, dict):
        return str(value)
    return value


class XlsxExport:
    """Rows go to a temporary file as they arrive (xlsxwriter constant_memory), never all in memory.

    Times are written in `zone` (the reader's) as real spreadsheet dates, each labelled with its offset by
    its number format: the cell reads `2026-11-24 14:05:00 GMT+07:00` and still sorts and filters as a date.
    """

    def __init__(self, headers: list[str], zone: ZoneInfo, sheet: str = "data") -> None:
        self._tmp = tempfile.NamedTemporaryFile(suffix=".xlsx", delete=False)  # noqa: SIM115
        self._tmp.close()
        self.path = Path(self._tmp.name)
        self._book = xlsxwriter.Workbook(str(self.path), {"constant_memory": True, "tmpdir": tempfile.gettempdir()})
        self._sheet = self._book.add_worksheet(sheet[:31])
        self._zone = zone
        self._date = self._book.add_format({"num_format": "yyyy-mm-dd"})
        self._instant: dict[str, Format] = {}  # one format per offset label
        bold = self._book.add_format({"bold": True})
        self._sheet.write_row(0, 0, headers, bold)
        self._sheet.freeze_panes(1, 0)
        self._row = 1

    def add(self, values: list[Any]) -> None:
        for col, value in enumerate(values):
            value = cell(value)
            if isinstance(value, datetime):
                self.write_instant(col, value)
            elif isinstance(value, date):
                self._sheet.write_datetime(self._row, col, value, self._date)
            elif value is not None:
                self._sheet.write(self._row, col, value)
        self._row += 1

    def write_instant(self, col: int, value: datetime) -> None:
        local = in_zone(value, self._zone)
        label = offset_label(local.utcoffset())
        if label not in self._instant:
            self._instant[label] = self._book.add_format({"num_format": f'yyyy-mm-dd hh:mm:ss "{label}"'})
        self._sheet.write_datetime(self._row, col, local.replace(tzinfo=None, microsecond=0), self._instant[label])

    def close(self) -> Path:
        self._book.close()
        return self.path

    async def stream(self) -> AsyncIterator[bytes]:
        try:
            with self.path.open("rb") as fh:
                while chunk := fh.read(CHUNK):
                    yield chunk
        finally:
            self.path.unlink(missing_ok=True)


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
