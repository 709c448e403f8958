"""The ticket list as a spreadsheet: every match of the list's filters, in the caller's language (categories
and applications by their managed lists' names, as the screens show them), streamed from a server-side cursor
into a constant-memory workbook (as the resource kit exports)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from fastapi.responses import StreamingResponse
from sqlalchemy import Row, Select

from api.resource.xlsx import XlsxExport
from domain.db import get_sessionmaker
from domain.i18n import field_label, t
from domain.models.ticket_settings import TicketApplication, TicketCategory
from domain.models.tickets import Ticket
from domain.ticket_lists import name_for
from domain.user_time_zones import zone_of

BATCH = 1000
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def person(role: str) -> Callable[[Row[Any]], str | None]:
    def name(row: Row[Any]) -> str | None:
        username = getattr(row, f"{role}_username")
        return None if username is None else f"{getattr(row, f'{role}_display_name')} ({username})"
    return name


def enum(kind: str, column: str) -> Callable[[Row[Any]], str]:
    return lambda row: t(f"enums.{kind}.{getattr(row, column)}")


def plain(column: str) -> Callable[[Row[Any]], Any]:
    return lambda row: getattr(row, column)


# (wire name whose label heads the column, how a row gives its cell)
COLUMNS: tuple[tuple[str, Callable[[Row[Any]], Any]], ...] = (
    ("ticketId", plain("id")), ("title", plain("title")), ("level", enum("TicketLevel", "level")),
    ("status", enum("TicketStatus", "status")), ("category", plain("category_name")),
    ("application", plain("application_name")), ("issueType", enum("TicketIssueType", "issue_type")),
    ("submitterId", person("submitter")), ("assigneeId", person("assignee")), ("picId", person("pic")),
    ("accountId", plain("account_id")), ("tags", plain("tags")), ("createdAt", plain("created_at")),
    ("firstResponseDue", plain("first_response_due")), ("firstResponseBreached", plain("first_response_breached")),
    ("resolveDue", plain("resolve_due")), ("resolveBreached", plain("resolve_breached")),
    ("resolvedInMinutes", plain("resolved_in_minutes")), ("lastReplyAt", plain("last_reply_at")),
    ("closedAt", plain("closed_at")),
)


async def export_tickets(query: Select[Any], reader_id: int) -> StreamingResponse:
    """`query` gives the list's rows with their people (api/routers/tickets.py), already filtered and sorted;
    times are written in the reader's zone."""
    query = query.add_columns(name_for(TicketCategory, Ticket.category).label("category_name"),  # per language
                              name_for(TicketApplication, Ticket.application).label("application_name"))
    async with get_sessionmaker()() as db:
        book = XlsxExport([field_label(name) for name, _ in COLUMNS], await zone_of(db, reader_id),
                          sheet=t("entities.Ticket"))
        rows = await db.stream(query.execution_options(yield_per=BATCH))
        async for row in rows:
            book.add([cell(row) for _, cell in COLUMNS])
    book.close()
    return StreamingResponse(book.stream(), media_type=XLSX, headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{quote('tickets.xlsx')}"})
