"""The plan flow's service (docs/plans.md). As client calls: the renewal a subscription sends the merchant's plan
flow, and the flow started when none runs (used by the subscription flow's apply step, the plan routes and the demo
data). What the plan flow writes (through activities/plans.py): the reminders' recipients, the expiry of the plan
(package and subscription state and account status, audited, exactly once), and the accounts' status given back
when an expired plan is renewed. Every write is safe to run again (a retried activity)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy

from domain import audit
from domain.db import transaction
from domain.enums import AccountStatus, MerchantPackageState, SubscriptionState
from domain.flows import plans as m
from domain.i18n import DEFAULT_LANGUAGE, t
from domain.models.merchants import Merchant, MerchantAccount
from domain.rules import plans as rules
from domain.settings import get_settings


async def signal_renewal(client: Client, renewal: m.PlanRenewal) -> None:
    """Signal-with-start: the merchant's plan flow hears of its new end, and starts if none runs (first
    subscription, or the flow of an expired plan has ended)."""
    start = m.start_of(renewal, get_settings().console_web)
    await client.start_workflow(
        m.WORKFLOW, start, id=m.workflow_id(renewal.merchant_id), task_queue=get_settings().task_queue,
        start_signal=m.SIGNAL, start_signal_args=[renewal], search_attributes=m.search_attributes(start.state),
        static_summary=m.flow_summary(renewal.merchant_id))


async def ensure_plan_flow(client: Client, renewal: m.PlanRenewal, at: datetime) -> None:
    """The merchant's plan flow started if none runs, else left alone: a running flow reads the plan's end from
    the merchant row when its next timer fires, so a renewal need not be signalled (no event, no workflow task
    on the flow). A new flow starts delayed until its first event (the 30-day reminder): it costs no workflow
    task nor timer before then (a signal ends the delay, as for any delayed start). `at`: now, by the clock of
    the flow that applied the renewal."""
    start = m.start_of(renewal, get_settings().console_web)
    first = rules.next_event(renewal.expire_at, [], None)
    delay = first[0] - at if first else timedelta(0)
    await client.start_workflow(
        m.WORKFLOW, start, id=m.workflow_id(renewal.merchant_id), task_queue=get_settings().task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        start_delay=delay if delay > timedelta(0) else None, search_attributes=m.search_attributes(start.state),
        static_summary=m.flow_summary(renewal.merchant_id))


# ---- what the plan flow writes ---------------------------------------------------------------------------------------


def reminder_key(reminder: m.PlanReminder) -> str:
    """One key per merchant, end and reminder day: a renewed plan's reminders are new events."""
    return f"plan-{reminder.merchant_id}-{reminder.expire_at:%Y%m%d%H%M}-{reminder.days}"


async def reminder_of(reminder: m.PlanReminder) -> tuple[dict[str, str], str, list[int]] | None:
    """What the merchant's sales and retention persons hear, in the console and by mail, when the plan ends in
    `days` days: the message's parameters, the screen it links to and who hears it (none for a merchant no
    longer there)."""
    async with transaction() as db:
        merchant = await db.get(Merchant, reminder.merchant_id)
    if merchant is None:
        return None
    params = {"merchantId": str(merchant.id), "email": merchant.email, "planName": str(reminder.plan_name or ""),
              "days": str(reminder.days), "expireAt": reminder.expire_at.isoformat()}
    recipients = [u for u in (merchant.sales_id, merchant.retention_id) if u is not None]
    return params, m.merchant_path(merchant.id), recipients


async def read(merchant_id: int) -> m.PlanNow:
    """The merchant's plan end and name as its row holds them now (none for a merchant no longer there)."""
    async with transaction() as db:
        row = (await db.execute(select(Merchant.plan_name, Merchant.expire_at)
                                .where(Merchant.id == merchant_id))).one_or_none()
    return m.PlanNow(plan_name=row.plan_name, expire_at=row.expire_at) if row is not None else m.PlanNow()


async def expire(expiry: m.PlanExpiry) -> m.PlanExpiryResult:
    """At the plan's end: the merchant's package and subscription state and its enabled accounts become EXPIRED,
    with audit entries, in one transaction. Nothing is written when the merchant's end has moved past `at`
    (a renewal the flow has not heard of: it adopts the returned end) or the plan is expired already."""
    async with transaction() as db:
        merchant = await db.get(Merchant, expiry.merchant_id, with_for_update=True)
        if merchant is None:
            return m.PlanExpiryResult(expired=True)
        if merchant.expire_at is not None and merchant.expire_at > expiry.at:
            return m.PlanExpiryResult(expired=False, plan_name=merchant.plan_name, expire_at=merchant.expire_at)
        if merchant.package_state == MerchantPackageState.EXPIRED:
            return m.PlanExpiryResult(expired=True, plan_name=merchant.plan_name, expire_at=merchant.expire_at)
        await change(db, merchant, {"package_state": MerchantPackageState.EXPIRED,
                                    "subscription_state": SubscriptionState.EXPIRED})
        await set_account_status(db, merchant.id, AccountStatus.ENABLED, AccountStatus.EXPIRED)
        return m.PlanExpiryResult(expired=True, plan_name=merchant.plan_name, expire_at=merchant.expire_at)


async def revive(merchant_id: int, at: datetime) -> int:
    """A renewed plan gives the accounts its expiry set to EXPIRED their ENABLED status back (blacklisted and
    disabled accounts stay so). Only once the merchant's plan runs again past `at`; returns how many."""
    async with transaction() as db:
        merchant = await db.get(Merchant, merchant_id, with_for_update=True)
        if merchant is None or merchant.expire_at is None or merchant.expire_at <= at \
                or merchant.package_state == MerchantPackageState.EXPIRED:
            return 0
        return await set_account_status(db, merchant_id, AccountStatus.EXPIRED, AccountStatus.ENABLED)


async def set_account_status(db: AsyncSession, merchant_id: int, before: AccountStatus, after: AccountStatus) -> int:
    accounts = (await db.scalars(select(MerchantAccount).where(
        MerchantAccount.merchant_id == merchant_id, MerchantAccount.status == before)
        .order_by(MerchantAccount.id).with_for_update())).all()
    for account in accounts:
        await change(db, account, {"status": after})
    return len(accounts)


async def change(db: AsyncSession, row: Merchant | MerchantAccount, values: dict[str, Any]) -> None:
    """Set some columns of a row and record the change, by the system."""
    before = audit.snapshot(row)
    for column, value in values.items():
        setattr(row, column, value)
    await db.flush()
    await audit.record_change(db, operator_id=None, operator_name=t("plans.system", DEFAULT_LANGUAGE),
                              entity=type(row).__name__, entity_id=row.id, action="update", before=before,
                              after=audit.snapshot(row))
