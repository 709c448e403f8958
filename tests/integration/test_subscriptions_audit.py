"""What the request's steps write into the audit trail, field by field: the confirmation's state change, and the
apply transaction's record, merchant plan and request decision (services/subscriptions/store.py writes them with
Core statements of the columns they change). A step repeated after its commit writes nothing twice."""

from datetime import UTC, datetime

from sqlalchemy import select

from domain.db import transaction
from domain.flows import subscriptions as m
from domain.models.audit import EntityChange
from domain.models.subscriptions import Subscription
from services.subscriptions import store as subscription_store
from tests.integration.subscription_support import (
    call,
    confirmed,
    dialog,
    merchant,
    package,
    people,
)


async def changes_of(entity: str, entity_id: int) -> list[EntityChange]:
    async with transaction() as db:
        return list((await db.scalars(select(EntityChange).where(
            EntityChange.entity == entity, EntityChange.entity_id == str(entity_id)).order_by(EntityChange.id))).all())


async def test_confirm_and_apply_audit_each_changed_field_once(client, subscription_worker):
    seller, approver = await people()
    merchant_id, pro = await merchant(), await package(monthly_orders=3000)
    request = await confirmed(client, seller, dialog(merchant_id, pro))
    applied = (await call(client, approver, f"{request['id']}/approve"))["data"]
    assert applied["state"] == "APPLIED" and applied["approverName"] == approver.principal.username

    created, confirmation, decision = await changes_of("SubscriptionRequest", request["id"])
    assert created.action == "create"
    assert confirmation.operator_id == seller.id
    assert set(confirmation.changes) == {"state", "deadline_at"}
    assert confirmation.changes["state"] == {"before": "AWAITING_CONFIRMATION", "after": "AWAITING_APPROVAL"}
    assert decision.operator_id == approver.id
    assert set(decision.changes) == {"state", "approver_id", "decided_at"}
    assert decision.changes["state"] == {"before": "AWAITING_APPROVAL", "after": "APPLIED"}
    assert decision.changes["approver_id"] == {"before": None, "after": approver.id}

    async with transaction() as db:
        record = await db.scalar(select(Subscription).where(Subscription.request_id == request["id"]))
    [written] = await changes_of("Subscription", record.id)
    assert written.action == "create" and written.transaction_id == decision.transaction_id
    assert written.changes["receipt_number"] == {"before": None, "after": record.receipt_number}
    assert written.changes["actual_payment"] == {"before": None, "after": "1332000.00"}
    assert "created_at" not in written.changes
    [plan] = await changes_of("Merchant", merchant_id)
    assert plan.changes["plan_name"] == {"before": None, "after": "PRO"}
    assert plan.changes["order_limit"]["after"] == 3000
    assert plan.changes["expire_at"]["after"] == record.expire_at.isoformat()
    assert plan.changes["subscription_state"] == {"before": None, "after": "PAID"}

    # the confirmation's step repeated after its commit: the row moved on, nothing is written or audited again
    again = m.RequestChange(request_id=request["id"], from_state="AWAITING_CONFIRMATION", state="AWAITING_APPROVAL",
                            at=datetime.now(UTC), actor_id=seller.id, actor_name=seller.principal.username)
    assert await subscription_store.write_change(again) is False
    assert len(await changes_of("SubscriptionRequest", request["id"])) == 3
