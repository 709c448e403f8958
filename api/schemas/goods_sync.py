"""Product sync runs of the goods list and the listings a run could not store (docs/goods.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, SearchParams
from api.schemas.order_sync import SyncRunFilters, SyncRunPublic
from api.schemas.types import BigRowId
from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus


class ProductSyncRunPublic(SyncRunPublic):
    kind: ProductSyncKind
    status: ProductSyncStatus
    unchanged_count: int


class ProductSyncRunFilters(SyncRunFilters):
    status: Annotated[list[ProductSyncStatus] | None, In()] = None
    kind: Annotated[list[ProductSyncKind] | None, In()] = None


class ProductSyncFailurePublic(CamelModel):
    id: int
    run_id: int
    shop_id: int
    merchant_id: int
    channel_item_id: str
    reason: str
    failed_at: datetime


class ProductSyncFailureFilters(SearchParams):
    run_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    channel_item_id: Annotated[str | None, Field(max_length=100), Eq()] = None


class ProductSyncRunDetail(CamelModel):
    """A run with the listings it could not store (the first FAILURES_SHOWN; the failures list has them all) and
    its flow's Temporal Web UI page for operators."""

    run: ProductSyncRunPublic
    failures: list[ProductSyncFailurePublic]
    workflow_url: str | None
