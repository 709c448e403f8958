"""What the subscription routes and replies read, with no HTTP: the live request of a key, where a request's lines
run, its totals and lines as a reply shows them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import SubscriptionKind, SubscriptionRecordStatus, SubscriptionRequestState
from domain.flows import subscriptions as m
from domain.models.packages import Package, PackageVersion
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
    """Each line as a reply shows it: the package's prices, what the line costs in this request (its count
    times its actual payment; nothing for a gift, as the totals say) and its period."""
    free = draft.kind == SubscriptionKind.GIFT
    return [q.model_dump() | {"period_start": p.start if p else None, "period_end": p.end if p else None,
                              "line_payment": Decimal(0) if free else q.actual_payment * q.count}
            for q, p in zip(draft.quotes, periods, strict=True)]


RECORD_STATUS = case((Subscription.effective_at > func.now(), SubscriptionRecordStatus.UPCOMING),
                     (Subscription.expire_at > func.now(), SubscriptionRecordStatus.ACTIVE),
                     else_=SubscriptionRecordStatus.EXPIRED)
RECORDS = (select(Subscription.id, Subscription.request_id, Subscription.kind, Package.name.label("package_name"),
                  PackageVersion.display_name, Subscription.plan_name, Subscription.quantity,
                  Subscription.payment_period, Subscription.effective_at, Subscription.expire_at,
                  Subscription.free_days, Subscription.currency, Subscription.actual_payment,
                  Subscription.receipt_number, Subscription.created_at.label("applied_at"),
                  RECORD_STATUS.label("status"))
           .join(PackageVersion, PackageVersion.id == Subscription.package_version_id)
           .join(Package, Package.id == PackageVersion.package_id))


async def records_of(db: AsyncSession, merchant_id: int, within: Iterable[ColumnElement[bool]], page: int,
                     page_size: int) -> tuple[list[dict[str, Any]], int]:
    """A merchant's applied subscription and gift records, newest first, one page of them and how many there
    are; `within` narrows them to the caller's data authority."""
    where = (Subscription.merchant_id == merchant_id, *within)
    total = await db.scalar(select(func.count()).select_from(Subscription).where(*where))
    rows = await db.execute(RECORDS.where(*where).order_by(Subscription.created_at.desc(), Subscription.id.desc())
                            .offset((page - 1) * page_size).limit(page_size))
    return [dict(row._mapping) for row in rows], total or 0
