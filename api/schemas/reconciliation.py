"""Financial reconciliation: runs, their items (differences), the start and the resolve calls."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Prefix, Range, SearchParams, Where
from api.schemas.types import BigRowId, Day, Period
from domain.enums.reconciliation import ReconciliationKind, ReconciliationStage, ReconciliationStatus
from domain.models.reconciliation import ReconciliationItem
from domain.rules.reconciliation import NOTE_MAX, NUMBER_MAX

Dates = Annotated[list[date | None] | None, Field(max_length=2)]
Month = Annotated[str, Field(pattern=r"^\d{4}-\d{2}$", examples=["2026-10"])]


class ReconciliationRunPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    shop_id: int | None
    shop_name: str | None
    period_from: date
    period_to: date
    status: ReconciliationStatus
    stage: ReconciliationStage
    workflow_id: str
    shops_total: int
    shops_done: int
    pages: int
    lines_fetched: int
    currency: str | None
    expected: Decimal
    paid: Decimal
    difference: Decimal
    matched_count: int
    short_paid_count: int
    over_paid_count: int
    unpaid_count: int
    unknown_order_count: int
    message: str | None
    started_by: str | None
    started_at: datetime
    finished_at: datetime | None


class ReconciliationRunFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    status: Annotated[list[ReconciliationStatus] | None, In()] = None
    period_from: Annotated[Dates, Range()] = None
    started_at: Annotated[Period, Range()] = None


class ReconciliationItemPublic(CamelModel):
    id: int
    run_id: int
    merchant_id: int
    shop_id: int
    shop_name: str | None
    channel_order_no: str
    order_id: int | None
    kind: ReconciliationKind
    currency: str | None
    order_total: Decimal | None
    fees: Decimal
    expected: Decimal
    paid: Decimal
    difference: Decimal
    ordered_at: datetime | None
    paid_at: datetime | None
    settlement_ids: str | None
    resolved_at: datetime | None
    resolved_by: str | None
    resolution_note: str | None


def _resolved(value: bool) -> object:
    return ReconciliationItem.resolved_at.is_not(None) if value else ReconciliationItem.resolved_at.is_(None)


class ReconciliationItemFilters(SearchParams):
    run_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    kind: Annotated[list[ReconciliationKind] | None, In()] = None
    resolved: Annotated[bool | None, Where(_resolved)] = None
    channel_order_no: Annotated[str | None, Field(max_length=NUMBER_MAX), Prefix(exact_case=True)] = None


class ReconciliationNoChange(CamelModel):
    """Runs and their items are written by the reconciliation flow; a difference changes only by resolve."""

    id: BigRowId


class ReconciliationStartBody(CamelModel):
    """A month, or a date range (from and to, inclusive, UTC days): one of the two."""

    merchant_id: BigRowId
    shop_id: BigRowId | None = None
    month: Month | None = None
    period_from: Day | None = None
    period_to: Day | None = None


class ReconciliationResolveBody(CamelModel):
    id: BigRowId
    note: Annotated[str, Field(min_length=1, max_length=NOTE_MAX)]


class ReconciliationReopenBody(CamelModel):
    id: BigRowId


class ReconciliationFlow(CamelModel):
    """A run and its flow: its id, and its Web UI page for operators."""

    run: ReconciliationRunPublic
    workflow_url: str | None
