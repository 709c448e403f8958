"""Tickets: create, search, detail, the navbar dropdown. Actions are in ticket_actions.py, the dashboard
in ticket_reports.py, business calendars in ticket_calendars.py (docs/tickets.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy import Select, func, select

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource.query import apply_filters, apply_sort
from api.schemas.tickets import (
    TicketCreate,
    TicketCreated,
    TicketDetail,
    TicketFilters,
    TicketNavbar,
    TicketPage,
    involved_clause,
    scope_clause,
)
from api.ticket_ops import create_ticket, visible_ticket, workflow_url
from api.ticket_reads import detail, list_items
from domain.enums import TicketScope, TicketStatus
from domain.errors import DomainError
from domain.models.tickets import Ticket
from workflows.ticket_models import workflow_id

router = APIRouter(prefix="/ticket", tags=["tickets"])

SORTABLE = {"id", "created_at", "updated_at", "level", "status", "category", "application", "first_response_due",
            "resolve_due", "last_reply_at", "closed_at"}
LIST = ("ticket-list", "ticket-user-list")  # the full list, or "my tickets"
NAVBAR_ITEMS = 10
COUNT_CAP = 10_000


@router.post("/add", summary="Create a ticket and start its flow (the detail page then reads the rest)")
async def add(body: TicketCreate, request: Request, db: SessionDep,
              user: Annotated[Principal, Need("ticket-new")]) -> Reply[TicketCreated]:
    try:
        client = await temporal_client(request)
    except DomainError:  # Temporal is down: the ticket is saved now and its flow started by the reconciler
        client = None
    ticket = await create_ticket(body, user, client)
    item = (await list_items(db, [ticket], datetime.now(UTC)))[0]
    return ok({**item, "flowPending": ticket.flow_pending, "workflowId": workflow_id(ticket.id),
               "workflowUrl": workflow_url(ticket.id)})


def search_query(params: TicketFilters, user: Principal) -> Select[Any]:
    """The list query of a search (bench/tickets runs the same SQL through pgbench)."""
    query = select(Ticket)
    clause = scope_clause(params.scope, user.id)
    if clause is not None:
        query = query.where(clause)
    if not user.can("ticket-list"):
        query = query.where(involved_clause(user.id))
    query = apply_filters(query, Ticket, params.model_copy(update={"scope": None}))
    return apply_sort(query, Ticket, params.sort, SORTABLE, "-id")


@router.post("/search", summary="Search tickets: all, mine, assigned to me, watched, with filters")
async def search(params: TicketFilters, db: SessionDep,
                 user: Annotated[Principal, Need(*LIST)]) -> Reply[TicketPage]:
    query = search_query(params, user)
    total = await db.scalar(capped_count(query)) or 0
    rows = (await db.scalars(query.limit(params.page_size).offset((params.page - 1) * params.page_size))).all()
    return ok({"items": await list_items(db, rows, datetime.now(UTC)), "total": min(total, COUNT_CAP),
               "totalCapped": total > COUNT_CAP, "page": params.page, "pageSize": params.page_size})


def capped_count(query: Select[Any]) -> Select[Any]:
    """Counting a million matches costs more than the page itself; past COUNT_CAP the list says "10,000+"."""
    matches = query.order_by(None).with_only_columns(Ticket.id).limit(COUNT_CAP + 1).subquery()
    return select(func.count()).select_from(matches)


@router.get("/detail/{ticket_id}", summary="A ticket with comments, attachments, history, SLA and allowed actions")
async def get(ticket_id: int, db: SessionDep, user: Annotated[Principal, Need(*LIST)]) -> Reply[TicketDetail]:
    ticket = await visible_ticket(db, user, ticket_id)
    return ok(await detail(db, ticket, user, datetime.now(UTC)))


@router.get("/navbar", summary="The navbar dropdown: my open tickets with counts")
async def navbar(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[TicketNavbar]:
    open_statuses = [s for s in TicketStatus if s not in (TicketStatus.CLOSED, TicketStatus.WONT_FIX)]
    groups = {}
    for key, scope in (("assigned", TicketScope.ASSIGNED), ("submitted", TicketScope.MINE),
                       ("watched", TicketScope.WATCHED)):
        rows = (await db.execute(select(Ticket.status, func.count()).where(
            scope_clause(scope, user.id), Ticket.status.in_(open_statuses)).group_by(Ticket.status))).all()
        counts = dict(rows)
        groups[key] = {"total": sum(counts.values()),
                       "byStatus": [{"status": s, "count": counts[s]} for s in open_statuses if s in counts]}
    items = (await db.scalars(select(Ticket).where(
        Ticket.assignee_id == user.id, Ticket.status.in_(open_statuses))
        .order_by(Ticket.resolve_due, Ticket.id).limit(NAVBAR_ITEMS))).all()
    return ok({**groups, "items": [
        {"id": r.id, "title": r.title, "status": r.status, "level": r.level, "resolveDue": r.resolve_due,
         "breached": r.first_response_breached or r.resolve_breached} for r in items]})

