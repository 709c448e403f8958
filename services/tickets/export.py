"""The ticket list as a spreadsheet: the list's rows with their people, in a reader's language and zone
(categories and applications by their managed lists' names, as the screens show them). The
console's export streams it to the browser or writes it as an export task (api/routers/tickets.py); a BI timed
mail attaches it."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Row, Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.i18n import field_label, t
from domain.models.ticket_settings import TicketApplication, TicketCategory
from domain.models.tickets import Ticket
from domain.models.users import User
from domain.xlsx import XlsxExport
from services.exports import Tally
from services.tickets.lists import name_for

BATCH = 1000
Rows = Select[*tuple[Any, ...]]  # a statement of any number of columns

# What a list item shows: the row's own columns, and the three people by name, joined in. Built once:
# aliasing, labelling and joining are costly enough to show in a profile when done on every call.
LIST_COLUMNS = (Ticket.id, Ticket.title, Ticket.category, Ticket.application, Ticket.issue_type, Ticket.level,
                Ticket.status, Ticket.merged_into_id, Ticket.submitter_id, Ticket.assignee_id, Ticket.pic_id,
                Ticket.tags, Ticket.account_id, Ticket.created_at, Ticket.updated_at, Ticket.last_reply_at,
                Ticket.closed_at, Ticket.sla_started_at, Ticket.sla_work_time, Ticket.first_response_due,
                Ticket.resolve_due, Ticket.first_response_at, Ticket.first_response_minutes, Ticket.resolved_at,
                Ticket.resolved_in_minutes, Ticket.first_response_breached, Ticket.resolve_breached)
PEOPLE = ("submitter", "assignee", "pic")
PERSON = {role: aliased(User, name=role) for role in PEOPLE}
PERSON_COLUMNS = tuple(column.label(f"{role}_{column.key}") for role, person in PERSON.items()
                       for column in (person.username, person.display_name))
WITH_PEOPLE = reduce(lambda joined, role: joined.outerjoin(
    PERSON[role], PERSON[role].id == getattr(Ticket, f"{role}_id")), PEOPLE, Ticket.__table__)
PAGE = select(*LIST_COLUMNS, *PERSON_COLUMNS).select_from(WITH_PEOPLE)
PERSON_FIELDS = tuple((f"{role}_id", f"{role}_username", f"{role}_display_name") for role in PEOPLE)


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


def ticket_headers() -> list[str]:
    """The columns' titles in the current language."""
    return [field_label(name, module="tickets") for name, _ in COLUMNS]


async def add_ticket_rows(db: AsyncSession, query: Rows, book: XlsxExport, tally: Tally | None = None) -> int:
    """`query` gives rows of PAGE (the list's columns and people), filtered and sorted; each becomes a row of
    `book`, counted by `tally` (an export task's progress). Returns the rows written."""
    tally = tally or Tally()
    query = query.add_columns(name_for(TicketCategory, Ticket.category).label("category_name"),  # per language
                              name_for(TicketApplication, Ticket.application).label("application_name"))
    rows = await db.stream(query.execution_options(yield_per=BATCH))
    async for row in rows:
        book.add([cell(row) for _, cell in COLUMNS])
        await tally.add()
    return tally.rows


async def ticket_workbook(db: AsyncSession, query: Rows, zone: ZoneInfo) -> XlsxExport:
    """The closed workbook of `query`'s tickets (a BI timed mail's attachment), times in `zone`."""
    book = XlsxExport(ticket_headers(), zone, sheet=t("entities.Ticket"))
    await add_ticket_rows(db, query, book)
    book.close()
    return book
