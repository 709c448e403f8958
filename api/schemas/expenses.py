from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import select

from api.envelope import CamelModel
from api.resource.query import Eq, In, Range, SearchParams, Where, escape_like
from api.schemas.merchants import EmailPart
from api.schemas.types import Period
from domain.enums import Currency, PaymentStatus, PlanName
from domain.models.merchants import Merchant
from domain.models.subscriptions import Payment


def _of_merchants(email: str) -> object:
    named = select(Merchant.id).where(Merchant.email.ilike(f"%{escape_like(email)}%", escape="\\"))
    return Payment.merchant_id.in_(named)


class PaymentPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    plan_name: PlanName | None = None
    subscription_id: int | None
    amount: Decimal
    currency: Currency
    status: PaymentStatus
    payment_serial: str | None
    paid_at: datetime | None
    created_at: datetime


class PaymentFilters(SearchParams):
    merchant_email: Annotated[EmailPart, Where(_of_merchants)] = None
    merchant_id: Annotated[int | None, Eq()] = None
    status: Annotated[list[PaymentStatus] | None, In()] = None
    currency: Annotated[list[Currency] | None, In()] = None
    payment_serial: Annotated[str | None, Field(max_length=64), Eq()] = None
    paid_at: Annotated[Period, Range()] = None
    created_at: Annotated[Period, Range()] = None


class SpecificPaymentFilters(PaymentFilters):
    """Specific expenses: the payments of a named merchant (docs/decisions/merchant-lists.md)."""

    @model_validator(mode="after")
    def _named(self) -> SpecificPaymentFilters:
        if self.merchant_email is None and self.merchant_id is None and self.payment_serial is None:
            raise PydanticCustomError("payment_lookup", "payment_lookup")
        return self


class PerformanceRow(CamelModel):
    """One sales person's payments in one currency over the chosen period (the IAM performance page)."""

    sales_id: int | None
    sales_name: str | None
    currency: Currency
    merchants: int
    paid_count: int
    paid_amount: Decimal
    pending_count: int
    failed_count: int
