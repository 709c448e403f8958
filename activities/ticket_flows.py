"""Starting ticket flows: right after creation, and by the reconciler for rows still marked pending
(docs/decisions/ticket-creation.md). Shared by the API and the reconciling activity."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio import activity
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy

from activities.ticket_store import load_calendar, start_input
from domain.db import transaction
from domain.models.tickets import Ticket
from domain.settings import get_settings
from workflows import ticket_models as m

log = logging.getLogger("omp.tickets")
WORKFLOW = "ticket"  # TicketWorkflow's registered name
STARTS_AT_ONCE = 20


def flow_options(start: m.TicketStart) -> dict[str, Any]:
    """One id per ticket, and USE_EXISTING so a second start of a running flow is harmless. The summary and
    details make a row of the Temporal Web UI say which ticket it is."""
    return {"id": m.workflow_id(start.state.ticket_id), "task_queue": get_settings().task_queue,
            "id_conflict_policy": WorkflowIDConflictPolicy.USE_EXISTING,
            "search_attributes": m.search_attributes(start.state),
            "static_summary": m.flow_summary(start.state),
            "static_details": m.flow_details(start.state, start.console_url)}


async def start_flow(client: Client, start: m.TicketStart) -> None:
    await client.start_workflow(WORKFLOW, start, **flow_options(start), rpc_timeout=rpc_timeout())


def rpc_timeout() -> timedelta:
    """How long any one call to Temporal may take before it is given up (a hung server is an error, not a wait)."""
    return timedelta(seconds=get_settings().temporal_rpc_seconds)


NO_DISK_WAIT = text("set local synchronous_commit to off")
FLOWS_STARTED = text("update tickets set flow_pending = false where id = any(:ids)")


async def mark_started(ticket_ids: Iterable[int], db: AsyncSession | None = None) -> None:
    """Clear the marker once the flows run: in the caller's transaction when given (one statement more on a
    connection already held), else in one of its own. Its commit need not wait for the disk: were the clear
    lost in a crash, the reconciler would start the running flow again (a no-op, USE_EXISTING) and clear it."""
    if db is None:
        async with transaction() as own:
            await mark_started(ticket_ids, own)
        return
    await db.execute(NO_DISK_WAIT)
    await db.execute(FLOWS_STARTED, {"ids": list(ticket_ids)})


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


@activity.defn
async def reconcile_ticket_flows(older_than_seconds: int) -> int:
    """Run by the `ticket-reconcile` flow of earlier releases; the scheduled task calls `reconcile` now."""
    return await reconcile(activity.client(), timedelta(seconds=older_than_seconds))
