"""Determinism of the ticket workflow: a recorded history replays against the current code (DESIGN.md
Temporal rule 10). A behaviour change that would break running flows fails here; put it behind
`workflow.patched(...)` instead. Re-record with OMP_RECORD_HISTORY=1 after a deliberate, patched change."""

import os
from datetime import timedelta
from pathlib import Path

from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Replayer

from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, eventually, row, staff
from workflows.tickets import TicketWorkflow

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures
time_skipping_env = ticket_support.own_time_skipping_env  # skips days: a clock of its own
RECORDED = Path(__file__).parent / "histories" / "ticket-lifecycle.json"


def replayer() -> Replayer:
    return Replayer(workflows=[TicketWorkflow], data_converter=pydantic_data_converter)


async def test_the_recorded_lifecycle_replays():
    history = WorkflowHistory.from_json("ticket-recorded", RECORDED.read_text())
    await replayer().replay_workflow(history)


async def test_a_fresh_lifecycle_replays(client, ticket_worker):
    """Watch, claim, priority change, breach, start, complete, approve, automatic close."""
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(env, tech.principal)
    for path, body in (("watch", None), ("claim", None), ("priority", {"issueLevel": "CRITICAL"})):
        assert (await client.post(f"/cms/ticket/{ticket_id}/{path}", json=body or {}, headers=tech.headers)).is_success
    await env.sleep(timedelta(hours=3))
    await eventually(lambda: _resolve_breached(ticket_id))
    for path, body in (("start", None), ("complete", {"solution": "done"}), ("approve", None)):
        assert (await client.post(f"/cms/ticket/{ticket_id}/{path}", json=body or {}, headers=tech.headers)).is_success
    await env.sleep(timedelta(days=3, minutes=1))
    await eventually(lambda: _closed(ticket_id))
    history = await env.client.get_workflow_handle(f"ticket-{ticket_id}").fetch_history()
    await replayer().replay_workflow(history)
    if os.environ.get("OMP_RECORD_HISTORY"):
        RECORDED.parent.mkdir(exist_ok=True)
        RECORDED.write_text(history.to_json())


async def _resolve_breached(ticket_id):
    return (await row(ticket_id)).resolve_breached


async def _closed(ticket_id):
    return (await row(ticket_id)).status == "CLOSED"
