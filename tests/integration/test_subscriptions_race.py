"""Concurrent decisions of one request, on a real Temporal dev server: one approval applies it, every other one is a
translated 409 saying where the request stands, whether its Update waited behind the first one in the flow or
reached the flow after the first one had closed it, or came while the first one was being written; and an Update
of a flow that stopped says so (409)."""

import asyncio
from collections import Counter

import pytest
from sqlalchemy import select, text

from domain.db import transaction
from domain.errors import DomainError
from domain.flows import subscriptions as m
from domain.models.merchants import Merchant
from domain.models.subscriptions import SubscriptionRequest
from domain.settings import get_settings
from services.subscriptions import flow
from tests.integration.subscription_support import (
    APPROVER,
    booked,
    call,
    confirmed,
    dialog,
    merchant,
    package,
    people,
    stop_plan_flows,
)
from tests.integration.temporal_support import console_on
from tests.integration.ticket_support import staff


@pytest.fixture
async def dev_console(app, dev_server_env):
    async with console_on(dev_server_env, app):
        yield dev_server_env


async def test_ten_concurrent_approvals_apply_once_and_the_others_are_409(client, dev_console):
    seller, first = await people()
    approvers = [first, *[await staff(*APPROVER) for _ in range(9)]]
    merchant_id = await merchant()
    request = await confirmed(client, seller, dialog(merchant_id, await package()))

    async def approve(index, who):
        await asyncio.sleep(index * 0.05)  # spread over the apply: some Updates come after the flow has closed
        return await client.post(f"/cms/subscription/{request['id']}/approve", json={}, headers=who.headers)

    replies = await asyncio.gather(*(approve(i, a) for i, a in enumerate(approvers)))
    assert Counter(r.status_code for r in replies) == {200: 1, 409: 9}, [r.text for r in replies]
    told = {"SUBSCRIPTION_NOT_AWAITING": "The request is Applied; this step is not possible any more",
            # while the first one's apply is being written (a slow one, on a busy machine)
            "SUBSCRIPTION_BEING_DECIDED": "Someone else is deciding this request at this very moment; open it again "
                                          "shortly to see the outcome"}
    for reply in replies:
        if reply.status_code == 409:
            assert told.get(reply.json()["code"]) == reply.json()["message"], reply.text
    row, records, payments = await booked(request["id"])
    assert (row.state, len(records), payments) == ("APPLIED", 1, 1)
    await stop_plan_flows(dev_console, merchant_id)


async def test_an_approval_that_reaches_the_flow_after_another_closed_it_is_a_409(client, dev_console):
    """The loser of a race read the request awaiting approval, then the winner applied it and its flow ended:
    Temporal answers the loser's Update that the flow is closed, and the request's new state is the answer."""
    seller, winner = await people()
    loser = await staff(*APPROVER)
    merchant_id = await merchant()
    request = await confirmed(client, seller, dialog(merchant_id, await package()))
    async with transaction() as db:
        as_read = await db.get(SubscriptionRequest, request["id"])  # what the loser's call read
    assert as_read.state == "AWAITING_APPROVAL"
    await call(client, winner, f"{request['id']}/approve")
    command = m.DecideCommand(actor_id=loser.id, actor_name="loser", approve=True, may_approve=True,
                              transaction_id="race")
    with pytest.raises(DomainError) as refused:
        await flow.run_update(dev_console.client, as_read, "decide", command)
    assert (refused.value.status, refused.value.code) == (409, "SUBSCRIPTION_NOT_AWAITING")
    assert refused.value.data == {"code": "SUBSCRIPTION_NOT_AWAITING"}
    assert len((await booked(request["id"]))[1]) == 1
    await stop_plan_flows(dev_console, merchant_id)


async def test_a_decision_on_a_request_whose_flow_stopped_is_a_409_pointing_to_the_retry(client, dev_console):
    seller, approver = await people()
    request = await confirmed(client, seller, dialog(await merchant(), await package()))
    await dev_console.client.get_workflow_handle(request["workflowId"]).terminate("stopped by mistake")
    for path, body in (("approve", {}), ("refuse", {"reason": "wrong amount"})):
        reply = await call(client, approver, f"{request['id']}/{path}", body, status=409)
        assert reply["code"] == "SUBSCRIPTION_FLOW_STOPPED" and "retry" in reply["message"]
    row, records, _ = await booked(request["id"])
    assert (row.state, records) == ("AWAITING_APPROVAL", [])


async def apply_waiting_for(merchant_id):
    """Until an apply waits for the merchant row (its first statement locks it): in this database only, as other
    test processes' applies wait on their own servers' rows at the same time."""
    query = text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                 "AND wait_event_type = 'Lock' AND query LIKE :shape")
    for _ in range(600):
        async with transaction() as db:
            if await db.scalar(query, {"shape": "%FROM merchants WHERE id%FOR UPDATE%"}):
                return
        await asyncio.sleep(0.1)
    raise AssertionError(f"no apply waited for merchant {merchant_id}")


async def test_an_approval_while_another_is_being_applied_is_refused_at_once(client, dev_console, monkeypatch):
    """The first approval's apply waits for the merchant row (held here); a second approval meanwhile is refused
    by the flow's validator with a 409, instead of waiting behind the first one until it is applied or times out.
    The request's steps are local activities: while one runs, the flow's next workflow task (where the validator
    runs) comes with the task's heartbeat, about 8 s apart; the API waits on Temporal long enough for that here,
    where the row is held for as long as the test needs."""
    monkeypatch.setattr(get_settings(), "temporal_rpc_seconds", 40.0)
    seller, first = await people()
    second = await staff(*APPROVER)
    merchant_id = await merchant()
    request = await confirmed(client, seller, dialog(merchant_id, await package()))
    path = f"/cms/subscription/{request['id']}/approve"
    async with transaction() as db:
        await db.execute(select(Merchant.id).where(Merchant.id == merchant_id).with_for_update())
        applying = asyncio.create_task(client.post(path, json={}, headers=first.headers))
        await apply_waiting_for(merchant_id)
        reply = await asyncio.wait_for(client.post(path, json={}, headers=second.headers), timeout=120)
        assert (reply.status_code, reply.json()["code"]) == (409, "SUBSCRIPTION_BEING_DECIDED"), reply.text
        assert reply.json()["message"].startswith("Someone else is deciding this request")
    assert (await applying).status_code == 200
    row, records, _ = await booked(request["id"])
    assert (row.state, row.approver_id, len(records)) == ("APPLIED", first.id, 1)
    await stop_plan_flows(dev_console, merchant_id)
