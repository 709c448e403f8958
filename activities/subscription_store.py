"""Subscription persistence for the request flow: a state change of a request, and the apply transaction that
writes the subscription or gift record, its entitlement periods, its payment, the merchant's plan columns and
the audit entries, all at once or not at all."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import Range
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.context import transaction_id
from domain.db import transaction
from domain.enums import (
    PackageType,
    PaymentStatus,
    SubscriptionKind,
    SubscriptionRequestState,
    SubscriptionState,
)
from domain.models.merchants import Merchant
from domain.models.subscriptions import Entitlement, Payment, Subscription, SubscriptionRequest
from domain.rules import subscriptions as rules
from workflows import subscription_models as m

R = SubscriptionRequestState
DECIDED = frozenset({R.APPLIED, R.REFUSED, R.FAILED})
ADDON_UNIT = "UNIT"


async def write_change(change: m.RequestChange) -> bool:
    """The request row takes the flow's new state (with its approver, decision time, deadline and reason) and
    the audit entry records it. False when the row has it already: a retried activity that had committed."""
    token = transaction_id.set(change.transaction_id)
    try:
        async with transaction() as db:
            row = await db.get_one(SubscriptionRequest, change.request_id, with_for_update=True)
            if row.state != change.from_state or (row.state == change.state and row.decided_at == change.at):
                return False  # moved on, or this very change (a failed request failing again on its retry)
            before = audit.snapshot(row)
            row.state = change.state
            if change.deadline_at is not None:
                row.deadline_at = change.deadline_at
            if change.state in DECIDED:
                row.approver_id = change.actor_id
            if change.state in DECIDED or change.state == R.EXPIRED:
                row.decided_at, row.reason = change.at, change.reason
            await db.flush()
            await audit.record_change(db, operator_id=change.actor_id, operator_name=change.actor_name or "System",
                                      entity="SubscriptionRequest", entity_id=row.id, action="update",
                                      before=before, after=audit.snapshot(row))
        return True
    finally:
        transaction_id.reset(token)


def total(draft: m.Draft, field: str) -> Decimal:
    """A money figure of the whole request: each line's figure times its count; a gift costs nothing."""
    if draft.kind == SubscriptionKind.GIFT:
        return Decimal(0)
    return sum((getattr(q, field) * q.count for q in draft.quotes), Decimal(0))


async def line_ends(db: AsyncSession, merchant_id: int) -> dict[str, datetime]:
    """Where each ledger line of the merchant ends now."""
    rows = await db.execute(select(Entitlement.line, func.max(func.upper(Entitlement.period)))
                            .where(Entitlement.merchant_id == merchant_id).group_by(Entitlement.line))
    return {line: end for line, end in rows.all()}


async def apply(data: m.ApplyInput) -> m.Applied:
    """One transaction; the request id is the idempotency key (`subscriptions.request_id` is UNIQUE): a retried
    activity that had committed finds its record and writes nothing. The merchant row is locked first, so two
    requests of one merchant compute their periods one after the other."""
    token = transaction_id.set(data.transaction_id)
    try:
        async with transaction() as db:
            merchant = await db.get_one(Merchant, data.draft.merchant_id, with_for_update=True)
            done = await db.scalar(select(Subscription.id).where(Subscription.request_id == data.request_id))
            if done is not None:
                return applied(done, merchant, data.draft)
            before = audit.snapshot(merchant)
            periods = rules.plan_periods(data.draft.grants(), data.at, await line_ends(db, merchant.id))
            record = await write_record(db, data, periods)
            update_merchant(merchant, data, periods)
            request = await db.get_one(SubscriptionRequest, data.request_id, with_for_update=True)
            request_before = audit.snapshot(request)
            request.state, request.approver_id, request.decided_at = R.APPLIED, data.approver_id, data.at
            await db.flush()
            for entity, entity_id, action, old, new in (
                    ("Subscription", record.id, "create", None, audit.snapshot(record)),
                    ("Merchant", merchant.id, "update", before, audit.snapshot(merchant)),
                    ("SubscriptionRequest", request.id, "update", request_before, audit.snapshot(request))):
                await audit.record_change(db, operator_id=data.approver_id, operator_name=data.approver_name,
                                          entity=entity, entity_id=entity_id, action=action, before=old, after=new)
            return applied(record.id, merchant, data.draft)
    finally:
        transaction_id.reset(token)


def applied(subscription_id: int, merchant: Merchant, draft: m.Draft) -> m.Applied:
    """The plan the merchant now has, when a basic package set it (its plan flow hears of it)."""
    if not any(q.package_type == PackageType.BASIC for q in draft.quotes) or merchant.expire_at is None:
        return m.Applied(subscription_id=subscription_id)
    return m.Applied(subscription_id=subscription_id, plan_name=merchant.plan_name, expire_at=merchant.expire_at)


async def write_record(db: AsyncSession, data: m.ApplyInput, periods: list[rules.Period]) -> Subscription:
    """The subscription or gift record (SPEC §3), its entitlement periods and, for a paid one, its payment."""
    draft, lead = data.draft, data.draft.lead
    record = Subscription(
        request_id=data.request_id, merchant_id=draft.merchant_id, kind=draft.kind, package_version_id=lead.version_id,
        quantity=lead.count, plan_name=lead.plan_name, currency=lead.currency, payment_period=lead.payment_period,
        unit=lead.payment_period.value if lead.package_type == PackageType.BASIC else ADDON_UNIT,
        effective_at=min(p.start for p in periods), expire_at=max(p.end for p in periods),
        amount=total(draft, "amount"), tax=total(draft, "tax"), discounted_price=total(draft, "discounted_price"),
        actual_payment=total(draft, "actual_payment"), payment_at=draft.payment_at,
        payment_serial=draft.payment_serial, receipt_number=draft.receipt_number,
        screenshot_file_id=draft.screenshot_file_id, free_days=draft.free_days, created_by=data.requested_by,
        approved_by=data.approver_id)
    db.add(record)
    await db.flush()
    db.add_all(Entitlement(merchant_id=draft.merchant_id, subscription_id=record.id, package_version_id=q.version_id,
                           line=q.line, period=Range(p.start, p.end, bounds="[)"))
               for q, p in zip(draft.quotes, periods, strict=True))
    if draft.kind == SubscriptionKind.SUBSCRIBE:
        db.add(Payment(merchant_id=draft.merchant_id, subscription_id=record.id, amount=record.actual_payment,
                       currency=record.currency, status=PaymentStatus.PAID, payment_serial=draft.payment_serial,
                       paid_at=draft.payment_at or data.at))
    await db.flush()
    return record


def update_merchant(merchant: Merchant, data: m.ApplyInput, periods: list[rules.Period]) -> None:
    """The plan columns the merchant list shows: a basic package sets plan, package state, expire date and the
    order limit (its version's monthly orders); a paid subscription makes the merchant paid."""
    draft = data.draft
    for quote, period in zip(draft.quotes, periods, strict=True):
        if quote.package_type == PackageType.BASIC:
            merchant.plan_name = quote.plan_name
            merchant.package_state = rules.package_state(quote.plan_name)
            merchant.expire_at = max(period.end, merchant.expire_at or period.end)
            merchant.order_limit = quote.monthly_orders
    if draft.kind == SubscriptionKind.SUBSCRIBE:
        merchant.subscription_state = SubscriptionState.PAID
        paid_at = draft.payment_at or data.at
        merchant.last_payment_at = paid_at
        merchant.first_payment_at = merchant.first_payment_at or paid_at
    elif merchant.subscription_state != SubscriptionState.PAID:
        merchant.subscription_state = SubscriptionState.TRIAL
