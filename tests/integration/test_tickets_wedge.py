"""No value wedges a ticket flow: the update validator runs the API's input rules, a value the database
still refuses fails the activity at once (no retry) and the update with a clear refusal, and the flow takes
the next change (docs/decisions/input-rules.md)."""

import asyncio

import pytest
from sqlalchemy import select
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.flows import tickets as m
from domain.models.tickets import TicketHistory
from tests.integration import ticket_support
from tests.integration.ticket_support import EVERYTHING, create_at_server_time, staff
from workflows.options import DEFAULT_ACTIVITY
from workflows.tickets import TicketWorkflow

ticket_worker, mail_sink = ticket_support.ticket_worker, ticket_support.mail_sink  # fixtures
HANG_GUARD = 120  # seconds: far above a refusal's time, far below "forever"


async def update(env, ticket_id, **command):
    handle = env.client.get_workflow_handle_for(TicketWorkflow.run, m.workflow_id(ticket_id))
    cmd = m.TicketCommand(actor_id=1, actor_name="admin", **command)
    with pytest.raises(WorkflowUpdateFailedError) as failed:
        await asyncio.wait_for(handle.execute_update(TicketWorkflow.act, cmd), HANG_GUARD)
    cause = failed.value.cause
    assert isinstance(cause, ApplicationError)
    return cause


async def changes(ticket_id):
    async with transaction() as db:
        return (await db.scalars(select(TicketHistory.action).where(TicketHistory.ticket_id == ticket_id)
                                 .order_by(TicketHistory.seq))).all()


async def test_the_update_validator_runs_the_input_rules(client, ticket_worker):
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    cause = await update(ticket_worker, ticket_id, action="COMMENT", content="hi\u0000")
    assert cause.type == "VALIDATION_FAILED"
    assert cause.details[0] == {"field": "content", "rule": "text_nul"}
    cause = await update(ticket_worker, ticket_id, action="EDIT", edit={"title": "x" * 30_000})
    assert (cause.type, cause.details[0]["field"]) == ("VALIDATION_FAILED", "edit.title")
    assert await changes(ticket_id) == ["CREATE"]


async def test_a_value_the_database_refuses_is_refused_once_and_the_flow_goes_on(client, ticket_worker):
    """category is varchar(64): the rules allow 100 characters of text, PostgreSQL does not (SQLSTATE 22001)."""
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    cause = await update(ticket_worker, ticket_id, action="EDIT", edit={"category": "c" * 100})
    assert (cause.type, cause.details[0]) == ("DATA_REFUSED", {"detail": "22001"})
    reply = await client.post(f"/cms/ticket/{ticket_id}/comment", json={"content": "still here"},
                              headers=tech.headers)
    assert reply.status_code == 200, reply.text
    assert await changes(ticket_id) == ["CREATE", "COMMENT"]


async def test_the_api_answers_a_refused_write_with_a_translated_422(client, ticket_worker):
    """The same refusal through the API: a file id that is gone by the time the flow writes the comment."""
    tech = await staff(*EVERYTHING)
    ticket_id = await create_at_server_time(ticket_worker, tech.principal)
    from api.ticket_ops import visible_ticket
    from services.tickets.flow import execute

    async with transaction() as db:
        ticket = await visible_ticket(db, tech.principal, ticket_id)
    command = m.TicketCommand(action="COMMENT", actor_id=tech.id, actor_name="t", content="see file",
                              attachments=[m.AttachmentIn(kind="IMAGE", file_id=2**62)])
    from domain.errors import DomainError

    with pytest.raises(DomainError) as refused:
        await asyncio.wait_for(execute(ticket_worker.client, ticket, command), HANG_GUARD)
    assert (refused.value.code, refused.value.status) == ("DATA_REFUSED", 422)
    assert await changes(ticket_id) == ["CREATE"]


def test_activity_retries_are_bounded():
    policy = DEFAULT_ACTIVITY["retry_policy"]
    assert policy.maximum_attempts > 0 and DEFAULT_ACTIVITY["schedule_to_close_timeout"] is not None
