from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, ClassVar

from pydantic import Field, StringConstraints

from api.envelope import CamelModel
from api.resource.bounds import bound_integers
from api.resource.query import SearchParams
from api.schemas.types import Int64, Moment, harden
from domain.enums import (
    AddonMode,
    Currency,
    PackageType,
    PaymentPeriod,
    PlanName,
    SubscriptionKind,
    SubscriptionRecordStatus,
    SubscriptionRequestState,
)
from domain.models.subscriptions import SubscriptionRequest
from domain.rules import subscriptions as rules
from domain.rules.inputs import FieldRule
from domain.rules.subscriptions import MAX_COUNT, MAX_FREE_DAYS

Code64 = Annotated[str, StringConstraints(min_length=1, max_length=64)]
RequestKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9-]{8,64}$")]
MAX_LINES = 10


class PackageChoice(CamelModel):
    package_id: Int64 = Field(ge=1)
    count: int = Field(default=1, ge=1, le=MAX_COUNT)


class ConfirmedLine(CamelModel):
    package_id: Int64 = Field(ge=1)
    version_id: Int64 = Field(ge=1)
    count: int = Field(ge=0, le=1_000_000)


class ConfirmBody(CamelModel):
    """The second confirmation restates what it shows; a difference from the dialog is refused."""

    packages: list[ConfirmedLine] = Field(min_length=1, max_length=MAX_LINES)
    free_days: int = Field(ge=0, le=1_000_000)


class SubmitBody(CamelModel):
    """The subscribe or gift dialog (SPEC §3 subscription or gift record)."""

    # what the dialog must carry, named with the schema's own refusals in one reply (api/errors.py)
    __rules__: ClassVar = (
        FieldRule(lambda v: rules.dialog_problems(v["kind"], v.get("receipt_number"), v.get("payment_serial"),
                                                  v.get("request_key")), ("kind",)),
        FieldRule(lambda v: rules.line_problems(p.package_id for p in v["packages"]), ("packages",)),
    )

    kind: SubscriptionKind
    merchant_id: Int64 = Field(ge=1)
    packages: list[PackageChoice] = Field(min_length=1, max_length=MAX_LINES)
    free_days: int = Field(default=0, ge=0, le=MAX_FREE_DAYS)
    receipt_number: Code64 | None = None
    payment_serial: Code64 | None = None
    payment_at: Moment | None = None
    screenshot_file_id: int | None = Field(default=None, ge=1)
    remark: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] | None = None
    request_key: RequestKey | None = Field(default=None, description="the dialog's key, made when it opens: a "
                                           "gift's idempotency key; a subscription is keyed by its receipt number, "
                                           "and a double submit of the same dialog (same key) joins its request "
                                           "while another dialog of that receipt is refused naming it")
    confirmation: ConfirmBody | None = Field(default=None, description="the second confirmation, restating what "
                                             "`subscription/preview` quoted: required by `subscription/submit`, "
                                             "which creates the request confirmed, awaiting approval")


class DecideBody(CamelModel):
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] | None = None


class QuoteOut(CamelModel):
    package_id: int
    version_id: int
    package_name: str
    display_name: str
    package_type: PackageType
    addon_mode: AddonMode | None
    plan_name: PlanName | None
    payment_period: PaymentPeriod
    currency: Currency
    count: int
    amount: Decimal
    tax: Decimal
    discounted_price: Decimal
    actual_payment: Decimal
    monthly_orders: int
    line_payment: Decimal = Field(description="what this line costs in the request: its count times the actual "
                                  "payment; 0 for a gift (the request's totals add these)")
    period_start: datetime | None = None
    period_end: datetime | None = None


class RequestQuoteOut(CamelModel):
    """What a dialog asks for as the server quotes it (its packages' current versions, amounts and periods): the
    second confirmation shows it before the request exists (`subscription/preview`), and every request has it."""

    kind: SubscriptionKind
    state: SubscriptionRequestState
    merchant_id: int
    merchant_email: str
    requester_name: str
    receipt_number: str | None
    payment_serial: str | None
    payment_at: datetime | None
    screenshot_file_id: int | None
    free_days: int
    remark: str | None
    currency: Currency
    total_amount: Decimal
    total_tax: Decimal
    total_discounted_price: Decimal
    total_actual_payment: Decimal
    packages: list[QuoteOut]


class RequestOut(RequestQuoteOut):
    id: int
    workflow_id: str
    requested_by: int
    approver_id: int | None
    approver_name: str | None
    created_at: datetime
    deadline_at: datetime | None
    decided_at: datetime | None
    reason: str | None
    subscription_id: int | None
    can_decide: bool = False
    can_retry: bool = False  # failed, or live with its flow stopped, and the caller holds subscription#retry
    workflow_url: str | None = Field(default=None, description="the flow's page in the Temporal Web UI through "
                                     "the console; null unless the caller holds temporal#operate")


class RecordSearch(SearchParams):
    merchant_id: Int64 = Field(ge=1)


class RecordOut(CamelModel):
    """An applied subscription or gift record of a merchant (SPEC §3), as the merchant detail lists it."""

    id: int
    request_id: int
    kind: SubscriptionKind
    package_name: str
    display_name: str
    plan_name: PlanName | None
    quantity: int
    payment_period: PaymentPeriod
    effective_at: datetime
    expire_at: datetime
    free_days: int
    currency: Currency
    actual_payment: Decimal
    receipt_number: str | None
    applied_at: datetime
    status: SubscriptionRecordStatus


class RequestSearch(SearchParams):
    state: list[SubscriptionRequestState] | None = None
    kind: SubscriptionKind | None = None
    merchant_id: int | None = Field(default=None, ge=1)


bound_integers(SubscriptionRequest, SubmitBody)


harden(SubmitBody)  # requests: names one line, numbers and times in range
