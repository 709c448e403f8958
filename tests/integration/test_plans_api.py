"""The merchant's flows panel: the plan flow and the subscription requests linked to the Temporal Web UI for
operators only, and the plan flow started again from the merchant row (a lost renewal, a missing flow)."""

from __future__ import annotations

from datetime import timedelta

from domain.db import transaction
from domain.flows import plans as m
from domain.models.subscriptions import SubscriptionRequest
from tests.integration import plan_support
from tests.integration.people import create_user
from tests.integration.plan_support import merchant_with_plan
from tests.integration.subscription_support import draft_of, package
from tests.integration.ticket_support import eventually

plan_worker = plan_support.plan_worker  # fixture
UI = "/temporal/namespaces/default/workflows"


async def a_request(merchant_id: int) -> SubscriptionRequest:
    requester, payload = await create_user(), await draft_of(await package(), merchant_id, "SUBSCRIBE")
    async with transaction() as db:
        row = SubscriptionRequest(workflow_id=f"subscription-{merchant_id}-R1", kind="SUBSCRIBE",
                                  merchant_id=merchant_id, state="FAILED", requested_by=requester.id,
                                  receipt_number="R1", payment_serial="S1", payload=payload, reason="DATA_REFUSED")
        db.add(row)
    return row


async def test_operators_get_the_flow_links_and_readers_do_not(client, login_as):
    merchant = await merchant_with_plan(None)
    request = await a_request(merchant.id)
    operator = await login_as("ginee-account", "temporal#operate")
    reply = await client.get(f"/cms/merchant/{merchant.id}/flows", headers=operator)
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    assert data["workflowId"] == f"plan-{merchant.id}" and data["workflowUrl"] == f"{UI}/plan-{merchant.id}"
    assert data["requests"] == [{"id": request.id, "kind": "SUBSCRIBE", "state": "FAILED",
                                 "workflowId": f"subscription-{merchant.id}-R1",
                                 "workflowUrl": f"{UI}/subscription-{merchant.id}-R1",
                                 "createdAt": data["requests"][0]["createdAt"], "reason": "DATA_REFUSED"}]
    reader = await login_as("ginee-account")
    data = (await client.get(f"/cms/merchant/{merchant.id}/flows", headers=reader)).json()["data"]
    assert data["workflowUrl"] is None and data["requests"][0]["workflowUrl"] is None
    assert (await client.get(f"/cms/merchant/{merchant.id}/flows", headers=await login_as("ticket-list"))
            ).status_code == 403


async def test_resync_starts_the_plan_flow_from_the_merchant_row(client, login_as, plan_worker):
    env = plan_worker
    end = (await env.get_current_time()) + timedelta(days=60)
    merchant = await merchant_with_plan(end)
    operator = await login_as("ginee-account", "temporal#operate")
    assert (await client.post(f"/cms/merchant/{merchant.id}/plan/resync",
                              headers=await login_as("ginee-account"))).status_code == 403
    reply = await client.post(f"/cms/merchant/{merchant.id}/plan/resync", headers=operator)
    assert reply.status_code == 200, reply.text
    handle = env.client.get_workflow_handle(m.workflow_id(merchant.id))
    state = await handle.query("current", result_type=m.PlanState)
    assert state.expire_at == end and state.plan_name == "BASIC"
    # again: the running flow hears the same end, which changes nothing
    assert (await client.post(f"/cms/merchant/{merchant.id}/plan/resync", headers=operator)).status_code == 200
    assert (await eventually(lambda: _described(handle))).run_id == (await handle.describe()).run_id


async def test_resync_of_a_merchant_without_a_plan_is_refused_and_translated(client, login_as):
    merchant = await merchant_with_plan(None)
    headers = {**await login_as("ginee-account", "temporal#operate"), "Accept-Language": "id"}
    reply = await client.post(f"/cms/merchant/{merchant.id}/plan/resync", headers=headers)
    assert reply.status_code == 409
    assert reply.json()["code"] == "PLAN_NONE"
    assert reply.json()["message"] == f"Merchant #{merchant.id} belum memiliki paket dengan tanggal kedaluwarsa"


async def _described(handle):
    return await handle.describe()
