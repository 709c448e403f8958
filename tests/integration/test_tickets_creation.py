"""No ticket without a flow, no flow without a ticket: the row commits first, marked flow-pending; the flow
starts with USE_EXISTING (a second start is harmless); a reconciler starts what a dead creator left."""

from datetime import UTC, datetime, timedelta

from temporalio.client import WorkflowExecutionStatus

from api.schemas.tickets import TicketCreate
from api.ticket_ops import create_ticket
from domain.db import transaction
from domain.flows.tickets import TICKET_ID
from domain.models.tickets import Ticket
from services.tickets.flow import reconcile, start_flow
from services.tickets.store import mark_started, start_input
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, new_ticket_body, row, staff
from workflows.ticket_reconcile import TicketReconcileWorkflow
from workflows.tickets import TicketWorkflow

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures
# Starting flows from rows and terminating them, as these tests do, has left a shared server unable to skip time.
time_skipping_env = ticket_support.own_time_skipping_env


async def pending_ticket(user, minutes_ago=0, now=None):
    """A ticket whose creator could not start its flow (Temporal down, or the API died right after)."""
    created = (now or datetime.now(UTC)) - timedelta(minutes=minutes_ago)
    ticket = await create_ticket(TicketCreate.model_validate(new_ticket_body()), user.principal, None, now=created)
    return ticket.id


async def test_the_api_creates_the_ticket_with_a_running_flow(client, ticket_worker):
    """First in this module (files run whole on one worker): the API starts clocks at the wall clock, and
    later tests wait on flows, which lets the test server skip ahead past this ticket's deadlines."""
    reporter = await staff("ticket-new", "ticket-list")
    reply = await client.post("/cms/ticket/add", headers=reporter.headers, json=new_ticket_body(
        issueLevel="SEVERE", tags=["shopee", "sync"],
        attachments=[{"kind": "IMAGE", "url": "https://files.example/a.png", "name": "a.png"}]))
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    assert (data["status"], data["level"], data["issueLevel"], data["flowPending"]) == ("NEW", "P1", "SEVERE", False)
    assert data["workflowUrl"] is None  # the Temporal Web UI is for operators (temporal#operate) only
    detail = (await client.get(f"/cms/ticket/detail/{data['id']}", headers=reporter.headers)).json()["data"]
    assert detail["workflowUrl"] is None
    operator = await staff("ticket-list", "temporal#operate")
    seen = (await client.get(f"/cms/ticket/detail/{data['id']}", headers=operator.headers)).json()["data"]
    assert seen["workflowUrl"] == f"/temporal/namespaces/default/workflows/ticket-{data['id']}"
    assert [h["action"] for h in detail["history"]] == ["CREATE"]
    assert detail["attachments"][0]["name"] == "a.png" and detail["tags"] == ["shopee", "sync"]
    handle = ticket_worker.client.get_workflow_handle_for(TicketWorkflow.run, f"ticket-{data['id']}")
    assert (await handle.query(TicketWorkflow.current)).status == "NEW"


async def test_the_row_is_saved_and_marked_when_the_flow_cannot_start_then_the_reconciler_starts_it(ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await pending_ticket(tech, minutes_ago=5)
    assert (await row(ticket_id)).flow_pending
    assert await reconcile(env.client, older_than=timedelta(0)) >= 1
    assert not (await row(ticket_id)).flow_pending
    described = await env.client.get_workflow_handle(f"ticket-{ticket_id}").describe()
    assert described.status == WorkflowExecutionStatus.RUNNING
    assert described.typed_search_attributes.get(TICKET_ID) == str(ticket_id)


async def test_starting_a_flow_twice_is_harmless(ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await pending_ticket(tech)
    async with transaction() as db:
        start = await start_input(db, await db.get(Ticket, ticket_id), datetime.now(UTC).date())
    await start_flow(env.client, start)
    first = (await env.client.get_workflow_handle(f"ticket-{ticket_id}").describe()).run_id
    await start_flow(env.client, start)  # e.g. the creator and the reconciler both got there
    assert (await env.client.get_workflow_handle(f"ticket-{ticket_id}").describe()).run_id == first


async def test_the_reconciler_workflow_leaves_young_rows_to_their_creator(ticket_worker):
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    old = await pending_ticket(tech, minutes_ago=2)
    young = await pending_ticket(tech)
    started = await env.client.execute_workflow(TicketReconcileWorkflow.run, id=f"reconcile-{old}",
                                                task_queue="omp-main")
    assert started >= 1
    assert not (await row(old)).flow_pending
    assert (await row(young)).flow_pending
    await mark_started([young])  # its creator's job; no later reconciler should find it


async def test_a_continued_flow_keeps_its_state(client, ticket_worker):
    """Long-lived flows continue as new when their history grows; the state carries over."""
    env = ticket_worker
    tech = await staff(*EVERYTHING)
    ticket_id = await pending_ticket(tech, now=await env.get_current_time())  # no deadline passes meanwhile
    async with transaction() as db:
        start = await start_input(db, await db.get(Ticket, ticket_id), datetime.now(UTC).date())
    start.history_limit = 12
    await start_flow(env.client, start)
    handle = env.client.get_workflow_handle(f"ticket-{ticket_id}")
    first = (await handle.describe()).run_id
    for path in ("watch", "claim", "start", "hold", "start"):
        reply = await client.post(f"/cms/ticket/{ticket_id}/{path}", json={}, headers=tech.headers)
        assert reply.status_code == 200, reply.text
    assert (await handle.describe()).run_id != first
    view = await env.client.get_workflow_handle_for(TicketWorkflow.run, f"ticket-{ticket_id}").query(
        TicketWorkflow.current)
    assert (view.status, view.assignee_id, view.watchers, view.seq) == ("WORK_IN_PROCESS", tech.id, [tech.id], 6)
