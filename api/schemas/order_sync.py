"""Order sync runs and their failed orders (docs/order-sync.md), and the "Sync now" and "Retry" calls."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Range, SearchParams
from api.schemas.types import BigRowId, Period
from domain.enums import Channel, Country
from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus
from domain.rules.order_sync import said

# A sync run's message, read in the reader's words (domain/rules/order_sync.py)
SaidMessage = Annotated[str | None, AfterValidator(said)]


class SyncRunPublic(CamelModel):
    """A shop's sync run as its list shows it, orders' or products' (each names its own kinds and states)."""

    id: int
    shop_id: int
    shop_name: str | None
    merchant_id: int
    channel: Channel
    country: Country
    kind: str
    status: str
    workflow_id: str
    since: datetime | None
    until: datetime | None
    pages: int
    fetched: int
    created_count: int
    updated_count: int
    failed_count: int
    message: SaidMessage
    started_at: datetime
    finished_at: datetime | None


class SyncRunFilters(SearchParams):
    shop_id: Annotated[BigRowId | None, Eq()] = None
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    started_at: Annotated[Period, Range()] = None


class OrderSyncRunPublic(SyncRunPublic):
    kind: OrderSyncKind
    status: OrderSyncStatus
    retry_of: int | None


class OrderSyncRunFilters(SyncRunFilters):
    status: Annotated[list[OrderSyncStatus] | None, In()] = None
    kind: Annotated[list[OrderSyncKind] | None, In()] = None


class OrderSyncFailurePublic(CamelModel):
    id: int
    run_id: int
    shop_id: int
    merchant_id: int
    channel_order_no: str
    reason: str
    failed_at: datetime
    resolved_at: datetime | None
    resolved_by: int | None


class OrderSyncFailureFilters(SearchParams):
    run_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    channel_order_no: Annotated[str | None, Field(max_length=64), Eq()] = None


class OrderSyncNoChange(CamelModel):
    """Runs and failures are written by the sync flow only."""

    id: BigRowId


class OrderSyncNow(CamelModel):
    shop_id: BigRowId


class OrderSyncRetry(CamelModel):
    run_id: BigRowId


class OrderSyncFlow(CamelModel):
    """A run (None until its flow recorded it) and its flow: its id, and its Web UI page for operators."""

    run: OrderSyncRunPublic | None
    workflow_id: str
    workflow_url: str | None
