"""The ticket list as a spreadsheet download: every match of the list's filters, streamed from a server-side
cursor into a constant-memory workbook (domain/ticket_export.py builds it)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import StreamingResponse
from sqlalchemy import Select

from api.resource.xlsx import download
from domain.db import get_sessionmaker
from domain.ticket_export import ticket_workbook
from domain.user_time_zones import zone_of


async def export_tickets(query: Select[Any], reader_id: int) -> StreamingResponse:
    """`query` gives the list's rows with their people (api/routers/tickets.py), already filtered and sorted;
    times are written in the reader's zone."""
    async with get_sessionmaker()() as db:
        book = await ticket_workbook(db, query, await zone_of(db, reader_id))
    return download(book, "tickets.xlsx")
