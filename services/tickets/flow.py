"""The ticket flow as client calls: its start right after creation and by the reconciler for rows still marked
pending (docs/decisions/ticket-creation.md), and one action as the flow's Update (a flow that has ended is
started again from the row with the Update, in one call)."""

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
from domain.settings import get_settings
from services.flows import flow_refusal, rpc_timeout, updating, watched
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
