"""Expenses (SPEC §2): the merchants' payment records (PAID, PENDING, FAILED, CANCEL), all and specific, read
and exported here; they are written by the subscription transaction. A payment's data authority is its
merchant's."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from sqlalchemy import func, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.schemas.expenses import PaymentFilters, PaymentPublic, PerformanceRow, SpecificPaymentFilters
from api.schemas.types import Moment
from domain.enums import PaymentStatus
from domain.errors import Invalid
from domain.models.merchants import Merchant
from domain.models.subscriptions import Payment, Subscription
from domain.models.users import User

LIST = "expenses-all"
SPECIFIC = "expenses-specific"
PAYMENT_SCOPE = through_merchant("Payment", Payment.merchant_id)


def with_merchant() -> dict[str, Any]:
    email = select(Merchant.email).where(Merchant.id == Payment.merchant_id).scalar_subquery()
    plan = select(Subscription.plan_name).where(Subscription.id == Payment.subscription_id).scalar_subquery()
    return {"merchant_email": email, "plan_name": plan}


def _payments(filters: type[PaymentFilters], permission: str, also: tuple[str, ...]) -> Resource:
    return Resource(name="Payment", model=Payment, public=PaymentPublic, create=PaymentPublic, update=PaymentPublic,
                    filters=filters, permission=permission, also=also, actions=Actions(export="expenses#export"),
                    scope=PAYMENT_SCOPE, computed=with_merchant, default_sort="-created_at",
                    sortable={"id", "amount", "paid_at", "created_at", "status"})


payments = _payments(PaymentFilters, LIST, (SPECIFIC, "ginee-account", "ginee-specific-accounts"))
specific = _payments(SpecificPaymentFilters, SPECIFIC, ())
list_router = payments.router(prefix="/expenses", tags=["expenses"])
specific_router = specific.router(prefix="/expenses/specific", tags=["specific-expenses"])
router = APIRouter(tags=["expenses"])


@router.get("/expenses/performance", summary="Payments per sales person and currency over a period (IAM performance)",
            openapi_extra=declares(PAYMENT_SCOPE))
async def performance(db: SessionDep, user: Annotated[Principal, Need("iam-performance", LIST)],
                      start: Moment | None = None,
                      end: Moment | None = None) -> Reply[list[PerformanceRow]]:
    """SPEC §2 /operation/ginee-iam/saas-expenses/iam-performance: within the user's data authority."""
    if start and end and start > end:
        raise Invalid(field="end", rule="range_order")
    def counted(status: PaymentStatus) -> Any:
        return func.count().filter(Payment.status == status)
    query = (select(Merchant.sales_id, User.real_name, Payment.currency,
                    func.count(func.distinct(Payment.merchant_id)), counted(PaymentStatus.PAID),
                    func.coalesce(func.sum(Payment.amount).filter(Payment.status == PaymentStatus.PAID), 0),
                    counted(PaymentStatus.PENDING), counted(PaymentStatus.FAILED))
             .join(Merchant, Merchant.id == Payment.merchant_id).outerjoin(User, User.id == Merchant.sales_id)
             .group_by(Merchant.sales_id, User.real_name, Payment.currency)
             .order_by(Merchant.sales_id.nulls_last(), Payment.currency))
    if start:
        query = query.where(Payment.created_at >= start)
    if end:
        query = query.where(Payment.created_at <= end)
    fields = list(PerformanceRow.model_fields)
    return ok([PerformanceRow.model_validate(dict(zip(fields, row, strict=True)))
               for row in await db.execute(PAYMENT_SCOPE(query, user))])
