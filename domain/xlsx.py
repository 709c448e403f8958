"""A constant-memory xlsx writer shared by the console's exports and the reports mails attach."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import xlsxwriter
from xlsxwriter.format import Format

from domain.rules.time_zones import in_zone, offset_label

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


SPREADSHEET_YEARS = range(1900, 10000)  # the dates a spreadsheet cell holds


class XlsxExport:
    """Rows go to a temporary file as they arrive (xlsxwriter constant_memory), never all in memory.

    Times are written in `zone` (the reader's) as real spreadsheet dates, each labelled with its offset by
    its number format: the cell reads `2026-11-24 14:05:00 GMT+07:00` and still sorts and filters as a date.
    """

    def __init__(self, headers: list[str], zone: ZoneInfo, sheet: str = "data") -> None:
        self._tmp = tempfile.NamedTemporaryFile(suffix=".xlsx", delete=False)  # noqa: SIM115
        self._tmp.close()
        self.path = Path(self._tmp.name)
        # strings_to_formulas off: a typed value starting with "=" stays text, never a formula that runs when the
        # reader opens the file (formula injection)
        self._book = xlsxwriter.Workbook(str(self.path), {"constant_memory": True, "tmpdir": tempfile.gettempdir(),
                                                          "strings_to_formulas": False})
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
            elif isinstance(value, date) and value.year in SPREADSHEET_YEARS:
                self._sheet.write_datetime(self._row, col, value, self._date)
            elif isinstance(value, date):
                self._sheet.write_string(self._row, col, value.isoformat())
            elif value is not None:
                self._sheet.write(self._row, col, value)
        self._row += 1

    def write_instant(self, col: int, value: datetime) -> None:
        try:
            local = in_zone(value, self._zone)
        except OverflowError:  # a time no zone can shift it into (year 1, the last hours of 9999)
            local = value
        if local.year not in SPREADSHEET_YEARS:  # no spreadsheet date holds it: written as stored
            self._sheet.write_string(self._row, col, value.isoformat())
            return
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
