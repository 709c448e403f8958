"""The plan flow's activities (activities/plan_store.py), and the renewal step of the subscription flow (the call
itself is services/plans.py)."""

from __future__ import annotations

from datetime import datetime

from temporalio import activity

from activities import plan_store
from domain.flows import plans as m
from services.plans import signal_renewal


@activity.defn
async def remind_plan(reminder: m.PlanReminder) -> int:
    return await plan_store.remind(reminder)


@activity.defn
async def expire_plan(expiry: m.PlanExpiry) -> m.PlanExpiryResult:
    return await plan_store.expire(expiry)


@activity.defn
async def read_plan(merchant_id: int) -> m.PlanNow:
    return await plan_store.read(merchant_id)


@activity.defn
async def revive_plan_accounts(merchant_id: int, at: datetime) -> int:
    return await plan_store.revive(merchant_id, at)


@activity.defn
async def renew_plan(renewal: m.PlanRenewal) -> None:
    """For the subscription flow, after its apply step committed: tell the plan flow (idempotent: a repeated
    renewal with the same end changes nothing)."""
    await signal_renewal(activity.client(), renewal)
