"""Goods (SPEC §2 manage goods): channel products with their variations, local goods (master products) and the
goods history; the listing, mapping, auto-create and stock lock requests."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import Field
from sqlalchemy import exists, or_, select

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, Range, SearchParams, Where, escape_like
from api.schemas.order_sync import SaidMessage
from api.schemas.stock_sync import Sku
from api.schemas.types import BigRowId, Period
from domain.enums import Channel, GoodsChange, GoodsEntity, ListingAction, ListingState, MappingStatus, ProductCategory
from domain.enums.order_sync import ProductSyncStatus
from domain.models.goods import ChannelProduct, ChannelVariation
from domain.rules.goods import AUTO_CREATE_MAX

KEYWORD_MAX = 300


class GoodsNoChange(CamelModel):
    """The goods lists take no body to add or modify: their rows change through the actions below."""

    id: BigRowId


def _keyword(text: str) -> Any:
    """The product's name or channel item id, or one of its variations' channel or master SKU, contains it."""
    pattern = f"%{escape_like(text.strip())}%"
    sku = exists(select(ChannelVariation.id).where(
        ChannelVariation.channel_product_id == ChannelProduct.id,
        or_(ChannelVariation.channel_sku.ilike(pattern, escape="\\"),
            ChannelVariation.master_sku.ilike(pattern, escape="\\"))))
    return or_(ChannelProduct.name.ilike(pattern, escape="\\"),
               ChannelProduct.channel_item_id.ilike(pattern, escape="\\"), sku)


# ---- goods list: channel products ------------------------------------------------------------------------------

class ChannelVariationPublic(CamelModel):
    id: int
    channel_variation_id: str
    channel_sku: str
    name: str | None
    price: Decimal
    stock: int
    master_sku: str | None


class ChannelProductPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    shop_id: int
    shop_name: str | None = None
    country: str | None = None
    channel: Channel
    channel_item_id: str
    name: str
    category: str | None
    listing_state: ListingState
    mapping_status: MappingStatus
    stock: int | None = None
    variations: list[ChannelVariationPublic]
    last_synced_at: datetime | None
    shop_product_sync_at: datetime | None = Field(None, description="the store's latest product sync time")
    shop_product_sync_status: ProductSyncStatus | None = Field(None, description="the store's latest run's status")
    created_at: datetime
    updated_at: datetime


class ChannelProductFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    channel: Annotated[list[Channel] | None, In()] = None
    listing_state: Annotated[list[ListingState] | None, In()] = None
    mapping_status: Annotated[list[MappingStatus] | None, In()] = None
    keyword: Annotated[str | None, Field(max_length=KEYWORD_MAX), Where(_keyword)] = None
    last_synced_at: Annotated[Period, Range()] = None


class ListingCount(CamelModel):
    """One tab of the goods list: the listing state (None: all) and how many products the filters find in it."""

    state: ListingState | None
    count: int


class ListingChange(CamelModel):
    id: BigRowId
    action: ListingAction


class VariationMapping(CamelModel):
    """Map a channel variation to a master product picked from its merchant's library, or unmap it (null)."""

    variation_id: BigRowId
    master_product_id: BigRowId | None = None


class AutoCreate(CamelModel):
    """Create the master products of the channel products' unmapped variations (SKU = the channel SKU) and map."""

    ids: Annotated[list[BigRowId], Field(min_length=1, max_length=AUTO_CREATE_MAX)]


class AutoCreated(CamelModel):
    created: int  # master products added
    mapped: int  # variations mapped (to a new or an existing master SKU)


# ---- local goods: master products ------------------------------------------------------------------------------

class MasterProductPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    sku: str
    name: str
    variant: str | None
    category: ProductCategory | None
    weight_g: int | None
    length_cm: Decimal | None
    width_cm: Decimal | None
    height_cm: Decimal | None
    remark: str | None
    on_hand: int
    locked: int
    available: int
    warehouse_count: int
    stock_locked: bool
    channel_variations: int
    created_at: datetime
    updated_at: datetime


class MasterProductFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    sku: Sku = None
    name: Annotated[str | None, Field(max_length=KEYWORD_MAX), Like()] = None
    category: Annotated[list[ProductCategory] | None, In()] = None
    stock_locked: Annotated[bool | None, Eq()] = None


class StockLockSwitch(CamelModel):
    """The main-store stock lock of one master product: on holds its SKU's stock (nothing pushed or taken out)."""

    id: BigRowId
    locked: bool
    reason: Annotated[str | None, Field(max_length=200)] = None


# ---- goods history ---------------------------------------------------------------------------------------------

class GoodsHistoryPublic(CamelModel):
    id: int
    at: datetime
    operator_name: str | None
    entity: GoodsEntity
    product_id: int
    action: GoodsChange
    changes: dict[str, Any]
    merchant_id: int | None
    merchant_email: str | None = None
    shop_id: int | None
    shop_name: str | None = None
    code: str | None
    name: str | None


class GoodsHistoryFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    entity: Annotated[list[GoodsEntity] | None, In()] = None
    action: Annotated[list[GoodsChange] | None, In()] = None
    code: Annotated[str | None, Field(max_length=100), Like()] = None
    operator_name: Annotated[str | None, Field(max_length=64), Like()] = None
    at: Annotated[Period, Range()] = None


class GoodsSyncNow(CamelModel):
    shop_id: BigRowId


class GoodsSyncFlow(CamelModel):
    """A product sync run of a shop: its flow (its Web UI page for operators) and what it counted so far."""

    run_id: int | None = None  # its row in the sync runs, once the flow recorded it
    workflow_id: str
    workflow_url: str | None
    shop_id: int
    shop_name: str
    status: ProductSyncStatus
    pages: int = 0
    fetched: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    failed: int = 0
    failed_items: list[str] = Field(default_factory=list, description="item id: why, of the listings not stored")
    message: SaidMessage = None
