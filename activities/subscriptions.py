"""The subscribe-or-gift flow's activities: thin adapters over services/subscriptions/store.py, which writes."""

from __future__ import annotations

import logging

from temporalio import activity
from temporalio.service import RPCError

from domain.flows.subscriptions import Applied, ApplyInput, RequestChange
from services.plans import ensure_plan_flow, signal_renewal
from services.subscriptions import store

log = logging.getLogger("omp.subscriptions")


@activity.defn
async def record_request(change: RequestChange) -> bool:
    """The request row takes the flow's new state; `from_state` makes a retry a no-op (returns False then)."""
    return await store.write_change(change)


@activity.defn
async def apply_subscription(data: ApplyInput) -> Applied:
    """One transaction: record, entitlement periods, payment, merchant plan columns, audit; keyed by the
    request (a retry returns the record written before, with the merchant's plan as it stands). Then, in the
    same step, the merchant's plan flow hears of a new plan (one step and one workflow activation fewer than a
    step of its own). A running plan flow reads the new end from the merchant row when its next timer fires, so it
    is signalled only when the plan was expired (its accounts come back), else only started when none runs. A
    renewal not delivered leaves `plan_told` false: the request flow then signals it in a step of its own, with
    that step's retries."""
    applied = await store.apply(data)
    renewal = applied.renewal(data.draft.merchant_id, data.request_id)
    if renewal is None:
        return applied
    try:
        if applied.revives:
            await signal_renewal(activity.client(), renewal)
        else:
            await ensure_plan_flow(activity.client(), renewal, data.at)
    except RPCError as exc:
        log.warning("plan flow of merchant %s not told of request %s yet: %s", renewal.merchant_id,
                    data.request_id, exc)
        return applied
    return applied.model_copy(update={"plan_told": True})
