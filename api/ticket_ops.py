"""What the ticket routes check of their caller: creating a ticket (the caller's references, an Idempotency-Key)
with its flow, which tickets the caller may see, the actions offered and the detail page as the caller sees it.
The statements and the flow calls are services/tickets/."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.deps import Principal
from api.file_access import ensure_readable, file_reader
from api.idempotency import Idempotency
from api.merchant_scope import MERCHANT_SCOPE
from api.resource.scope import scoped
from api.schemas.tickets import TicketCreate, involved_clause, scope_clause
from api.temporal_ui import OPERATE, workflow_path
from api.user_center import ensure_people
from domain.db import transaction
from domain.enums import TicketLevel, TicketScope
from domain.errors import NotFound
from domain.flows import tickets as m
from domain.models.tickets import Ticket, TicketAttachment
from domain.rules import tickets as rules
from services.tickets import flow, reads, store

# ---- creation ----------------------------------------------------------------------------------


async def create_ticket(body: TicketCreate, user: Principal, client: Client | None,
                        now: datetime | None = None, call: AsyncSession | None = None,
                        once: Idempotency | None = None) -> Ticket:
    """The row (marked flow-pending) and its first history entry commit first; then the flow starts and
    the mark is cleared, in the call's own transaction `call` when given. If the start fails, the reconciler
    starts it later (docs/decisions/ticket-creation.md). `now` is the clock start (tests pass the test
    server's time). With `once` (an Idempotency-Key), a retry of a creation that succeeded returns that ticket."""
    now = now or datetime.now(UTC)
    level = TicketLevel(rules.ISSUE_LEVELS[body.issue_level])
    async with transaction() as db:
        first = await once.claim(db, user.id) if once else None
        if first is not None:
            return await visible_ticket(db, user, first)
        await ensure_people(db, user, {"assigneeId": body.assignee_id, "picId": body.pic_id, "rdId": body.rd_id})
        await ensure_readable(db, user, (a.file_id for a in body.attachments), "attachments")
        await store.ensure_listed(db, {"category": body.category, "application": body.application})
        email = await store.ensure_account(db, body.account_id, MERCHANT_SCOPE.conditions(user))
        if email and not body.account_email:
            body = body.model_copy(update={"account_email": email})
        ticket, start = await store.add_ticket(db, user, body.model_dump(exclude={"issue_level", "attachments"}),
                                               level, [m.AttachmentIn(**a.model_dump()) for a in body.attachments],
                                               now)
        if once:
            await once.bind(db, ticket.id)
    return await flow.start_created(client, ticket, start, call)


# Data authority of tickets: a ticket is its submitter's, its assignee's and its PIC's, and also belongs to
# whoever watches it; "own records" are those, "department" those of anyone in the department tree. Tickets
# carry no country or team, so those dimensions do not restrict them.
TICKETS = scoped(name="Ticket", owner=(Ticket.submitter_id, Ticket.assignee_id, Ticket.pic_id),
                 mine=lambda me: scope_clause(TicketScope.WATCHED, me))


def visible_to(user: Principal, me: Any = None) -> list[Any]:
    """The tickets the user may see: every ticket with the list screen, otherwise only those they are
    involved in; either way within their data authority. `me` may bind the user's id (see DataScope)."""
    me = user.id if me is None else me
    return [*([] if user.can("ticket-list") else [involved_clause(me)]), *TICKETS.conditions(user, me)]


def exports_every_ticket(user: Principal) -> bool:
    """Whether the user may download the whole ticket list: the export button, and no restriction of what they see
    (a timed mail's BI report carries every ticket of its span, so only such a user sets one up)."""
    return user.can("ticket#export") and not visible_to(user)


async def visible_ticket(db: AsyncSession, user: Principal, ticket_id: int) -> Ticket:
    """The ticket, if the user may see it."""
    query = select(Ticket).where(Ticket.id == ticket_id, *visible_to(user)).execution_options(populate_existing=True)
    ticket = await db.scalar(query)
    if ticket is None:
        raise NotFound(entity="Ticket")
    return ticket


@file_reader
async def attached_to_visible_tickets(db: AsyncSession, user: Principal, file_ids: list[int]) -> set[int]:
    """A file attached to a ticket (or one of its comments) is readable by whoever may see the ticket."""
    query = (select(TicketAttachment.file_id).join(Ticket, Ticket.id == TicketAttachment.ticket_id)
             .where(TicketAttachment.file_id.in_(file_ids), *visible_to(user)))
    return {i for i in (await db.scalars(query)).all() if i is not None}


def allowed_actions(ticket: Ticket, user: Principal, watching: bool) -> list[str]:
    state = rules.state_of(ticket.status, ticket.merged_into_id)
    return [action.value for action in rules.allowed_actions(state)
            if user.can(rules.PERMISSIONS[action])
            and rules.offered(action, actor_id=user.id, assignee_id=ticket.assignee_id, watching=watching)]


async def detail(db: AsyncSession, ticket: Ticket, user: Principal, now: datetime) -> dict[str, Any]:
    """The detail page (services.tickets.reads.detail) with the actions the caller is offered and the flow's page."""
    page = await reads.detail(db, ticket, user.id, now)
    return {**page, "allowedActions": allowed_actions(ticket, user, page["watching"]),
            "workflowUrl": workflow_url(ticket.id, user)}


def workflow_url(ticket_id: int, user: Principal) -> str | None:
    """The flow's page in the Temporal Web UI, through the console's proxy; operators only (it can terminate)."""
    return workflow_path(m.workflow_id(ticket_id)) if user.can(OPERATE) else None
