"""Expenses (SPEC §2): the merchants' payment records (PAID, PENDING, FAILED, CANCEL), all and specific, read
and exported here; they are written by the subscription transaction. A payment's data authority is its
merchant's."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import with_expression

from api.deps import Principal
from api.resource import Actions, Resource
from api.routers.merchants import through_merchant
from api.schemas.expenses import PaymentFilters, PaymentPublic, SpecificPaymentFilters
from domain.models.merchants import Merchant
from domain.models.subscriptions import Payment, Subscription

LIST = "expenses-all"
SPECIFIC = "expenses-specific"
PAYMENT_SCOPE = through_merchant("Payment", Payment.merchant_id)


def with_merchant(query: Select[Any], _: Principal) -> Select[Any]:
    email = select(Merchant.email).where(Merchant.id == Payment.merchant_id).scalar_subquery()
    plan = select(Subscription.plan_name).where(Subscription.id == Payment.subscription_id).scalar_subquery()
    return query.options(with_expression(Payment.merchant_email, email), with_expression(Payment.plan_name, plan))


def _payments(filters: type[PaymentFilters], permission: str, also: tuple[str, ...]) -> Resource:
    return Resource(name="Payment", model=Payment, public=PaymentPublic, create=PaymentPublic, update=PaymentPublic,
                    filters=filters, permission=permission, also=also, actions=Actions(export="expenses#export"),
                    scope=PAYMENT_SCOPE, enrich=with_merchant, default_sort="-created_at",
                    sortable={"id", "amount", "paid_at", "created_at", "status"})


payments = _payments(PaymentFilters, LIST, (SPECIFIC, "ginee-account", "ginee-specific-accounts"))
specific = _payments(SpecificPaymentFilters, SPECIFIC, ())
list_router = payments.router(prefix="/expenses", tags=["expenses"])
specific_router = specific.router(prefix="/expenses/specific", tags=["specific-expenses"])
