"""The subscribe-or-gift flow on the time-skipping server, driven through the API as the console drives it:
confirm -> approve -> applied (one transaction), a renewal from the current end, refused approval, expiry of
requests nobody confirmed or decided, a double submit joining its flow, never the requester approving."""

import asyncio
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import Range
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.flows import subscriptions as m
from domain.flows.plans import EXPIRE_AT, PLAN_NAME
from domain.models.audit import EntityChange
from domain.models.merchants import Merchant
from domain.models.subscriptions import Entitlement, Payment, Subscription, SubscriptionRequest
from domain.rules.subscriptions import add_months
from services.subscriptions import store as subscription_store
from tests.integration.subscription_support import (
    APPROVER,
    SELLER,
    call,
    confirmed,
    dialog,
    merchant,
    package,
    people,
    restated,
    submit,
)
from tests.integration.ticket_support import staff
from workflows.subscriptions import SubscriptionRequestWorkflow


async def request_row(request_id):
    async with transaction() as db:
        return await db.get(SubscriptionRequest, request_id)


async def test_confirm_then_approve_applies_record_periods_payment_plan_and_audit(client, subscription_worker):
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package(free_days=14, monthly_orders=3000)
    body = dialog(merchant_id, pro, freeDays=7)
    request = await confirmed(client, seller, body)
    assert request["workflowId"] == f"subscription-{merchant_id}-{body['receiptNumber']}"
    assert request["totalActualPayment"] == "1332000.00"  # 1,200,000 + 11 % tax
    assert request["state"] == "AWAITING_APPROVAL" and request["deadlineAt"] and not request["canDecide"]
    listed = (await call(client, approver, "search", {"state": ["AWAITING_APPROVAL"], "merchantId": merchant_id}))
    assert [r["id"] for r in listed["data"]["items"]] == [request["id"]] and listed["data"]["items"][0]["canDecide"]

    applied = (await call(client, approver, f"{request['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED" and applied["approverId"] == approver.id and applied["decidedAt"]
    assert applied["workflowUrl"].endswith(f"/workflows/{applied['workflowId']}")
    async with transaction() as db:
        record = await db.scalar(select(Subscription).where(Subscription.request_id == request["id"]))
        periods = (await db.scalars(select(Entitlement).where(Entitlement.subscription_id == record.id))).all()
        payment = await db.scalar(select(Payment).where(Payment.subscription_id == record.id))
        shop = await db.get(Merchant, merchant_id)
        audited = set((await db.scalars(select(EntityChange.entity).where(
            EntityChange.entity.in_(("Subscription", "Merchant")),
            EntityChange.entity_id.in_((str(record.id), str(merchant_id)))))).all())
    assert (record.receipt_number, record.payment_serial, record.free_days) == (
        body["receiptNumber"], body["paymentSerial"], 7)
    assert (record.plan_name, record.unit, record.currency, record.payment_period) == ("PRO", "YEAR", "IDR", "YEAR")
    assert record.actual_payment == Decimal("1332000") and record.approved_by == approver.id
    assert record.created_by == seller.id and record.payment_at is not None
    [period] = periods
    assert period.line == "BASE" and period.period.lower == record.effective_at
    assert period.period.upper == add_months(record.effective_at, 12) + timedelta(days=7)  # free days extend it
    assert (payment.status, payment.amount) == ("PAID", Decimal("1332000"))
    assert payment.payment_serial == body["paymentSerial"]
    assert (shop.plan_name, shop.package_state, shop.subscription_state) == ("PRO", "PRO", "PAID")
    assert (shop.expire_at, shop.order_limit) == (period.period.upper, 3000)
    assert audited == {"Subscription", "Merchant"}
    # the plan flow started with the plan (its first workflow task waits for the 30-day reminder)
    plan = (await subscription_worker.client.get_workflow_handle(f"plan-{merchant_id}").describe()) \
        .typed_search_attributes
    assert plan.get(EXPIRE_AT) == shop.expire_at and plan.get(PLAN_NAME) == "PRO"

    # an early renewal starts at the current end, not today
    renewal = await confirmed(client, seller, dialog(merchant_id, pro))
    await call(client, approver, f"{renewal['id']}/approve")
    async with transaction() as db:
        second = await db.scalar(select(Subscription).where(Subscription.request_id == renewal["id"]))
        shop = await db.get(Merchant, merchant_id)
    assert second.effective_at == period.period.upper
    assert shop.expire_at == add_months(period.period.upper, 12)


async def test_a_gift_writes_no_payment_and_leaves_a_paid_merchant_paid(client, subscription_worker):
    seller, approver = await people()
    merchant_id, pro = await merchant(subscription_state="PAID"), await package()
    body = dialog(merchant_id, pro, kind="GIFT", receiptNumber=None, paymentSerial=None, freeDays=30,
                  requestKey="8a3f0c1e-gift")
    request = await confirmed(client, seller, body)
    assert request["workflowId"] == f"gift-{merchant_id}-8a3f0c1e-gift"
    await call(client, approver, f"{request['id']}/approve")
    async with transaction() as db:
        record = await db.scalar(select(Subscription).where(Subscription.request_id == request["id"]))
        payments = (await db.scalars(select(Payment).where(Payment.subscription_id == record.id))).all()
        shop = await db.get(Merchant, merchant_id)
    assert record.kind == "GIFT" and record.actual_payment == 0 and payments == []
    assert shop.subscription_state == "PAID" and shop.plan_name == "PRO"


async def test_a_refused_request_writes_nothing_and_frees_its_receipt(client, subscription_worker):
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    body = dialog(merchant_id, pro)
    request = await confirmed(client, seller, body)
    missing = await call(client, approver, f"{request['id']}/refuse", {}, status=422)
    assert missing["data"]["errors"][0]["field"] == "reason"
    refused = (await call(client, approver, f"{request['id']}/refuse", {"reason": "Payment not received"}))["data"]
    assert (refused["state"], refused["reason"], refused["approverId"]) == ("REFUSED", "Payment not received",
                                                                            approver.id)
    async with transaction() as db:
        assert await db.scalar(select(Subscription).where(Subscription.request_id == request["id"])) is None
        assert (await db.get(Merchant, merchant_id)).plan_name is None
    again = await call(client, approver, f"{request['id']}/approve", status=409)
    assert again["code"] == "SUBSCRIPTION_NOT_AWAITING" and "Refused" in again["message"]
    # the same receipt may be submitted again: a new request and a new run of the same workflow id
    retry = await confirmed(client, seller, body)
    assert retry["id"] != request["id"] and retry["workflowId"] == request["workflowId"]


async def test_the_requester_never_approves_their_own_request(client, subscription_worker):
    both = await staff(*SELLER, *APPROVER)
    merchant_id, pro = await merchant(), await package()
    request = await confirmed(client, both, dialog(merchant_id, pro))
    assert not request["canDecide"]
    refused = await call(client, both, f"{request['id']}/approve", status=409)
    assert refused["code"] == "SUBSCRIPTION_OWN_REQUEST"
    seller = await staff(*SELLER)
    await call(client, seller, f"{request['id']}/approve", status=403)  # no approval permission
    with pytest.raises(IntegrityError, match="approver_not_requester"):  # and the database refuses it too
        async with transaction() as db:
            await db.execute(update(SubscriptionRequest).where(SubscriptionRequest.id == request["id"])
                             .values(approver_id=both.id))
    assert (await request_row(request["id"])).state == "AWAITING_APPROVAL"


async def test_an_unapproved_request_expires_at_its_deadline(client, subscription_worker):
    env = subscription_worker
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    await env.sleep(timedelta(days=2, hours=23))
    assert (await request_row(request["id"])).state == "AWAITING_APPROVAL"
    await env.sleep(timedelta(hours=2))
    handle = env.client.get_workflow_handle_for(SubscriptionRequestWorkflow.run, request["workflowId"])
    assert (await handle.result()).state == "EXPIRED"
    row = await request_row(request["id"])
    assert row.state == "EXPIRED" and row.decided_at is not None and row.approver_id is None
    late = await call(client, approver, f"{request['id']}/approve", status=409)
    assert late["code"] == "SUBSCRIPTION_NOT_AWAITING"


async def test_a_dialog_without_its_second_confirmation_is_refused_and_writes_nothing(client, subscription_worker):
    """Such a request could only expire: the submit names the missing confirmation instead."""
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package()
    reply = await submit(client, seller, dialog(merchant_id, pro), status=422)
    [error] = reply["data"]["errors"]
    assert (error["field"], error["rule"]) == ("confirmation", "required")
    assert error["message"] == "Second confirmation: this field is required"
    async with transaction() as db:
        assert await db.scalar(select(SubscriptionRequest.id).where(SubscriptionRequest.merchant_id == merchant_id)) \
            is None


async def test_a_double_submit_joins_the_running_flow(client, subscription_worker):
    env = subscription_worker
    seller, _ = await people()
    merchant_id, pro = await merchant(), await package()
    body = dialog(merchant_id, pro, requestKey="dialog-key-0001")
    quote = (await call(client, seller, "preview", body))["data"]
    body = {**body, "confirmation": restated(quote)}
    first, second = await asyncio.gather(submit(client, seller, body), submit(client, seller, body))
    assert first["data"]["id"] == second["data"]["id"]
    async with transaction() as db:
        rows = (await db.scalars(select(SubscriptionRequest.id).where(
            SubscriptionRequest.workflow_id == first["data"]["workflowId"]))).all()
    assert rows == [first["data"]["id"]]
    runs = await env.client.get_workflow_handle(first["data"]["workflowId"]).describe()
    assert runs.status.name == "RUNNING"


async def test_a_retried_apply_writes_nothing_twice_and_base_periods_never_overlap(client, subscription_worker):
    """The apply activity is keyed by its request: run again (a retry after its commit), it returns the record it
    wrote and books no second payment. And whatever writes the ledger, two base periods of a merchant cannot
    overlap (EXCLUDE USING gist)."""
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package()
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    await call(client, approver, f"{request['id']}/approve")
    async with transaction() as db:
        row = await db.get(SubscriptionRequest, request["id"])
        record = await db.scalar(select(Subscription).where(Subscription.request_id == row.id))
    again = await subscription_store.apply(m.ApplyInput(
        request_id=row.id, workflow_id=row.workflow_id, requested_by=seller.id, approver_id=approver.id,
        approver_name="again", at=record.created_at, draft=m.Draft.model_validate(row.payload)))
    assert again.subscription_id == record.id
    async with transaction() as db:
        payments = (await db.scalars(select(Payment).where(Payment.merchant_id == merchant_id))).all()
        [period] = (await db.scalars(select(Entitlement).where(Entitlement.merchant_id == merchant_id))).all()
    assert len(payments) == 1
    with pytest.raises(IntegrityError, match="ex_entitlements_base_period_overlap"):
        async with transaction() as db:
            db.add(Entitlement(merchant_id=merchant_id, subscription_id=record.id, line="BASE",
                               package_version_id=period.package_version_id,
                               period=Range(period.period.lower + timedelta(days=1), period.period.upper
                                            + timedelta(days=30))))
