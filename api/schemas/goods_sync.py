"""Product sync runs of the goods list and the listings a run could not store (docs/goods.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Range, SearchParams
from api.schemas.stock_sync import Id, Times
from domain.enums import Channel, Country
from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus


class ProductSyncRunPublic(CamelModel):
    id: int
    shop_id: int
    shop_name: str | None = None
    merchant_id: int
    channel: Channel
    country: Country
    kind: ProductSyncKind
    status: ProductSyncStatus
    workflow_id: str
    since: datetime | None
    until: datetime | None
    pages: int
    fetched: int
    created_count: int
    updated_count: int
    unchanged_count: int
    failed_count: int
    message: str | None
    started_at: datetime
    finished_at: datetime | None


class ProductSyncRunFilters(SearchParams):
    shop_id: Annotated[Id | None, Eq()] = None
    merchant_id: Annotated[Id | None, Eq()] = None
    status: Annotated[list[ProductSyncStatus] | None, In()] = None
    kind: Annotated[list[ProductSyncKind] | None, In()] = None
    started_at: Annotated[Times, Range()] = None


class ProductSyncFailurePublic(CamelModel):
    id: int
    run_id: int
    shop_id: int
    merchant_id: int
    channel_item_id: str
    reason: str
    failed_at: datetime


class ProductSyncFailureFilters(SearchParams):
    run_id: Annotated[Id | None, Eq()] = None
    shop_id: Annotated[Id | None, Eq()] = None
    channel_item_id: Annotated[str | None, Field(max_length=100), Eq()] = None


class ProductSyncRunDetail(CamelModel):
    """A run with the listings it could not store (the first FAILURES_SHOWN; the failures list has them all) and
    its flow's Temporal Web UI page for operators."""

    run: ProductSyncRunPublic
    failures: list[ProductSyncFailurePublic]
    workflow_url: str | None
