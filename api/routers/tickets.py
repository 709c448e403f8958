"""Tickets: create, search, detail, the navbar dropdown. Actions are in ticket_actions.py, the dashboard
in ticket_reports.py, business calendars in ticket_calendars.py (docs/tickets.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import StreamingResponse
from sqlalchemy import BindParameter, Row, Select, bindparam, func, or_, select

from api.deps import AUTHENTICATED, Need, Plain, PlainCall, Principal, SessionDep, release
from api.envelope import Reply, ok, ok_json
from api.flows import temporal_client
from api.idempotency import REPLAYED_HEADER, Idempotency, KeyHeader
from api.resource.bounds import narrow_filters
from api.resource.exporting import EXPORT_RESPONSES, Exportable, export_or_task, exportable
from api.resource.query import PICK_LIMIT, apply_filters, apply_sort, escape_like, filter_shape, filter_values
from api.resource.scope import declares
from api.resource.statements import Statements
from api.resource.xlsx import XlsxExport
from api.schemas.options import PickedIds, TicketOption, Typed
from api.schemas.tickets import (
    NavbarGroupName,
    TicketCreate,
    TicketCreated,
    TicketDetail,
    TicketFilters,
    TicketNavbar,
    TicketPage,
    scope_clause,
)
from api.ticket_ops import TICKETS, create_ticket, detail, visible_ticket, visible_to, workflow_url
from domain.db import get_sessionmaker
from domain.enums import TicketScope, TicketStatus
from domain.errors import DomainError
from domain.flows.tickets import workflow_id
from domain.models.tickets import Ticket
from services.exports import Tally, Written
from services.tickets.export import PAGE, PERSON_FIELDS, Rows, add_ticket_rows, ticket_headers
from services.tickets.reads import list_item, list_items, person

router = APIRouter(prefix="/ticket", tags=["tickets"])
narrow_filters(Ticket, TicketFilters)  # each integer filter held to its column's range

SORTABLE = {"id", "created_at", "updated_at", "level", "status", "category", "application", "first_response_due",
            "resolve_due", "last_reply_at", "closed_at"}
LIST = ("ticket-list", "ticket-user-list")  # the full list, or "my tickets"
NAVBAR_ITEMS = 10
COUNT_CAP = 10_000
INT32_DIGITS = 9  # a ticket number as the picker looks it up (ids are int32)


@router.post("/add", summary="Create a ticket and start its flow (the detail page then reads the rest)")
async def add(body: TicketCreate, request: Request, response: Response, db: SessionDep,
              user: Annotated[Principal, Need("ticket-new")], key: KeyHeader = None) -> Reply[TicketCreated]:
    await release(db)  # the ticket is written in its own transaction; nothing is held while its flow starts
    try:
        client = await temporal_client(request)
    except DomainError:  # Temporal is down: the ticket is saved now and its flow started by the reconciler
        client = None
    once = Idempotency.of(key, "/ticket/add", body)
    ticket = await create_ticket(body, user, client, call=db, once=once)
    if once and once.replayed:
        response.headers[REPLAYED_HEADER] = "true"
    caller = {user.id: person(user.id, user.username, user.display_name)}  # the submitter: no need to read
    item = (await list_items(db, [ticket], datetime.now(UTC), caller))[0]
    return ok({**item, "flowPending": ticket.flow_pending, "workflowId": workflow_id(ticket.id),
               "workflowUrl": workflow_url(ticket.id, user)})


def search_query(params: TicketFilters, user: Principal) -> Select[Any]:
    """The ids of the tickets a search matches (filters, scope, who may see what), in no order."""
    query = select(Ticket.id)
    me: BindParameter[int] = bindparam("p_me", user.id)
    if params.scope != TicketScope.ALL:
        query = query.where(scope_clause(params.scope, me))
    query = query.where(*visible_to(user, me))
    return apply_filters(query, Ticket, column_filters(params))


def column_filters(params: TicketFilters) -> TicketFilters:
    """The filters matched on columns: all but the scope, which search_query turns into its own clause."""
    return params.model_copy(update={"scope": None})




def page_query(params: TicketFilters, user: Principal) -> Select[Any]:
    """One statement for a search page: its rows with their people, and the capped total of matches in every
    row (bench/tickets runs this very SQL through pgbench). One round trip instead of three."""
    matches = search_query(params, user)
    total = capped_count(matches).scalar_subquery().label("total")
    page = in_order(PAGE.add_columns(total), matches, params)
    values = page_values(params, user)
    return page.limit(bindparam("p_limit", values["p_limit"])).offset(bindparam("p_offset", values["p_offset"]))


def page_shape(params: TicketFilters, user: Principal) -> tuple[Any, ...]:
    """What decides the SQL of page_query; everything else in it is a value (see page_values)."""
    return (filter_shape(column_filters(params)), params.scope, params.sort, user.can("ticket-list"),
            TICKETS.shape(user))


def page_values(params: TicketFilters, user: Principal) -> dict[str, Any]:
    return {**filter_values(column_filters(params)), "p_me": user.id, "p_limit": params.page_size,
            "p_offset": (params.page - 1) * params.page_size}


PAGES, TOTALS = Statements(), Statements()


def in_order(rows: Rows, matches: Select[Any], params: TicketFilters) -> Rows:
    """The list's rows restricted to a search's matches, in the order the search asks."""
    if matches.whereclause is not None:
        rows = rows.where(matches.whereclause)
    return apply_sort(rows, Ticket, params.sort, SORTABLE, "-id")


def people_of(row: Row[Any]) -> dict[int, dict[str, Any]]:
    found = {}
    for id_field, username_field, display_field in PERSON_FIELDS:
        someone = getattr(row, id_field)
        if someone is not None:
            found[someone] = person(someone, getattr(row, username_field), getattr(row, display_field))
    return found


@router.post("/search", summary="Search tickets: all, mine, assigned to me, watched, with filters",
             openapi_extra=declares(TICKETS), response_model=Reply[TicketPage])
async def search(params: TicketFilters, call: Annotated[PlainCall, Plain(*LIST)]) -> Response:
    db, user = call.db, call.user
    shape, values = page_shape(params, user), page_values(params, user)
    rows = await PAGES.rows(db, shape, lambda: page_query(params, user), values)
    if rows:
        total = rows[0].total
    elif params.page == 1:
        total = 0
    else:  # past the last page: the total alone
        total = (await TOTALS.rows(db, shape, lambda: capped_count(search_query(params, user)), values))[0][0]
    now = datetime.now(UTC)
    # A row carries every column list_item reads, so it stands in for the ORM object.
    items = [list_item(row, people_of(row), now) for row in rows]
    return ok_json({"items": items, "total": min(total, COUNT_CAP), "totalCapped": total > COUNT_CAP,
                    "page": params.page, "pageSize": params.page_size})


async def write_tickets(params: TicketFilters, user: Principal, book: XlsxExport, written: Written | None) -> int:
    async with get_sessionmaker()() as db:
        return await add_ticket_rows(db, in_order(PAGE, search_query(params, user), params), book, Tally(written))


TICKET_EXPORT = exportable(Exportable(name="Ticket", file="tickets", filters=TicketFilters, headers=ticket_headers,
                                      matches=search_query, write=write_tickets))


@router.post("/export", summary="Export the tickets matching the filters as xlsx (a task past the threshold)",
             response_class=StreamingResponse, openapi_extra=declares(TICKETS), responses=EXPORT_RESPONSES)
async def export(params: TicketFilters, request: Request,
                 user: Annotated[Principal, Need("ticket#export")]) -> Response:
    return await export_or_task(request, TICKET_EXPORT, params, user)


def capped_count(matches: Select[Any]) -> Select[Any]:
    """Counting a million matches costs more than the page itself; past COUNT_CAP the list says "10,000+"."""
    return select(func.count()).select_from(matches.limit(COUNT_CAP + 1).subquery())


@router.get("/detail/{ticket_id}", summary="A ticket with comments, attachments, history, SLA and allowed actions",
            openapi_extra=declares(TICKETS))
async def get(ticket_id: int, db: SessionDep, user: Annotated[Principal, Need(*LIST)]) -> Reply[TicketDetail]:
    ticket = await visible_ticket(db, user, ticket_id)
    return ok(await detail(db, ticket, user, datetime.now(UTC)))


# The navbar's groups: how the caller is involved in a ticket, by the list scope that shows the same tickets.
NAVBAR_GROUPS: dict[NavbarGroupName, TicketScope] = {
    "assigned": TicketScope.ASSIGNED, "submitted": TicketScope.MINE, "watched": TicketScope.WATCHED}
OPEN_STATUSES = [s for s in TicketStatus if s not in (TicketStatus.CLOSED, TicketStatus.WONT_FIX)]


@router.get("/navbar", summary="The navbar dropdown: my open tickets with counts, and the most urgent of one group",
            openapi_extra=declares(TICKETS))
async def navbar(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)],
                 group: NavbarGroupName = "assigned") -> Reply[TicketNavbar]:
    def open_in(scope: TicketScope) -> list[Any]:
        return [scope_clause(scope, user.id), Ticket.status.in_(OPEN_STATUSES), *TICKETS.conditions(user)]

    groups = {}
    for key, scope in NAVBAR_GROUPS.items():
        counts = dict((await db.execute(
            select(Ticket.status, func.count()).where(*open_in(scope)).group_by(Ticket.status))).all())
        groups[key] = {"total": sum(counts.values()),
                       "byStatus": [{"status": s, "count": counts[s]} for s in OPEN_STATUSES if s in counts]}
    items = (await db.scalars(select(Ticket).where(*open_in(NAVBAR_GROUPS[group]))
                              .order_by(Ticket.resolve_due, Ticket.id).limit(NAVBAR_ITEMS))).all()
    return ok({**groups, "group": group, "scope": NAVBAR_GROUPS[group], "items": [
        {"id": r.id, "title": r.title, "status": r.status, "level": r.level, "resolveDue": r.resolve_due,
         "breached": r.first_response_breached or r.resolve_breached} for r in items]})



@router.get("/options", openapi_extra=declares(TICKETS),
            summary="Tickets whose number or title contains what is typed (the first 20, newest first), or the given "
            "ids, for the pickers naming a ticket (a notice's ticket)")
async def options(db: SessionDep, user: Annotated[Principal, Need(*LIST, "notices-faq-manage")], q: Typed = None,
                  ids: PickedIds = None) -> Reply[list[TicketOption]]:
    query = select(Ticket.id, Ticket.title).where(*visible_to(user)).order_by(Ticket.id.desc()).limit(PICK_LIMIT)
    if ids:
        query = query.where(Ticket.id.in_(ids))
    elif q and q.strip().lstrip("#"):  # "#123" or "123" is the ticket of that number; any text is in titles
        typed = q.strip().lstrip("#")
        title = Ticket.title.ilike(f"%{escape_like(typed)}%", escape="\\")
        number = int(typed) if typed.isdigit() and len(typed) <= INT32_DIGITS else None
        query = query.where(or_(Ticket.id == number, title) if number is not None else title)
    return ok([TicketOption(id=row.id, title=row.title) for row in (await db.execute(query)).all()])
