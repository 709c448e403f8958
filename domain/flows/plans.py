"""The plan flow's data: its state, the renewal signal, the activities' inputs, its search attributes.

Shared by the workflow, its activities and whoever signals it (the subscription flow's apply step): see
docs/plans.md for the contract of the `renew` signal.
"""

from __future__ import annotations

from typing import Any

from pydantic import AwareDatetime, BaseModel, Field
from temporalio.common import SearchAttributeKey, SearchAttributePair, SearchAttributeUpdate, TypedSearchAttributes

from domain.enums import PlanName

HISTORY_LIMIT = 2000  # continue-as-new beyond this many events even if the server does not suggest it yet
WORKFLOW = "plan"  # PlanWorkflow's registered name
SIGNAL = "renew"  # PlanWorkflow.renew's signal name

# Custom search attributes (domain/search_attributes.py registers them on every server).
MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")
PLAN_NAME = SearchAttributeKey.for_keyword("PlanName")
EXPIRE_AT = SearchAttributeKey.for_datetime("ExpireAt")


def workflow_id(merchant_id: int) -> str:
    return f"plan-{merchant_id}"


class PlanRenewal(BaseModel):
    """The `renew` signal: the merchant's plan as the subscription that was just applied left it (the merchant
    row's plan_name and expire_at). `request_id` names that subscription request, for the flow's log."""

    merchant_id: int
    plan_name: PlanName | None = None
    expire_at: AwareDatetime
    request_id: int | None = None


class PlanState(BaseModel):
    merchant_id: int
    plan_name: PlanName | None = None
    expire_at: AwareDatetime
    reminded: list[int] = Field(default_factory=list)  # reminder days already sent for this expire_at
    expired_at: AwareDatetime | None = None  # when the flow expired the plan; None while it runs
    revive: bool = False  # a renewal of an expired plan: its accounts get their status back


class PlanStart(BaseModel):
    state: PlanState
    history_limit: int = HISTORY_LIMIT
    console_url: str = ""  # where the flow's details in the Temporal Web UI link back to
    # The start set the search attributes of `state` (signal-with-start): the run's first look at its plan need
    # not set them again (a visibility write on the server fewer for every new plan flow).
    attributes_set: bool = False


class PlanReminder(BaseModel):
    merchant_id: int
    plan_name: PlanName | None = None
    expire_at: AwareDatetime
    days: int


class PlanExpiry(BaseModel):
    merchant_id: int
    expire_at: AwareDatetime  # the end the flow believes in
    at: AwareDatetime  # the flow's clock: the activity never reads the wall clock


class PlanNow(BaseModel):
    """The merchant's plan as its row holds it: what the flow reads when a timer fires (a renewal is told it by
    the row, not by a signal)."""

    plan_name: PlanName | None = None
    expire_at: AwareDatetime | None = None


class PlanExpiryResult(BaseModel):
    expired: bool  # the plan is expired now (by this call or an earlier one)
    plan_name: PlanName | None = None
    expire_at: AwareDatetime | None = None  # the merchant's end in the database (later than the flow's: renewed)


def start_of(renewal: PlanRenewal, console_url: str = "") -> PlanStart:
    return PlanStart(state=PlanState(merchant_id=renewal.merchant_id, plan_name=renewal.plan_name,
                                     expire_at=renewal.expire_at), console_url=console_url, attributes_set=True)


def search_attributes(state: PlanState) -> TypedSearchAttributes:
    pairs: list[SearchAttributePair[Any]] = [SearchAttributePair(MERCHANT_ID, state.merchant_id),
                                             SearchAttributePair(EXPIRE_AT, state.expire_at)]
    if state.plan_name is not None:
        pairs.append(SearchAttributePair(PLAN_NAME, str(state.plan_name)))
    return TypedSearchAttributes(pairs)


def search_attribute_updates(state: PlanState) -> list[SearchAttributeUpdate[Any]]:
    return [EXPIRE_AT.value_set(state.expire_at),
            PLAN_NAME.value_set(str(state.plan_name)) if state.plan_name is not None else PLAN_NAME.value_unset()]


def flow_summary(merchant_id: int) -> str:
    return f"Plan of merchant #{merchant_id}"


def flow_details(state: PlanState, console_url: str) -> str:
    """The flow's "current details" in the Temporal Web UI (markdown): the plan and the way back to the merchant."""
    details = f"**Merchant #{state.merchant_id}** {state.plan_name or ''} until {state.expire_at.isoformat()}"
    if state.expired_at is not None:
        details += f" (expired at {state.expired_at.isoformat()})"
    if console_url:
        link = f"{console_url}{merchant_path(state.merchant_id)}"
        details += f"\n\n[Open merchant #{state.merchant_id} in the console]({link})"
    return details


def merchant_path(merchant_id: int) -> str:
    """The merchant detail screen in the console (SPEC §2 routes)."""
    return f"/operation/ginee-iam/genie-iam-detail?id={merchant_id}"
