"""What the ticket routes do: create a ticket with its flow, run an action through the flow, read one."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import (
    Client,
    WithStartWorkflowOperation,
    WorkflowUpdateFailedError,
    WorkflowUpdateRPCTimeoutOrCancelledError,
)
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from activities.ticket_flows import flow_options, mark_started, rpc_timeout, start_flow
from activities.ticket_store import load_calendar, start_input, state_of
from api.deps import Principal
from api.file_access import ensure_readable, file_reader
from api.idempotency import Idempotency
from api.resource.scope import scoped
from api.schemas.tickets import TicketCreate, involved_clause, scope_clause
from api.temporal_ui import OPERATE, workflow_path
from api.user_center import ensure_people
from domain import audit
from domain.context import transaction_id
from domain.db import transaction
from domain.enums import TicketEvent, TicketLevel, TicketScope, TicketStatus
from domain.errors import DomainError, Invalid, NotFound
from domain.models.ticket_settings import TicketApplication, TicketCategory
from domain.models.tickets import Ticket, TicketAttachment, TicketHistory
from domain.rules import tickets as rules
from domain.settings import get_settings
from services.flows import flow_refusal, watched
from workflows import ticket_models as m
from workflows.tickets import TicketWorkflow

log = logging.getLogger("omp.tickets")
LEVELS_TO_ISSUE = {level: issue for issue, level in rules.ISSUE_LEVELS.items()}


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
        await ensure_listed(db, {"category": body.category, "application": body.application})
        calendar = await load_calendar(db, now.date())
        in_work = calendar.build().is_work_time(now)
        first_due, resolve_due = rules.deadlines(level, now, in_work)
        values = body.model_dump(exclude={"issue_level", "attachments"})
        ticket = Ticket(**values, level=level, status=TicketStatus.NEW, submitter_id=user.id, created_at=now,
                        sla_started_at=now, sla_work_time=in_work, first_response_due=first_due,
                        resolve_due=resolve_due, flow_pending=True, seq=1)
        db.add(ticket)
        await db.flush()
        if once:
            await once.bind(db, ticket.id)
        db.add(TicketHistory(ticket_id=ticket.id, seq=1, at=now, actor_id=user.id, actor_name=user.username,
                             action=TicketEvent.CREATE, to_status=TicketStatus.NEW, detail={"level": level},
                             transaction_id=transaction_id.get()))
        db.add_all(TicketAttachment(ticket_id=ticket.id, kind=a.kind, file_id=a.file_id, url=a.url, name=a.name,
                                    created_by=user.id, created_at=now) for a in body.attachments)
        await db.flush()
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="Ticket",
                                  entity_id=ticket.id, action="create", before=None, after=audit.snapshot(ticket))
        start = m.TicketStart(state=state_of(ticket, watchers=[]), calendar=calendar,
                              console_url=get_settings().console_web)
    try:
        if client is None:
            raise RuntimeError("Temporal is not reachable")
        async with watched():
            await start_flow(client, start)
    except Exception as exc:  # Temporal unreachable: the ticket stands, the reconciler starts its flow
        log.warning("ticket %s saved, its flow will be started later: %s", ticket.id, exc)
        return ticket
    await mark_started([ticket.id], call)
    ticket.flow_pending = False
    return ticket


# ---- actions -----------------------------------------------------------------------------------


# Refusals of the flow that are not about the ticket's state: the input rules, the database, an outage.
REFUSAL_STATUS = {"VALIDATION_FAILED": 422, "DATA_REFUSED": 422, "TICKET_CHANGE_FAILED": 503}


def refused(exc: ApplicationError) -> DomainError:
    """A refusal from the ticket's workflow as a translated error (services.flows.flow_refusal)."""
    return flow_refusal(exc, "TICKET_ILLEGAL_TRANSITION", REFUSAL_STATUS,
                        {"state": "TicketStatus", "action": "TicketAction"})


async def execute(client: Client, ticket: Ticket, command: m.TicketCommand) -> m.TicketView:
    """Run one action as the ticket's Workflow Update. A flow that has finished (a closed ticket after its
    linger time) is started again from the row, with the update, in one call (update-with-start)."""
    handle = client.get_workflow_handle_for(TicketWorkflow.run, m.workflow_id(ticket.id))
    try:
        async with watched():
            return await _update(client, handle, ticket, command)
    except WorkflowUpdateFailedError as exc:
        if isinstance(exc.cause, ApplicationError):
            raise refused(exc.cause) from None
        raise
    except (WorkflowUpdateRPCTimeoutOrCancelledError, RPCError) as exc:
        log.warning("ticket %s flow did not answer: %s", ticket.id, exc)
        raise DomainError("TICKET_FLOW_TIMEOUT", status=503) from exc


async def _update(client: Client, handle: Any, ticket: Ticket, command: m.TicketCommand) -> m.TicketView:
    try:
        return await handle.execute_update(TicketWorkflow.act, command, rpc_timeout=rpc_timeout())
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
    async with transaction() as db:
        start = await start_input(db, ticket, datetime.now(UTC).date())
    operation = WithStartWorkflowOperation(TicketWorkflow.run, start, **flow_options(start))
    return await client.execute_update_with_start_workflow(TicketWorkflow.act, command,
                                                           start_workflow_operation=operation,
                                                           rpc_timeout=rpc_timeout())


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


# The managed lists a ticket's values must come from (the settings screens), by field.
LISTS: dict[str, Any] = {"category": TicketCategory, "application": TicketApplication}


async def ensure_listed(db: AsyncSession, values: dict[str, Any]) -> None:
    """Each listed field's value must be an enabled entry of its list; a refusal names the field."""
    for field, model in LISTS.items():
        value = values.get(field)
        if value is not None and await db.scalar(select(model.id).where(model.code == value, model.enabled)) is None:
            raise Invalid(field, "not_listed", value=value)


def workflow_url(ticket_id: int, user: Principal) -> str | None:
    """The flow's page in the Temporal Web UI, through the console's proxy; operators only (it can terminate)."""
    return workflow_path(m.workflow_id(ticket_id)) if user.can(OPERATE) else None
