"""Retrying a subscription request from the console (docs/subscriptions.md, retry), on the time-skipping server:
a failed apply retried applies once, a live request whose flow was stopped runs again under its key, and what is
neither failed nor stuck is refused with a translated 409 that changes nothing."""

import asyncio

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.merchants import Merchant
from tests.integration.subscription_support import (
    RETRIER,
    booked,
    call,
    confirmed,
    deadline_on_flow_clock,
    dialog,
    failed_request,
    merchant,
    package,
    people,
    set_receipt,
)
from tests.integration.ticket_support import staff


async def retries_audited(request_id):
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(EntityChange).where(
            EntityChange.entity == "SubscriptionRequest", EntityChange.entity_id == str(request_id),
            EntityChange.action == "retry"))


async def test_a_failed_apply_retried_applies_once(client, subscription_worker):
    seller, approver = await people()
    operator = await staff(*RETRIER)
    merchant_id = await merchant()
    request, blocker, its_receipt = await failed_request(client, seller, approver, merchant_id)
    row, records, _ = await booked(request["id"])
    assert (row.state, records) == ("FAILED", [])
    shown = (await client.get(f"/cms/subscription/detail/{request['id']}", headers=operator.headers)).json()["data"]
    assert shown["canRetry"] and not (await client.get(f"/cms/subscription/detail/{request['id']}",
                                                       headers=approver.headers)).json()["data"]["canRetry"]

    await set_receipt(blocker, its_receipt)  # the record put right
    first, second = await asyncio.gather(call(client, operator, f"{request['id']}/retry"),
                                         call(client, operator, f"{request['id']}/retry"))
    assert first["data"]["state"] == second["data"]["state"] == "APPLIED"
    row, records, payments = await booked(request["id"])
    assert row.state == "APPLIED" and row.approver_id == approver.id  # the approval it had stands
    assert len(records) == 1 and payments == 1  # applied once, however many retries ran
    async with transaction() as db:
        shop = await db.get(Merchant, merchant_id)
    assert shop.plan_name == "PRO" and shop.expire_at is not None
    assert await retries_audited(request["id"]) == 2
    again = await call(client, operator, f"{request['id']}/retry", status=409)
    assert again["code"] == "SUBSCRIPTION_NOT_RETRYABLE" and "Applied" in again["message"]


async def test_a_failed_retry_refused_again_keeps_the_request_failed_with_the_reason(client, subscription_worker):
    seller, approver = await people()
    operator = await staff(*RETRIER)
    request, _, _ = await failed_request(client, seller, approver, await merchant())
    refused = await call(client, operator, f"{request['id']}/retry", status=409)
    assert refused["code"] == "SUBSCRIPTION_APPLY_FAILED"
    row, records, _ = await booked(request["id"])
    assert (row.state, row.reason, records) == ("FAILED", "DATA_REFUSED", [])


async def test_a_live_request_whose_flow_stopped_runs_again_and_can_be_approved(client, subscription_worker):
    env = subscription_worker
    seller, approver = await people()
    operator = await staff(*RETRIER)
    request = await confirmed(client, seller, dialog(await merchant(), await package()))
    await deadline_on_flow_clock(env, request["id"])
    refused = await call(client, operator, f"{request['id']}/retry", status=409)  # its flow runs: not stuck
    assert refused["code"] == "SUBSCRIPTION_NOT_RETRYABLE"
    handle = env.client.get_workflow_handle(request["workflowId"])
    await handle.terminate("stopped by an operator by mistake")
    shown = (await client.get(f"/cms/subscription/detail/{request['id']}", headers=operator.headers)).json()["data"]
    assert shown["state"] == "AWAITING_APPROVAL" and shown["canRetry"]

    resumed = (await call(client, operator, f"{request['id']}/retry"))["data"]
    assert resumed["state"] == "AWAITING_APPROVAL" and resumed["deadlineAt"] == shown["deadlineAt"]
    assert (await handle.describe()).status.name == "RUNNING"
    applied = (await call(client, approver, f"{request['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED"
    assert len((await booked(request["id"]))[1]) == 1


async def test_retry_needs_its_permission_and_a_failed_or_stuck_request(client, subscription_worker):
    seller, approver = await people()
    operator = await staff(*RETRIER)
    request = await confirmed(client, seller, dialog(await merchant(), await package()))
    await call(client, approver, f"{request['id']}/retry", status=403)  # approving is not retrying
    await call(client, approver, f"{request['id']}/refuse", {"reason": "wrong amount"})
    reply = await client.post(f"/cms/subscription/{request['id']}/retry", json={},
                              headers={**operator.headers, "Accept-Language": "zh-CN"})
    assert reply.status_code == 409 and reply.json()["code"] == "SUBSCRIPTION_NOT_RETRYABLE"
    assert "已拒绝" in reply.json()["message"]  # the state by its label
    row, records, _ = await booked(request["id"])
    assert (row.state, records) == ("REFUSED", [])
    assert await retries_audited(request["id"]) == 0
    await call(client, operator, "999999999/retry", status=404)
