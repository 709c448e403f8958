"""The subscribe-or-gift flow's contract: its workflow name, Update names and id, its start input, the update
and activity inputs, and its view.

Pure: the workflow, the activities and the API share these models (docs/subscriptions.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import (
    PERIOD_MONTHS,
    AddonMode,
    AddonType,
    Currency,
    PackageType,
    PaymentPeriod,
    PlanName,
    SubscriptionKind,
    SubscriptionRequestState,
)
from domain.flows.plans import PlanRenewal
from domain.rules import subscriptions as rules

R = SubscriptionRequestState
LIVE = frozenset({R.AWAITING_CONFIRMATION, R.AWAITING_APPROVAL})
WORKFLOW = "subscription"  # the workflow type's registered name
DECIDE = "decide"  # its Update of the decision (DecideCommand -> RequestView)

# Custom search attributes (domain/search_attributes.py registers them on every server).
MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")
REQUEST_ID = SearchAttributeKey.for_int("RequestId")
REQUEST_STATE = SearchAttributeKey.for_keyword("RequestState")


def workflow_id(kind: SubscriptionKind, merchant_id: int, key: str) -> str:
    """The request's idempotency key: `subscription-{merchantId}-{receiptNumber}` for a paid subscription; a
    gift, which may have no receipt, is keyed by the dialog's own request key (made when the dialog opens)."""
    prefix = "subscription" if kind == SubscriptionKind.SUBSCRIBE else "gift"
    return f"{prefix}-{merchant_id}-{key}"


class Quote(BaseModel):
    """One chosen package version with its count, as the dialog quoted it (money per line, Decimal)."""

    package_id: int
    version_id: int
    package_name: str
    display_name: str
    package_type: PackageType
    addon_mode: AddonMode | None = None
    addon_type: AddonType | None = None
    plan_name: PlanName | None = None
    payment_period: PaymentPeriod
    months: int
    currency: Currency
    count: int
    amount: Decimal
    tax: Decimal
    discounted_price: Decimal
    actual_payment: Decimal
    offered_free_days: int = 0
    monthly_orders: int
    features: list[str] = Field(default_factory=list)

    @property
    def line(self) -> str:
        return rules.line_of(self.package_type, self.package_id)

    def grant(self, free_days: int) -> rules.Grant:
        return rules.Grant(self.package_type, self.addon_mode, self.months, self.count, free_days, self.line)


def quote_of(package: Any, version: Any, count: int, features: Iterable[str] = ()) -> Quote:
    """A package row at its current version row as the dialog quotes it."""
    return Quote(
        package_id=package.id, version_id=version.id, package_name=package.name, display_name=version.display_name,
        package_type=package.package_type, addon_mode=package.addon_mode, addon_type=package.addon_type,
        plan_name=package.plan_name,
        payment_period=version.payment_period, months=PERIOD_MONTHS[version.payment_period],
        currency=version.currency, count=count, amount=version.amount, tax=version.tax,
        discounted_price=version.discounted_price, actual_payment=version.actual_payment,
        offered_free_days=version.free_days, monthly_orders=version.monthly_orders, features=sorted(features))


class Draft(BaseModel):
    """The dialog as submitted."""

    kind: SubscriptionKind
    merchant_id: int
    quotes: list[Quote]
    free_days: int = 0
    receipt_number: str | None = None
    payment_serial: str | None = None
    payment_at: datetime | None = None
    screenshot_file_id: int | None = None
    remark: str | None = None
    # the key the dialog made when it opened: a double submit of this dialog joins its request, another dialog
    # of the same receipt number is refused naming it (requests of earlier code have none)
    request_key: str | None = None

    @property
    def lead(self) -> Quote:
        """The line the subscription record is written for: the basic package, else the first add-on."""
        return next((q for q in self.quotes if q.package_type == PackageType.BASIC), self.quotes[0])

    def grants(self) -> list[rules.Grant]:
        """Free days extend the lead line's period."""
        return [q.grant(self.free_days if q is self.lead else 0) for q in self.quotes]


class Resume(BaseModel):
    """A retried request (docs/subscriptions.md, retry): a new run of its flow takes up where the row stands. A
    live request whose flow stopped waits again until its deadline; a failed one is applied again with the
    approval it had."""

    state: SubscriptionRequestState
    deadline_at: datetime | None = None
    approver_id: int | None = None
    approver_name: str = ""
    transaction_id: str = ""


class RequestStart(BaseModel):
    request_id: int
    workflow_id: str
    requested_by: int
    requester_name: str
    draft: Draft
    confirm_within: timedelta = rules.CONFIRM_WITHIN
    approve_within: timedelta = rules.APPROVE_WITHIN
    console_url: str = ""
    resume: Resume | None = None
    # Started by code whose steps are local activities: such a run needs no `workflow.patched` marker (nor the
    # TemporalChangeVersion search attribute update that comes with it) to know. Runs started before lack it and
    # ask the patch, as they did (workflows/subscriptions.py step).
    local_steps: bool = False
    # The confirmation deadline the request row holds. The dialog starts the run with a start delay up to it
    # (services/subscriptions/flow.py start_flow), so its first workflow task may come late: the deadline counts from
    # the submit, not from that task. Starts of earlier code lack it and count from their first task, as they did.
    deadline_at: datetime | None = None
    # The dialog's call gave the second confirmation too (services/subscriptions/dialog.py submit): the row was written
    # confirmed, and the run starts awaiting approval with `deadline_at` the approval deadline. Starts of earlier
    # code lack it: they await a confirmation that no call gives any more, and expire at their deadline.
    confirmed: bool = False

    @property
    def state(self) -> SubscriptionRequestState:
        """Where the run starts: a new request awaits its confirmation, unless its dialog's call confirmed it."""
        if self.resume:
            return self.resume.state
        return R.AWAITING_APPROVAL if self.confirmed else R.AWAITING_CONFIRMATION


class LineIn(BaseModel):
    package_id: int
    version_id: int
    count: int


class ConfirmCommand(BaseModel):
    """The second confirmation restates packages, counts and free days (receipt and serial are the request's key
    and its claim, fixed since the dialog); the dialog's submit adds what the database knows (which versions are
    current, whether receipt and serial are used, what the merchant holds) and checks it
    (services/subscriptions/dialog.py `confirm_of`)."""

    actor_id: int
    actor_name: str
    lines: list[LineIn]
    free_days: int
    current_versions: list[int] = Field(default_factory=list)
    receipt_used: bool = False
    serial_used: bool = False
    held_features: list[str] = Field(default_factory=list)
    transaction_id: str = ""


class DecideCommand(BaseModel):
    actor_id: int
    actor_name: str
    approve: bool
    may_approve: bool  # holds the approval permission (the API checked it; the flow refuses without it)
    reason: str | None = None
    transaction_id: str = ""


class RequestChange(BaseModel):
    """A state change written onto the request row; `from_state` makes a retried write a no-op."""

    request_id: int
    from_state: SubscriptionRequestState
    state: SubscriptionRequestState
    at: datetime
    actor_id: int | None = None
    actor_name: str | None = None
    deadline_at: datetime | None = None
    reason: str | None = None
    transaction_id: str = ""


class ApplyInput(BaseModel):
    """Everything the apply transaction writes from; the request id is its idempotency key."""

    request_id: int
    workflow_id: str
    requested_by: int
    approver_id: int
    approver_name: str
    at: datetime
    draft: Draft
    transaction_id: str = ""


class Applied(BaseModel):
    """What the apply transaction wrote: the record, and the merchant's plan when a basic package moved it.
    `plan_told`: the step also told the merchant's plan flow of it (else the flow sends the renewal itself;
    recorded results of earlier code lack it, so their replay sends it as they did)."""

    subscription_id: int
    plan_name: PlanName | None = None
    expire_at: datetime | None = None
    plan_told: bool = False
    # the plan flow must hear of it by signal: the plan was expired (its accounts get their status back), or a
    # repeated step cannot tell; otherwise the flow is only started when none runs (it reads the new end itself)
    revives: bool = False
    # each line's `[start, end)` as written, in the draft's order (empty when a repeated step found the record)
    periods: list[tuple[datetime, datetime]] = Field(default_factory=list)

    def renewal(self, merchant_id: int, request_id: int) -> PlanRenewal | None:
        """The renew signal for the merchant's plan flow, when a basic package moved the plan."""
        if self.expire_at is None:
            return None
        return PlanRenewal(merchant_id=merchant_id, plan_name=self.plan_name, expire_at=self.expire_at,
                           request_id=request_id)


class RequestView(BaseModel):
    request_id: int
    workflow_id: str
    state: SubscriptionRequestState
    deadline_at: datetime | None = None
    approver_id: int | None = None
    decided_at: datetime | None = None
    reason: str | None = None
    subscription_id: int | None = None
    # an applied request's periods, each line's `[start, end)` (the approval's reply shows them without a read)
    periods: list[tuple[datetime, datetime]] = Field(default_factory=list)


def confirmation(draft: Draft, command: ConfirmCommand) -> rules.Confirmation:
    """The rules' view of a second confirmation against its dialog."""
    current = set(command.current_versions)
    offers = {q.version_id: rules.Offer(q.package_id, q.version_id, q.package_type, q.offered_free_days,
                                        frozenset(q.features), q.version_id in current, q.currency, q.addon_type)
              for q in draft.quotes}
    return rules.Confirmation(
        kind=draft.kind, draft_lines=tuple(rules.Line(q.package_id, q.version_id, q.count) for q in draft.quotes),
        lines=tuple(rules.Line(line.package_id, line.version_id, line.count) for line in command.lines),
        draft_free_days=draft.free_days, free_days=command.free_days,
        receipt_number=draft.receipt_number, payment_serial=draft.payment_serial, offers=offers,
        receipt_used=command.receipt_used, serial_used=command.serial_used,
        held_features=frozenset(command.held_features))


def search_attributes(start: RequestStart, state: SubscriptionRequestState) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(MERCHANT_ID, start.draft.merchant_id),
                                  SearchAttributePair(REQUEST_ID, start.request_id),
                                  SearchAttributePair(REQUEST_STATE, state.value)])


def flow_summary(start: RequestStart) -> str:
    return f"{start.draft.kind.value.capitalize()} #{start.request_id} for merchant {start.draft.merchant_id}"


def flow_details(start: RequestStart) -> str:
    """The flow's details in the Temporal Web UI (markdown): the request and the way back to it."""
    packages = ", ".join(f"{q.display_name} ×{q.count}" for q in start.draft.quotes)
    details = f"**{flow_summary(start)}** by {start.requester_name}: {packages}"
    if start.console_url:
        details += f"\n\n[Open the request in the console]({start.console_url}/approval/{start.request_id})"
    return details
