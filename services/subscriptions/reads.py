"""What the subscription routes and replies read, with no HTTP: the live request of a key, where a request's lines
run, its totals and lines as a reply shows them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import SubscriptionRequestState
from domain.flows import subscriptions as m
from domain.models.subscriptions import Entitlement, Subscription, SubscriptionRequest
from domain.rules import subscriptions as rules
from services.subscriptions.store import line_ends, total

R = SubscriptionRequestState


async def live_request(db: AsyncSession, key: str) -> SubscriptionRequest | None:
    return await db.scalar(select(SubscriptionRequest).where(
        SubscriptionRequest.workflow_id == key, SubscriptionRequest.state.in_(m.LIVE))
        .execution_options(populate_existing=True))


async def preview_periods(db: AsyncSession, row: SubscriptionRequest, draft: m.Draft,
                          state: SubscriptionRequestState | None = None) -> list[rules.Period | None]:
    """Where each line would run if applied now (the applied record's periods once applied); `state` when the
    request has moved on from the row as read."""
    state = state or row.state
    if state == R.APPLIED:
        periods = (await db.execute(select(Entitlement.package_version_id, Entitlement.period)
                                    .join(Subscription, Subscription.id == Entitlement.subscription_id)
                                    .where(Subscription.request_id == row.id))).all()
        # an applied period has both bounds (the apply writes `[start, end)`); the range type allows open ones
        by_version = {v: rules.Period(p.lower, p.upper) for v, p in periods}  # type: ignore[arg-type]
        return [by_version.get(q.version_id) for q in draft.quotes]
    if state not in m.LIVE:
        return [None] * len(draft.quotes)
    return await quoted_periods(db, draft)


async def quoted_periods(db: AsyncSession, draft: m.Draft) -> list[rules.Period | None]:
    """Where each line of a dialog would run if applied now."""
    return quoted_periods_at(draft, await line_ends(db, draft.merchant_id))


def quoted_periods_at(draft: m.Draft, ends: dict[str, datetime]) -> list[rules.Period | None]:
    """`quoted_periods` with the merchant's line ends read already."""
    return list(rules.plan_periods(draft.grants(), datetime.now(UTC), ends))


def totals(draft: m.Draft) -> dict[str, Any]:
    return {f"total_{f}": total(draft, f) for f in ("amount", "tax", "discounted_price", "actual_payment")}


def plain_lines(draft: m.Draft, periods: list[rules.Period | None]) -> list[dict[str, Any]]:
    return [q.model_dump() | {"period_start": p.start if p else None, "period_end": p.end if p else None}
            for q, p in zip(draft.quotes, periods, strict=True)]
