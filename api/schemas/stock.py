"""Stock movements and the stock change record on the wire (SPEC §3 stock change record)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import In, Range, SearchParams, Where
from api.schemas.types import Int64, Period, harden
from domain.enums import StockMovementType, StockReconcileStatus
from domain.models.stock import StockDrift
from domain.rules.stock import MAX_QUANTITY, MAX_TEXT, ORDER_STEPS

Sku = Annotated[str, Field(min_length=1, max_length=MAX_TEXT["sku"])]


def _by_hand(kind: StockMovementType) -> StockMovementType:
    if kind in ORDER_STEPS:
        raise PydanticCustomError("stock_order_step", "made by its stock order")
    return kind


class StockMovementCreate(CamelModel):
    """One movement; the `Idempotency-Key` header makes it happen once however often it is sent."""

    warehouse_id: Int64
    sku: Sku
    movement_type: Annotated[StockMovementType, AfterValidator(_by_hand)]
    quantity: Annotated[int, Field(ge=1, le=MAX_QUANTITY, strict=True)]
    shelf_id: Int64 | None = None
    to_shelf_id: Int64 | None = None
    reason: Annotated[str, Field(max_length=MAX_TEXT["reason"])] | None = None
    document_no: Annotated[str, Field(max_length=MAX_TEXT["document_no"])] | None = None


class StockBalancePublic(CamelModel):
    on_hand: int
    spare: int
    locked: int
    promotion: int
    transit: int
    available: int


class StockMovedPublic(CamelModel):
    change_id: int
    replayed: bool
    balance: StockBalancePublic


class StockChangePublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    sku: str
    shelf_code: str | None = None
    to_shelf_code: str | None = None
    movement_type: StockMovementType
    quantity: int
    reason: str | None
    document_no: str | None
    actor_name: str | None
    created_at: datetime
    original_on_hand: int
    change_on_hand: int
    new_on_hand: int
    original_spare: int
    change_spare: int
    new_spare: int
    original_locked: int
    change_locked: int
    new_locked: int
    original_promotion: int
    change_promotion: int
    new_promotion: int
    original_transit: int
    change_transit: int
    new_transit: int


class StockChangeFilters(SearchParams):
    """SPEC §3 stock change record: by sku, warehouse, movement and time range."""

    sku: Annotated[str | None, Field(max_length=MAX_TEXT["sku"])] = None
    warehouse_id: int | None = None
    movement_type: Annotated[list[StockMovementType] | None, In(), Field(max_length=len(StockMovementType))] = None
    created_at: Annotated[Period, Range()] = None
    document_no: Annotated[str | None, Field(max_length=MAX_TEXT["document_no"])] = None


class StockReconciliationPublic(CamelModel):
    id: int
    status: StockReconcileStatus
    checked: int
    drifted: int
    started_at: datetime
    finished_at: datetime


class StockReconciliationFilters(SearchParams):
    status: StockReconcileStatus | None = None
    started_at: Annotated[Period, Range()] = None


class StockDriftPublic(CamelModel):
    id: int
    reconciliation_id: int
    warehouse_id: int
    warehouse_name: str | None = None
    sku: str
    shelf_id: int | None = None  # a shelf's drift: its stock of the sku against the movements naming the shelf
    shelf_code: str | None = None
    balance: dict[str, int]
    ledger: dict[str, int]
    repaired_at: datetime | None


class StockDriftFilters(SearchParams):
    reconciliation_id: int | None = None
    warehouse_id: int | None = None
    sku: Annotated[str | None, Field(max_length=MAX_TEXT["sku"])] = None
    repaired: Annotated[bool | None, Where(lambda v: StockDrift.repaired_at.is_not(None) if v
                                           else StockDrift.repaired_at.is_(None))] = None


class StockRepairCreate(CamelModel):
    """Rebuild the balance of one sku in one warehouse from its change records."""

    warehouse_id: Int64
    sku: Sku


class StockRepairedPublic(CamelModel):
    before: StockBalancePublic | None
    after: StockBalancePublic


harden(StockMovementCreate, StockRepairCreate)  # requests: names one line, numbers and times in range
