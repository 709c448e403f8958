"""The subscribe-or-gift flow's activities (activities/subscription_store.py does the writing)."""

from __future__ import annotations

from temporalio import activity

from activities import subscription_store
from workflows.subscription_models import Applied, ApplyInput, RequestChange


@activity.defn
async def record_request(change: RequestChange) -> bool:
    """The request row takes the flow's new state; `from_state` makes a retry a no-op (returns False then)."""
    return await subscription_store.write_change(change)


@activity.defn
async def apply_subscription(data: ApplyInput) -> Applied:
    """One transaction: record, entitlement periods, payment, merchant plan columns, audit; keyed by the
    request (a retry returns the record written before, with the merchant's plan as it stands)."""
    return await subscription_store.apply(data)
