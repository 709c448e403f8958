"""The reconciliation flow's contract (workflows/reconciliation.py): its registered name, workflow ids, search
attributes and query, and the inputs and outputs of the flow and its activities.

One run reconciles one merchant's orders of a period (all its shops, or one) against what the channels paid for
them: it pulls the settlement lines paid from the period's start until a grace window after its end, a page per
activity and shop (stored once per shop and line id, so a page fetched twice stores nothing twice), then compares
expected (each order's total less the channel's fees, cancelled orders expecting nothing) against paid, order by
order, in one statement.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from pydantic import AwareDatetime, BaseModel
from temporalio.common import RetryPolicy, SearchAttributeKey

from domain.enums.reconciliation import ReconciliationStage, ReconciliationStatus

WORKFLOW = "reconciliation"  # the workflow type's registered name
STATUS = "status"  # the query answering its ReconcileTally
# Operators find a merchant's runs in the Web UI with `MerchantId = 42`, one shop's with `ShopId = '7'`.
MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")
SHOP_ID = SearchAttributeKey.for_keyword_list("ShopId")
RATE_LIMITED = "CHANNEL_RATE_LIMITED"

# A settlement page the channel did not answer is tried again with back-off (1, 2, 4, ... up to 60 s), six times.
PAGE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                         maximum_interval=timedelta(minutes=1), maximum_attempts=6)
PAGE_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(seconds=60),
                                  "schedule_to_close_timeout": timedelta(minutes=10), "retry_policy": PAGE_RETRY}
COMPARE_ACTIVITY: dict[str, Any] = {"start_to_close_timeout": timedelta(minutes=10),
                                     "retry_policy": RetryPolicy(maximum_attempts=3)}


def workflow_id(merchant_id: int, period_from: date, period_to: date, shop_id: int | None, stamp: str) -> str:
    return f"reconciliation-{merchant_id}-{period_from:%Y%m%d}-{period_to:%Y%m%d}-{shop_id or 'all'}-{stamp}"


class ReconcileStart(BaseModel):
    run_id: int


class ReconcilePlan(BaseModel):
    shop_ids: list[int]
    since: AwareDatetime  # the period's start (UTC)
    until: AwareDatetime  # the period's end (exclusive)
    paid_until: AwareDatetime  # settlements are pulled up to here: the end plus the grace window, at most now
    page_size: int


class SettlementPageIn(BaseModel):
    run_id: int
    shop_id: int
    since: AwareDatetime
    until: AwareDatetime
    token: str | None = None
    last_shop: bool = False


class SettlementPageDone(BaseModel):
    next_token: str | None
    fetched: int = 0
    unreadable: int = 0


class ReconcileTally(BaseModel):
    """What the flow's query and result answer."""

    run_id: int
    status: ReconciliationStatus = ReconciliationStatus.RUNNING
    stage: ReconciliationStage = ReconciliationStage.FETCHING
    shops_done: int = 0
    shops_total: int = 0
    pages: int = 0
    lines_fetched: int = 0
    unreadable: int = 0
    expected: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    difference: Decimal = Decimal(0)
    counts: dict[str, int] = {}
    message: str | None = None


class ReconcileFinish(BaseModel):
    run_id: int
    failure: str | None = None
    unreadable: int = 0
