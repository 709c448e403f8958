"""Stock sync (SPEC §2 stock screens): the lists' rows and filters, and the sync and fix requests."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, ClassVar

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, Range, SearchParams
from api.schemas.types import BigRowId, Period
from domain.enums import (
    Channel,
    Country,
    JobResult,
    StockEventKind,
    StockExceptionCause,
    StockMovementType,
    StockSyncStatus,
)
from domain.errors import Problem
from domain.rules.inputs import FieldRule
from domain.rules.stock_sync import FIX_MAX_SKUS, SKU_MAX, fix_skus

Sku = Annotated[str | None, Field(max_length=SKU_MAX), Like()]


class StockNoChange(CamelModel):
    """The read-only lists take no body to add or modify."""

    id: BigRowId


# ---- warehouse stock search and product inventory -------------------------------------------------------------

class StockSyncBalancePublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    warehouse_id: int
    warehouse_name: str | None
    sku: str
    on_hand: int
    spare: int
    locked: int
    promotion: int
    transit: int
    available: int
    updated_at: datetime


class StockSyncBalanceFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    warehouse_id: Annotated[list[BigRowId] | None, Field(max_length=100), In()] = None
    sku: Sku = None


class StockInventoryPublic(CamelModel):
    """SPEC §3 WMS stock: existing, locked and available of one sku over the merchant's warehouses."""

    id: int
    merchant_id: int
    merchant_email: str | None
    sku: str
    warehouse_count: int
    existing: int
    locked: int
    available: int


class StockInventoryFilters(SearchParams):
    """The sums are made per search: a merchant or a sku narrows them first."""

    merchant_id: Annotated[BigRowId | None, Eq()] = None
    sku: Sku = None

    @model_validator(mode="after")
    def _narrowed(self) -> StockInventoryFilters:
        if self.merchant_id is None and self.sku is None:
            raise PydanticCustomError("stock_inventory_lookup", "stock_inventory_lookup")
        return self


# ---- product flow ---------------------------------------------------------------------------------------------

class StockFlowPublic(CamelModel):
    """SPEC §3 WMS stock flow: transaction number, ERP and channel order numbers, original, movement, new."""

    id: int
    merchant_id: int
    warehouse_id: int
    warehouse_name: str | None
    sku: str
    transaction_no: str
    erp_order_no: str | None
    channel_order_no: str | None
    movement_type: StockMovementType
    original: int
    movement: int
    new: int
    created_at: datetime


class StockFlowFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    warehouse_id: Annotated[list[BigRowId] | None, Field(max_length=100), In()] = None
    sku: Sku = None
    erp_order_no: Annotated[str | None, Field(max_length=64), Eq()] = None
    created_at: Annotated[Period, Range()] = None


# ---- store-warehouse bindings ---------------------------------------------------------------------------------

class StockBindingPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    shop_id: int
    shop_name: str | None
    channel: Channel | None
    country: Country | None
    warehouse_id: int
    warehouse_name: str | None
    sync_enabled: bool
    fulfils: bool
    created_at: datetime


class StockBindingCreate(CamelModel):
    shop_id: BigRowId
    warehouse_id: BigRowId
    sync_enabled: bool = True
    fulfils: bool = False  # its warehouse fulfils the store's orders (one binding of a store)


class StockBindingUpdate(CamelModel):
    id: BigRowId
    sync_enabled: bool | None = None
    fulfils: bool | None = None


class StockBindingFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    warehouse_id: Annotated[BigRowId | None, Eq()] = None
    sync_enabled: Annotated[bool | None, Eq()] = None


# ---- events and push history ----------------------------------------------------------------------------------

class StockEventPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    kind: StockEventKind
    result: JobResult
    shop_id: int | None
    shop_name: str | None
    country: Country | None
    channel: Channel | None
    skus: list[str]
    switched_on: bool | None
    sku_count: int
    exception_count: int
    message: str | None
    operator_name: str | None
    created_at: datetime
    finished_at: datetime | None


class StockEventFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    kind: Annotated[list[StockEventKind] | None, In()] = None
    result: Annotated[list[JobResult] | None, In()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    created_at: Annotated[Period, Range()] = None


class StockPushPublic(CamelModel):
    id: int
    event_id: int
    merchant_id: int
    merchant_email: str | None
    shop_id: int
    shop_name: str | None
    channel: Channel
    sku: str
    available: int
    promotion: int
    quantity: int
    status: StockSyncStatus
    cause: StockExceptionCause | None
    pushed_at: datetime


class StockPushFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    event_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    sku: Sku = None
    status: Annotated[list[StockSyncStatus] | None, In()] = None
    cause: Annotated[list[StockExceptionCause] | None, In()] = None
    pushed_at: Annotated[Period, Range()] = None


# ---- switches and actions -------------------------------------------------------------------------------------

class StockSettingPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    lock_stock: bool
    promotion_stock: bool
    updated_at: datetime


class StockSettingFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    lock_stock: Annotated[bool | None, Eq()] = None
    promotion_stock: Annotated[bool | None, Eq()] = None


class StockSettingChange(CamelModel):
    """SPEC §4: stock lock and promotion stock, each on or off; a switch left out keeps its position."""

    merchant_id: BigRowId
    lock_stock: bool | None = None
    promotion_stock: bool | None = None


class StockSyncRequest(CamelModel):
    """SPEC §5: sync stock needs merchant, country, channel and store."""

    merchant_id: BigRowId
    country: Country
    channel: Channel
    shop_id: BigRowId


class StockPushRetry(CamelModel):
    """A push that failed or was not pushed, to be tried again."""

    id: BigRowId


def fix_problems(values: Mapping[str, Any]) -> list[Problem]:
    """What the fix's SKU rules refuse (they raise), beside a body's other problems."""
    fix_skus(values["skus"])
    return []


class StockFixRequest(CamelModel):
    """SPEC §5: stock fix needs merchant id and inventory SKUs."""

    __rules__: ClassVar = (FieldRule(fix_problems, ("skus",)),)
    merchant_id: BigRowId
    skus: Annotated[list[str], Field(max_length=FIX_MAX_SKUS * 5)]  # counted and checked by the rules


class StockEventFlow(CamelModel):
    event: StockEventPublic
    workflow_id: str | None
    workflow_url: str | None  # the flow's Temporal Web UI page, for holders of temporal#operate


# ---- lock stock ------------------------------------------------------------------------------------------------

class StockLockCreate(CamelModel):
    """Lock one store's stock (picked store) or one SKU's (picked product of the merchant's library)."""

    shop_id: BigRowId | None = None
    product_id: BigRowId | None = None
    reason: Annotated[str | None, Field(max_length=200)] = None


class StockLockUpdate(CamelModel):
    id: BigRowId
    reason: Annotated[str | None, Field(max_length=200)] = None


class StockLockPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    shop_id: int | None
    shop_name: str | None
    sku: str | None
    reason: str | None
    locked_by_name: str | None
    created_at: datetime


class StockLockFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    sku: Annotated[str | None, Like("sku")] = None
