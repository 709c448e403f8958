"""Subscription persistence for the request flow: a state change of a request, and the apply transaction that
writes the subscription or gift record, its entitlement periods, its payment, the merchant's plan columns and
the audit entries, all at once or not at all."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, func, insert, select, update
from sqlalchemy.dialects.postgresql import Range
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.context import transaction_id
from domain.db import transaction
from domain.enums import (
    MerchantPackageState,
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
            return await record_change(db, change)
    finally:
        transaction_id.reset(token)


async def record_change(db: AsyncSession, change: m.RequestChange) -> bool:
    """`write_change` in the caller's transaction (the dialog confirmed in its own call writes it there)."""
    values: dict[str, Any] = {"state": change.state}
    if change.deadline_at is not None:
        values["deadline_at"] = change.deadline_at
    if change.state in DECIDED:
        values["approver_id"] = change.actor_id
    if change.state in DECIDED or change.state == R.EXPIRED:
        values["decided_at"], values["reason"] = change.at, change.reason
    # not when it moved on, nor when it holds this very change (a failed request failing again on retry)
    before = await change_request(db, change.request_id, values, lambda old: (
        (old.state == change.from_state)
        & ((old.state != change.state) | old.decided_at.is_distinct_from(change.at))))
    if before is None:
        return False
    await audit.record_change(db, operator_id=change.actor_id, operator_name=change.actor_name or "System",
                              entity="SubscriptionRequest", entity_id=change.request_id, action="update",
                              before=audit.snapshot_of(before), after=audit.snapshot_of(values))
    return True


async def change_request(db: AsyncSession, request_id: int, values: dict[str, Any],
                         condition: Callable[[Any], ColumnElement[bool]] | None = None) -> dict[str, Any] | None:
    """One UPDATE of the request row, if `condition` holds of its old values: the old values of the columns it
    sets (None when it wrote nothing). The sub-select locks the row and RETURNING reads the values it had before
    (PostgreSQL evaluates the FROM list before the update); no ORM object, so the row's payload stays put."""
    read = dict.fromkeys(("state", "decided_at", *values))  # what the condition and RETURNING read
    old = select(SubscriptionRequest.id, *(getattr(SubscriptionRequest, key) for key in read)).where(
        SubscriptionRequest.id == request_id).with_for_update().subquery("old")
    statement = (update(SubscriptionRequest).where(SubscriptionRequest.id == old.c.id).values(values)
                 .returning(*(old.c[key] for key in values)))
    if condition is not None:
        statement = statement.where(condition(old.c))
    found = (await db.execute(statement)).one_or_none()
    return dict(found._mapping) if found is not None else None


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


PLAN = (Merchant.plan_name, Merchant.package_state, Merchant.expire_at, Merchant.order_limit,
        Merchant.subscription_state, Merchant.last_payment_at, Merchant.first_payment_at)


async def apply(data: m.ApplyInput) -> m.Applied:
    """One transaction; the request id is the idempotency key (`subscriptions.request_id` is UNIQUE): a retried
    activity that had committed finds its record and writes nothing. The merchant row is locked first, so two
    requests of one merchant compute their periods one after the other. Core statements of the columns it
    writes: no ORM objects of the merchant's forty columns nor of the request's payload."""
    token = transaction_id.set(data.transaction_id)
    merchant_id = data.draft.merchant_id
    try:
        async with transaction() as db:
            locked = (await db.execute(select(*PLAN).where(Merchant.id == merchant_id).with_for_update())).one()
            plan = {column.key: value for column, value in zip(PLAN, locked, strict=True)}
            # its own statement, after the lock: a statement that waited for the lock still sees what it saw
            # before (READ COMMITTED), so an attempt running beside another would miss the record it committed
            done = await db.scalar(select(Subscription.id).where(Subscription.request_id == data.request_id))
            if done is not None:  # was the plan expired before? Not known now: the plan flow is signalled
                return applied(done, plan, data.draft).model_copy(update={"revives": True})
            periods = rules.plan_periods(data.draft.grants(), data.at, await line_ends(db, merchant_id))
            record = await write_record(db, data, periods)
            after = plan_after(plan, data, periods)
            await db.execute(update(Merchant).where(Merchant.id == merchant_id).values(after))
            decided = {"state": R.APPLIED, "approver_id": data.approver_id, "decided_at": data.at}
            request_before = await change_request(db, data.request_id, decided)
            for entity, entity_id, action, old, new in (
                    ("Subscription", record["id"], "create", None, record),
                    ("Merchant", merchant_id, "update", plan, after),
                    ("SubscriptionRequest", data.request_id, "update", request_before, decided)):
                await audit.record_change(db, operator_id=data.approver_id, operator_name=data.approver_name,
                                          entity=entity, entity_id=entity_id, action=action,
                                          before=audit.snapshot_of(old) if old is not None else None,
                                          after=audit.snapshot_of(new))
            return applied(record["id"], after, data.draft).model_copy(update={
                "periods": [(p.start, p.end) for p in periods],
                "revives": plan["package_state"] == MerchantPackageState.EXPIRED})
    finally:
        transaction_id.reset(token)


def applied(subscription_id: int, plan: dict[str, Any], draft: m.Draft) -> m.Applied:
    """The plan the merchant now has, when a basic package set it (its plan flow hears of it)."""
    if not any(q.package_type == PackageType.BASIC for q in draft.quotes) or plan["expire_at"] is None:
        return m.Applied(subscription_id=subscription_id)
    return m.Applied(subscription_id=subscription_id, plan_name=plan["plan_name"], expire_at=plan["expire_at"])


async def write_record(db: AsyncSession, data: m.ApplyInput, periods: list[rules.Period]) -> dict[str, Any]:
    """The subscription or gift record (SPEC §3), its entitlement periods and, for a paid one, its payment; the
    record's columns as written."""
    draft, lead = data.draft, data.draft.lead
    record = dict((await db.execute(insert(Subscription).values(
        request_id=data.request_id, merchant_id=draft.merchant_id, kind=draft.kind, package_version_id=lead.version_id,
        quantity=lead.count, plan_name=lead.plan_name, currency=lead.currency, payment_period=lead.payment_period,
        unit=lead.payment_period.value if lead.package_type == PackageType.BASIC else ADDON_UNIT,
        effective_at=min(p.start for p in periods), expire_at=max(p.end for p in periods),
        amount=total(draft, "amount"), tax=total(draft, "tax"), discounted_price=total(draft, "discounted_price"),
        actual_payment=total(draft, "actual_payment"), payment_at=draft.payment_at,
        payment_serial=draft.payment_serial, receipt_number=draft.receipt_number,
        screenshot_file_id=draft.screenshot_file_id, free_days=draft.free_days, created_by=data.requested_by,
        approved_by=data.approver_id).returning(*Subscription.__table__.columns))).one()._mapping)
    await db.execute(insert(Entitlement), [
        {"merchant_id": draft.merchant_id, "subscription_id": record["id"], "package_version_id": q.version_id,
         "line": q.line, "period": Range(p.start, p.end, bounds="[)")}
        for q, p in zip(draft.quotes, periods, strict=True)])
    if draft.kind == SubscriptionKind.SUBSCRIBE:
        await db.execute(insert(Payment).values(
            merchant_id=draft.merchant_id, subscription_id=record["id"], amount=record["actual_payment"],
            currency=record["currency"], status=PaymentStatus.PAID, payment_serial=draft.payment_serial,
            paid_at=draft.payment_at or data.at))
    return record


def plan_after(plan: dict[str, Any], data: m.ApplyInput, periods: list[rules.Period]) -> dict[str, Any]:
    """The plan columns the merchant list shows, after the request: a basic package sets plan, package state,
    expire date and the order limit (its version's monthly orders); a paid subscription makes the merchant
    paid."""
    draft, after = data.draft, dict(plan)
    for quote, period in zip(draft.quotes, periods, strict=True):
        if quote.package_type == PackageType.BASIC:
            after["plan_name"] = quote.plan_name
            after["package_state"] = rules.package_state(quote.plan_name)
            after["expire_at"] = max(period.end, after["expire_at"] or period.end)
            after["order_limit"] = quote.monthly_orders
    if draft.kind == SubscriptionKind.SUBSCRIBE:
        after["subscription_state"] = SubscriptionState.PAID
        paid_at = draft.payment_at or data.at
        after["last_payment_at"] = paid_at
        after["first_payment_at"] = after["first_payment_at"] or paid_at
    elif after["subscription_state"] != SubscriptionState.PAID:
        after["subscription_state"] = SubscriptionState.TRIAL
    return after
