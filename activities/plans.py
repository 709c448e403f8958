"""The plan flow's activities over services/plans.py (the reminders go out through services/notifications.py),
and the renewal step of the subscription flow (the call itself is services/plans.py)."""

from __future__ import annotations

from datetime import datetime

from temporalio import activity

from domain.flows import plans as m
from services import notifications, plans


@activity.defn
async def remind_plan(reminder: m.PlanReminder) -> int:
    """The merchant's sales and retention persons hear, in the console and by mail, that the plan ends in
    `days` days. Returns how many mails went out."""
    told = await plans.reminder_of(reminder)
    if told is None:
        return 0
    params, path, recipients = told
    return await notifications.deliver(plans.reminder_key(reminder), "PLAN_REMINDER", params, path, recipients)


@activity.defn
async def expire_plan(expiry: m.PlanExpiry) -> m.PlanExpiryResult:
    return await plans.expire(expiry)


@activity.defn
async def read_plan(merchant_id: int) -> m.PlanNow:
    return await plans.read(merchant_id)


@activity.defn
async def revive_plan_accounts(merchant_id: int, at: datetime) -> int:
    return await plans.revive(merchant_id, at)


@activity.defn
async def renew_plan(renewal: m.PlanRenewal) -> None:
    """For the subscription flow, after its apply step committed: tell the plan flow (idempotent: a repeated
    renewal with the same end changes nothing)."""
    await plans.signal_renewal(activity.client(), renewal)
