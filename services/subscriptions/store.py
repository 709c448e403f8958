"""Subscription persistence for the request flow: a state change of a request, and the apply transaction that
writes the subscription or gift record, its entitlement periods, its payment, the merchant's plan columns and
the audit entries, all at once or not at all."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from psycopg.rows import dict_row
from sqlalchemy import ColumnElement, select, update
from sqlalchemy.exc import NoResultFound
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.context import transaction_id
from domain.db import driver_of, transaction
from domain.enums import (
    MerchantPackageState,
    PackageType,
    PaymentStatus,
    SubscriptionKind,
    SubscriptionRequestState,
    SubscriptionState,
)
from domain.flows import subscriptions as m
from domain.models.subscriptions import SubscriptionRequest
from domain.rules import subscriptions as rules

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


# Where each ledger line of the merchant ends (one row a line); the dialog's facts and the apply read it beside
# other facts, as a part of their statements (DIALOG_FACTS, DONE_AND_ENDS).
LINE_ENDS = ("SELECT line, max(upper(period)) AS end_at FROM entitlements WHERE merchant_id = %(merchant_id)s "
             "GROUP BY line")


async def line_ends(db: AsyncSession, merchant_id: int) -> dict[str, datetime]:
    """Where each ledger line of the merchant ends now."""
    rows = await (await (await driver_of(db)).execute(LINE_ENDS, {"merchant_id": merchant_id})).fetchall()
    return {line: end for line, end in rows}


PLAN = ("plan_name", "package_state", "expire_at", "order_limit", "subscription_state", "last_payment_at",
        "first_payment_at")  # the merchant's plan columns, which the apply reads, locks and writes
# The apply transaction's statements, written for psycopg and run on the session's connection: none is built,
# compiled and wrapped by SQLAlchemy each call (that was about half the worker's CPU a request). Four statements:
LOCK_PLAN = ("SELECT plan_name, package_state, expire_at, order_limit, subscription_state, last_payment_at, "
             "first_payment_at FROM merchants WHERE id = %(merchant_id)s FOR UPDATE")
# its own statement, after the lock: a statement that waited for the lock still sees what it saw before (READ
# COMMITTED), so an attempt running beside another would miss the record it committed. Each line's end with it.
DONE_AND_ENDS = (
    "SELECT (SELECT id FROM subscriptions WHERE request_id = %(request_id)s), ends.line, ends.end_at "
    "FROM (SELECT 1) one LEFT JOIN (SELECT line, max(upper(period)) AS end_at FROM entitlements "
    "WHERE merchant_id = %(merchant_id)s GROUP BY line) ends ON true")
RECORD = ("request_id", "merchant_id", "kind", "package_version_id", "quantity", "plan_name", "currency",
          "payment_period", "unit", "effective_at", "expire_at", "amount", "tax", "discounted_price",
          "actual_payment", "payment_at", "payment_serial", "receipt_number", "screenshot_file_id", "free_days",
          "created_by", "approved_by")
DECIDED_COLUMNS = ("state", "approver_id", "decided_at")
# The record (its columns as written, for the audit entry), its periods, its payment when paid, the merchant's
# plan columns and the request's decision (with the values it had, for the audit entry) in one statement: the
# periods and the payment read the record's id from its INSERT; every constraint still refuses in it.
WRITE = (
    "WITH record AS (INSERT INTO subscriptions (request_id, merchant_id, kind, package_version_id, quantity, "
    "plan_name, currency, payment_period, unit, effective_at, expire_at, amount, tax, discounted_price, "
    "actual_payment, payment_at, payment_serial, receipt_number, screenshot_file_id, free_days, created_by, "
    "approved_by) "
    "VALUES (%(request_id)s, %(merchant_id)s, %(kind)s, %(package_version_id)s, %(quantity)s, %(plan_name)s, "
    "%(currency)s, %(payment_period)s, %(unit)s, %(effective_at)s, %(expire_at)s, %(amount)s, %(tax)s, "
    "%(discounted_price)s, %(actual_payment)s, %(payment_at)s, %(payment_serial)s, %(receipt_number)s, "
    "%(screenshot_file_id)s, %(free_days)s, %(created_by)s, %(approved_by)s) RETURNING *), "
    "periods AS (INSERT INTO entitlements (merchant_id, subscription_id, package_version_id, line, period) "
    "SELECT record.merchant_id, record.id, p.version_id, p.line, tstzrange(p.start_at, p.end_at, '[)') "
    "FROM record, unnest(%(period_versions)s::bigint[], %(period_lines)s::text[], %(period_starts)s::timestamptz[], "
    "%(period_ends)s::timestamptz[]) AS p(version_id, line, start_at, end_at)), "
    "payment AS (INSERT INTO payments (merchant_id, subscription_id, amount, currency, status, payment_serial, "
    "paid_at) SELECT merchant_id, id, actual_payment, currency, %(payment_status)s, payment_serial, %(paid_at)s "
    "FROM record WHERE %(paid)s), "
    "merchant AS (UPDATE merchants SET plan_name = %(plan_plan_name)s, package_state = %(plan_package_state)s, "
    "expire_at = %(plan_expire_at)s, order_limit = %(plan_order_limit)s, "
    "subscription_state = %(plan_subscription_state)s, last_payment_at = %(plan_last_payment_at)s, "
    "first_payment_at = %(plan_first_payment_at)s, updated_at = now() WHERE id = %(merchant_id)s), "
    "old AS (SELECT id, state, approver_id, decided_at FROM subscription_requests WHERE id = %(request_id)s "
    "FOR UPDATE), "
    "request AS (UPDATE subscription_requests r SET state = %(decided_state)s, approver_id = %(decided_approver_id)s, "
    "decided_at = %(decided_decided_at)s, updated_at = now() FROM old WHERE r.id = old.id "
    "RETURNING old.state AS decided_state, old.approver_id AS decided_approver_id, "
    "old.decided_at AS decided_decided_at) "
    "SELECT * FROM record LEFT JOIN request ON true")


async def apply(data: m.ApplyInput) -> m.Applied:
    """One transaction; the request id is the idempotency key (`subscriptions.request_id` is UNIQUE): a retried
    activity that had committed finds its record and writes nothing. The merchant row is locked first, so two
    requests of one merchant compute their periods one after the other. Statements of the columns it writes: no
    ORM objects of the merchant's forty columns nor of the request's payload."""
    token = transaction_id.set(data.transaction_id)
    merchant_id = data.draft.merchant_id
    keys = {"merchant_id": merchant_id, "request_id": data.request_id}
    try:
        async with transaction() as session:
            db = await driver_of(session)
            locked = await (await db.execute(LOCK_PLAN, keys)).fetchone()
            if locked is None:
                raise NoResultFound(f"merchant {merchant_id}")
            plan = dict(zip(PLAN, locked, strict=True))
            found = await (await db.execute(DONE_AND_ENDS, keys)).fetchall()
            done = found[0][0]
            if done is not None:  # was the plan expired before? Not known now: the plan flow is signalled
                return applied(done, plan, data.draft).model_copy(update={"revives": True})
            periods = rules.plan_periods(data.draft.grants(), data.at,
                                         {line: end for _, line, end in found if line is not None})
            after = plan_after(plan, data, periods)
            decided = {"state": R.APPLIED, "approver_id": data.approver_id, "decided_at": data.at}
            written = await (await db.cursor(row_factory=dict_row).execute(
                WRITE, keys | record_of(data, periods) | {f"plan_{k}": v for k, v in after.items()}
                | {f"decided_{k}": v for k, v in decided.items()})).fetchone()
            assert written is not None  # the INSERT's row, or the statement raised
            before = {key: written.pop(f"decided_{key}") for key in DECIDED_COLUMNS}
            record = written
            await audit.insert_changes(db, [audit.change_of(
                operator_id=data.approver_id, operator_name=data.approver_name, entity=entity, entity_id=entity_id,
                action=action, before=audit.snapshot_of(old) if old is not None else None,
                after=audit.snapshot_of(new)) for entity, entity_id, action, old, new in (
                    ("Subscription", record["id"], "create", None, record),
                    ("Merchant", merchant_id, "update", plan, after),
                    ("SubscriptionRequest", data.request_id, "update", before, decided))])
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


def record_of(data: m.ApplyInput, periods: list[rules.Period]) -> dict[str, Any]:
    """`WRITE`'s values of the subscription or gift record (SPEC §3), its entitlement periods and, for a paid one,
    its payment."""
    draft, lead = data.draft, data.draft.lead
    return {
        "kind": draft.kind, "package_version_id": lead.version_id, "quantity": lead.count, "plan_name": lead.plan_name,
        "currency": lead.currency, "payment_period": lead.payment_period,
        "unit": lead.payment_period.value if lead.package_type == PackageType.BASIC else ADDON_UNIT,
        "effective_at": min(p.start for p in periods), "expire_at": max(p.end for p in periods),
        "amount": total(draft, "amount"), "tax": total(draft, "tax"),
        "discounted_price": total(draft, "discounted_price"), "actual_payment": total(draft, "actual_payment"),
        "payment_at": draft.payment_at, "payment_serial": draft.payment_serial,
        "receipt_number": draft.receipt_number, "screenshot_file_id": draft.screenshot_file_id,
        "free_days": draft.free_days, "created_by": data.requested_by, "approved_by": data.approver_id,
        "period_versions": [q.version_id for q in draft.quotes], "period_lines": [q.line for q in draft.quotes],
        "period_starts": [p.start for p in periods], "period_ends": [p.end for p in periods],
        "paid": draft.kind == SubscriptionKind.SUBSCRIBE, "payment_status": PaymentStatus.PAID,
        "paid_at": draft.payment_at or data.at}


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
        # a payment may be recorded after a later one (an offline receipt approved late): first stays the earliest
        after["last_payment_at"] = max(paid_at, after["last_payment_at"] or paid_at)
        after["first_payment_at"] = min(paid_at, after["first_payment_at"] or paid_at)
    elif after["subscription_state"] != SubscriptionState.PAID:
        after["subscription_state"] = SubscriptionState.TRIAL
    return after
