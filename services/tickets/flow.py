"""The ticket flow as client calls: its start right after creation and by the reconciler for rows still marked
pending (docs/decisions/ticket-creation.md), its restart when an open ticket's flow was ended from outside (the
Temporal Web UI's terminate or cancel) by the reconciler or an operator, and one action as the flow's Update (a
flow that has ended is started again from the row with the Update, in one call)."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WithStartWorkflowOperation
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.errors import DomainError
from domain.flows import tickets as m
from domain.models.tickets import Ticket
from domain.rules import tickets as rules
from domain.settings import get_settings
from services.flows import flow_refusal, flow_runs, rpc_timeout, updating, watched
from services.tickets.store import load_calendar, mark_started, start_input

log = logging.getLogger("omp.tickets")
STARTS_AT_ONCE = 20


# ---- the start -----------------------------------------------------------------------------------


def flow_options(start: m.TicketStart) -> dict[str, Any]:
    """One id per ticket, and USE_EXISTING so a second start of a running flow is harmless. The summary and
    details make a row of the Temporal Web UI say which ticket it is."""
    return {"id": m.workflow_id(start.state.ticket_id), "task_queue": get_settings().task_queue,
            "id_conflict_policy": WorkflowIDConflictPolicy.USE_EXISTING,
            "search_attributes": m.search_attributes(start.state),
            "static_summary": m.flow_summary(start.state),
            "static_details": m.flow_details(start.state, start.console_url)}


async def start_flow(client: Client, start: m.TicketStart) -> None:
    """The one way a ticket's flow is started on its own (creation, the reconciler); the caller watches."""
    await client.start_workflow(m.WORKFLOW, start, **flow_options(start), rpc_timeout=rpc_timeout())


def start_operation(start: m.TicketStart) -> WithStartWorkflowOperation[Any, m.TicketView]:
    """The same start, carried by an update-with-start."""
    return WithStartWorkflowOperation(m.WORKFLOW, start, result_type=m.TicketView, **flow_options(start))


async def start_created(client: Client | None, ticket: Ticket, start: m.TicketStart,
                        call: AsyncSession | None = None) -> Ticket:
    """After the new row committed: its flow starts and the mark is cleared, in the call's own transaction `call`
    when given. If the start fails, the ticket stands and the reconciler starts its flow later."""
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


async def reconcile(client: Client, older_than: timedelta = timedelta(seconds=30), limit: int = 500) -> int:
    """Start the flows of tickets still marked pending (their creator died between the insert and the
    start, or Temporal was down); returns how many. Harmless when a flow runs already."""
    cutoff = datetime.now(UTC) - older_than
    async with transaction() as db:
        rows = (await db.scalars(select(Ticket).where(Ticket.flow_pending, Ticket.created_at <= cutoff)
                                 .order_by(Ticket.id).limit(limit))).all()
        calendar = await load_calendar(db, cutoff.date())
        starts = [await start_input(db, row, cutoff.date(), calendar) for row in rows]
    gate = asyncio.Semaphore(STARTS_AT_ONCE)

    async def start_one(start: m.TicketStart) -> None:
        async with gate:
            await start_flow(client, start)

    await asyncio.gather(*(start_one(s) for s in starts))
    if starts:
        await mark_started(s.state.ticket_id for s in starts)
        log.info("started %d pending ticket flows", len(starts))
    return len(starts)


# ---- flows ended from outside ----------------------------------------------------------------------

# How a flow ends that did not finish its ticket: an operator's terminate or cancel (Temporal Web UI), a failure.
LOST = ("Terminated", "Canceled", "Failed", "TimedOut")
LOST_WITHIN = timedelta(days=7)  # how far back the reconciler looks for them (closed runs outlive it rarely)
LOST_QUERY = "WorkflowType = '{type}' AND CloseTime > '{since}' AND ({statuses})"


async def flow_running(client: Client, ticket_id: int) -> bool:
    """Whether the ticket's flow runs now (its latest run); no flow at all is not running."""
    return await flow_runs(client, m.workflow_id(ticket_id))


async def restart(client: Client, ticket_ids: list[int]) -> list[int]:
    """Start again the flows of the open tickets among `ticket_ids` whose flow is not running; returns their ids.
    The flow starts from the row, whose deadlines are instants: each SLA clock keeps what was left of it, and one
    already past is handled at once, as the flow would have done."""
    today = datetime.now(UTC).date()
    async with transaction() as db:
        rows = (await db.scalars(select(Ticket).where(Ticket.id.in_(ticket_ids)).order_by(Ticket.id))).all()
        rows = [r for r in rows if rules.state_of(r.status, r.merged_into_id) not in rules.FINAL]
        calendar = await load_calendar(db, today) if rows else None
        starts = [await start_input(db, row, today, calendar) for row in rows]
    restarted = []
    for start in starts:
        if not await flow_running(client, start.state.ticket_id):
            await start_flow(client, start)
            restarted.append(start.state.ticket_id)
    if restarted:
        await mark_started(restarted)
        log.warning("restarted the flows of tickets %s, ended from outside", restarted)
    return restarted


async def reconcile_lost(client: Client, since: datetime, limit: int = 500) -> int:
    """Restart the flows of open tickets whose flow ended without finishing them (terminated or cancelled in the
    Temporal Web UI, failed) since `since`; returns how many were restarted."""
    query = LOST_QUERY.format(type=m.WORKFLOW, since=since.astimezone(UTC).isoformat().replace("+00:00", "Z"),
                              statuses=" OR ".join(f"ExecutionStatus = '{status}'" for status in LOST))
    ids: set[int] = set()
    async for execution in client.list_workflows(query, limit=limit, rpc_timeout=rpc_timeout()):
        ticket_id = execution.typed_search_attributes.get(m.TICKET_ID)
        if ticket_id is not None and ticket_id.isdigit():
            ids.add(int(ticket_id))
    return len(await restart(client, sorted(ids))) if ids else 0


# ---- actions -------------------------------------------------------------------------------------


# Refusals of the flow that are not about the ticket's state: the input rules, the database, an outage.
REFUSAL_STATUS = {"VALIDATION_FAILED": 422, "DATA_REFUSED": 422, "TICKET_CHANGE_FAILED": 503}


def refused(exc: ApplicationError) -> DomainError:
    """A refusal from the ticket's workflow as a translated error (services.flows.flow_refusal)."""
    return flow_refusal(exc, "TICKET_ILLEGAL_TRANSITION", REFUSAL_STATUS,
                        {"state": "TicketStatus", "action": "TicketAction"})


def timed_out(ticket: Ticket, exc: BaseException) -> DomainError:
    log.warning("ticket %s flow did not answer: %s", ticket.id, exc)
    return DomainError("TICKET_FLOW_TIMEOUT", status=503)


async def execute(client: Client, ticket: Ticket, command: m.TicketCommand) -> m.TicketView:
    """Run one action as the ticket's Workflow Update. A flow that has finished (a closed ticket after its
    linger time) is started again from the row, with the update, in one call (update-with-start)."""

    async def restart() -> m.TicketView:
        async with transaction() as db:
            start = await start_input(db, ticket, datetime.now(UTC).date())
        view: m.TicketView = await client.execute_update_with_start_workflow(
            m.ACT, command, start_workflow_operation=start_operation(start), result_type=m.TicketView,
            rpc_timeout=rpc_timeout())
        return view

    return await updating(client.get_workflow_handle(m.workflow_id(ticket.id)), m.ACT, command, m.TicketView,
                          refused=refused, unanswered=lambda exc: timed_out(ticket, exc), restart=restart,
                          rpc_timeout=rpc_timeout())
