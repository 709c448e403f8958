"""A ticket whose flow was ended from outside (terminated in the Temporal Web UI) gets its SLA clocks back: the
reconciler finds the open ticket whose flow is not running and starts it again from the row, and an operator can
do the same from the ticket (SPEC §9 ticket SLA; real dev server: the reconciler reads Temporal's visibility)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from temporalio.client import WorkflowExecutionStatus

from domain.flows import tickets as m
from services.tickets import flow
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, claim_landed, eventually, new_ticket_body, row, staff

mail_sink = ticket_support.mail_sink  # fixture
flows = ticket_support.flows  # fixture


async def status_of(client, ticket_id: int) -> WorkflowExecutionStatus | None:
    return (await client.get_workflow_handle(m.workflow_id(ticket_id)).describe()).status


async def terminated(client, ticket_id: int) -> None:
    await client.get_workflow_handle(m.workflow_id(ticket_id)).terminate("ended by hand in the Web UI")
    assert await status_of(client, ticket_id) == WorkflowExecutionStatus.TERMINATED


async def test_the_reconciler_restarts_a_terminated_flow_with_its_deadlines(client, flows):
    tech = await staff(*EVERYTHING)
    created = await client.post("/cms/ticket/add", headers=tech.headers, json=new_ticket_body(issueLevel="CRITICAL"))
    ticket_id = created.json()["data"]["id"]
    await eventually(lambda: _running(flows.client, ticket_id))
    before = await row(ticket_id)
    since = datetime.now(UTC) - timedelta(seconds=1)
    await terminated(flows.client, ticket_id)

    restarts: list[int] = []

    async def restarted() -> bool:
        # Visibility is eventually consistent: the closed run shows within seconds, later on a busy machine.
        restarts.append(await flow.reconcile_lost(flows.client, since))
        return await _running(flows.client, ticket_id)

    await eventually(restarted, timeout=120)
    assert sum(restarts) >= 1  # with any other test's ticket whose flow was ended meanwhile

    async def runs() -> int:
        query = f"WorkflowId = '{m.workflow_id(ticket_id)}'"
        return len([run async for run in flows.client.list_workflows(query)])

    async def started_once() -> bool:  # the ended run and one new: asked again and again, started once
        return await runs() == 2

    await eventually(started_once, timeout=60)
    assert await runs() == 2
    view = await flows.client.get_workflow_handle(m.workflow_id(ticket_id)).query(m.CURRENT, result_type=m.TicketView)
    # the clocks are where they were: the same instants, not a fresh SLA from now
    assert (view.first_response_due, view.resolve_due) == (before.first_response_due, before.resolve_due)
    assert view.status == before.status
    assert await flow.reconcile_lost(flows.client, since) == 0  # running again: nothing more to do


async def test_an_operator_restarts_the_flow_from_the_ticket(client, flows):
    tech = await staff(*EVERYTHING)
    created = await client.post("/cms/ticket/add", headers=tech.headers, json=new_ticket_body())
    ticket_id = created.json()["data"]["id"]
    await eventually(lambda: _running(flows.client, ticket_id))
    running = await client.post(f"/cms/ticket/{ticket_id}/restart-flow", headers=tech.headers)
    assert running.status_code == 403  # the button's own permission

    operator = await staff(*EVERYTHING, "ticket#restart-flow")
    refused = await client.post(f"/cms/ticket/{ticket_id}/restart-flow", headers=operator.headers)
    assert refused.status_code == 409 and refused.json()["code"] == "TICKET_FLOW_RUNNING"
    assert f"#{ticket_id}" in refused.json()["message"]

    before = await row(ticket_id)
    await terminated(flows.client, ticket_id)
    restarted = await client.post(f"/cms/ticket/{ticket_id}/restart-flow", headers=operator.headers)
    assert restarted.status_code == 200, restarted.text
    assert await status_of(flows.client, ticket_id) == WorkflowExecutionStatus.RUNNING
    view = await flows.client.get_workflow_handle(m.workflow_id(ticket_id)).query(m.CURRENT, result_type=m.TicketView)
    assert (view.first_response_due, view.resolve_due) == (before.first_response_due, before.resolve_due)
    # the restarted flow takes actions as before
    await claim_landed(client, ticket_id, tech.headers)


async def _running(client, ticket_id: int) -> bool:
    try:
        return await status_of(client, ticket_id) == WorkflowExecutionStatus.RUNNING
    except Exception:  # not started yet
        return False
