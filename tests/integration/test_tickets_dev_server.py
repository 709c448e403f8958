"""What the time-skipping server cannot show, on a real dev server: operators find a ticket's flow by its
search attributes (visibility is eventually consistent), and the reconciler runs on a Schedule."""

import asyncio
import contextlib
from datetime import timedelta

from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import ScheduleActionStartWorkflow
from temporalio.service import RPCError

from domain.settings import get_settings
from tests.integration.ticket_support import EVERYTHING, new_ticket_body, staff
from worker.main import build_workers
from worker.schedules import TASK_NAME, ensure_schedules, schedules


async def visible(client, query, timeout=15.0):
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = [w async for w in client.list_workflows(query)]
        if found or asyncio.get_running_loop().time() > deadline:
            return found
        await asyncio.sleep(0.3)


async def test_operators_find_a_ticket_flow_by_its_search_attributes(client, app, dev_server_env):
    env = dev_server_env
    previous = app.state.flows._client
    app.state.flows._client = env.client
    tech = await staff(*EVERYTHING)
    workers = build_workers(env.client)
    try:
        for worker in workers:
            await worker.__aenter__()
        body = new_ticket_body(issueLevel="CRITICAL")
        created = await client.post("/cms/ticket/add", headers=tech.headers, json=body)
        ticket_id = created.json()["data"]["id"]
        found = await visible(env.client, f"TicketId = '{ticket_id}' AND TicketStatus = 'NEW' AND Priority = 'P0'")
        assert [w.id for w in found] == [f"ticket-{ticket_id}"]
        # ...and back: the Web UI shows the flow's current details, which link to the ticket in the console.
        metadata = await env.client.get_workflow_handle(f"ticket-{ticket_id}").query(
            "__temporal_workflow_metadata", result_type=WorkflowMetadata)
        assert f"{get_settings().console_web}/ticket/{ticket_id})" in metadata.current_details
        # A row of the Web UI's list says which ticket it is.
        described = await env.client.get_workflow_handle(f"ticket-{ticket_id}").describe()
        assert await described.static_summary() == f"Ticket #{ticket_id}: {body['title']}"
        assert f"**Ticket #{ticket_id}**" in (await described.static_details() or "")
        claimed = await client.post(f"/cms/ticket/{ticket_id}/claim", json={}, headers=tech.headers)
        assert claimed.status_code == 200, claimed.text
        found = await visible(env.client, f"AssigneeId = '{tech.id}' AND TicketStatus = 'PENDING_FOR_OPERATION'")
        assert [w.id for w in found] == [f"ticket-{ticket_id}"]
        await env.client.get_workflow_handle(f"ticket-{ticket_id}").terminate("test finished")
    finally:
        for worker in workers:
            await worker.__aexit__(None, None, None)
        app.state.flows._client = previous


async def test_the_reconciler_runs_on_a_schedule(dev_server_env):
    client = dev_server_env.client
    try:
        assert "ticket-reconciler" in await ensure_schedules(client)
        assert await ensure_schedules(client) == []  # the worker's next start finds them there
        described = await client.get_schedule_handle("ticket-reconciler").describe()
        action = described.schedule.action
        assert isinstance(action, ScheduleActionStartWorkflow) and action.workflow == "ticket-reconcile"
        # Its runs do not flood the Web UI's list: few of them, each marked as a scheduled task.
        assert [i.every for i in described.schedule.spec.intervals] == [timedelta(minutes=5)]
        summary = client.data_converter.payload_converter.from_payload(action.static_summary, str)  # as described
        assert summary.startswith("Scheduled:")
        assert action.typed_search_attributes.get(TASK_NAME) == "ticket-reconciler"
    finally:
        for schedule_id in schedules():
            with contextlib.suppress(RPCError):
                await client.get_schedule_handle(schedule_id).delete()
