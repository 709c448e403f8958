"""What the time-skipping server cannot show, on a real dev server: operators find a ticket's flow by its
search attributes (visibility is eventually consistent), and the reconciler runs on a Schedule."""

import asyncio
import contextlib

import pytest
from sqlalchemy import select
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import Schedule, ScheduleActionStartWorkflow, ScheduleSpec
from temporalio.service import RPCError

from domain.db import transaction
from domain.flows.jobs import TASK_NAME, WORKFLOW
from domain.models.jobs import ScheduledJob
from domain.settings import get_settings
from services.jobs.schedules import ensure_job_schedules
from tests.integration.temporal_support import api_pointed_at, workers_running
from tests.integration.ticket_support import EVERYTHING, claim_landed, new_ticket_body, staff


async def visible(client, query, timeout=15.0):
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = [w async for w in client.list_workflows(query)]
        if found or asyncio.get_running_loop().time() > deadline:
            return found
        await asyncio.sleep(0.3)


async def test_operators_find_a_ticket_flow_by_its_search_attributes(client, app, dev_server_env):
    env = dev_server_env
    tech = await staff(*EVERYTHING)
    with api_pointed_at(app, env.client):
        async with workers_running(env.client):
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
            await claim_landed(client, ticket_id, tech.headers)
            found = await visible(env.client, f"AssigneeId = '{tech.id}' AND TicketStatus = 'PENDING_FOR_OPERATION'",
                                  timeout=60)
            assert [w.id for w in found] == [f"ticket-{ticket_id}"]
            await env.client.get_workflow_handle(f"ticket-{ticket_id}").terminate("test finished")


async def test_the_reconciler_runs_on_a_schedule(dev_server_env):
    """The reconciler is a built-in scheduled task (domain/seed/jobs.py): the worker's start puts its Schedule, and
    drops the fixed schedule that ran it before."""
    client = dev_server_env.client
    async with transaction() as db:
        jobs = (await db.scalars(select(ScheduledJob))).all()  # built-in and demo tasks
    reconciler = next(j for j in jobs if j.builtin and (j.handler, j.method) == ("ticketFlows", "reconcile"))
    await client.create_schedule("ticket-reconciler", Schedule(
        action=ScheduleActionStartWorkflow("ticket-reconcile", id="ticket-reconcile", task_queue="retired"),
        spec=ScheduleSpec(cron_expressions=["0 0 1 1 *"])))
    try:
        assert await ensure_job_schedules(client) >= len(jobs)
        with pytest.raises(RPCError):
            await client.get_schedule_handle("ticket-reconciler").describe()
        described = await client.get_schedule_handle(f"job-{reconciler.id}").describe()
        action = described.schedule.action
        assert isinstance(action, ScheduleActionStartWorkflow) and action.workflow == WORKFLOW
        # Its runs do not flood the Web UI's list: few of them, each marked as a scheduled task.
        assert described.schedule.spec.cron_expressions == ["*/5 * * * *"] or described.schedule.spec.calendars
        minutes = {t.minute % 5 for t in described.info.next_action_times}
        assert minutes == {0}
        summary = client.data_converter.payload_converter.from_payload(action.static_summary, str)  # as described
        assert summary.startswith("Scheduled:")
        assert action.typed_search_attributes.get(TASK_NAME) == reconciler.name
    finally:
        for job in jobs:
            with contextlib.suppress(RPCError):
                await client.get_schedule_handle(f"job-{job.id}").delete()
