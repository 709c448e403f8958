"""Auto interception rules (SPEC §2 ERP settings): the list's rows and filters, and the rule a form sends. Money
travels as decimal text; the conditions' cross-field rules (a range, at least one condition) are checked on the row
(api/routers/interception_rules.py) and again by PostgreSQL (domain/models/interception.py)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field
from sqlalchemy import any_, literal

from api.envelope import CamelModel
from api.resource.query import Eq, Like, SearchParams, Where
from api.schemas.types import BigRowId
from domain.enums import Channel, Country
from domain.models.interception import InterceptionRule
from domain.rules import interception as rules

Total = Annotated[Decimal, Field(ge=0, max_digits=18, decimal_places=2)]
Sku = Annotated[str, Field(min_length=1, max_length=100)]
Name = Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX)]
Keyword = Annotated[str, Field(min_length=1, max_length=rules.KEYWORD_MAX)]
Remark = Annotated[str, Field(max_length=rules.REMARK_MAX)]


class InterceptionRulePublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    name: str
    enabled: bool
    priority: int
    channels: list[Channel]
    shop_ids: list[int]
    country: Country | None
    min_total: Decimal | None
    max_total: Decimal | None
    skus: list[str]
    buyer_keyword: str | None
    remark: str | None
    created_at: datetime
    updated_at: datetime


class InterceptionRuleCreate(CamelModel):
    merchant_id: BigRowId
    name: Name
    enabled: bool = True
    priority: int = Field(default=100, ge=1, le=rules.PRIORITY_MAX)
    channels: list[Channel] = Field(default_factory=list, max_length=len(Channel))
    shop_ids: list[BigRowId] = Field(default_factory=list, max_length=rules.SHOPS_MAX)
    country: Country | None = None
    min_total: Total | None = None
    max_total: Total | None = None
    skus: list[Sku] = Field(default_factory=list, max_length=rules.SKUS_MAX)
    buyer_keyword: Keyword | None = None
    remark: Remark | None = None


class InterceptionRuleUpdate(CamelModel):
    id: BigRowId
    name: Name | None = None
    enabled: bool | None = None
    priority: int | None = Field(default=None, ge=1, le=rules.PRIORITY_MAX)
    channels: list[Channel] | None = Field(default=None, max_length=len(Channel))
    shop_ids: list[BigRowId] | None = Field(default=None, max_length=rules.SHOPS_MAX)
    country: Country | None = None
    min_total: Total | None = None
    max_total: Total | None = None
    skus: list[Sku] | None = Field(default=None, max_length=rules.SKUS_MAX)
    buyer_keyword: Keyword | None = None
    remark: Remark | None = None


class InterceptionRuleFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    name: Annotated[str | None, Field(max_length=rules.NAME_MAX), Like()] = None
    enabled: Annotated[bool | None, Eq()] = None
    channels: Annotated[Channel | None, Where(lambda v: literal(v) == any_(InterceptionRule.channels))] = None
    shop_ids: Annotated[BigRowId | None, Where(lambda v: literal(v) == any_(InterceptionRule.shop_ids))] = None
    country: Annotated[Country | None, Eq()] = None


class OrderLineStockPublic(CamelModel):
    """One order line's stock at the warehouse it was accepted at (SPEC §3 order display)."""

    line_no: int
    sku: str
    quantity: int
    state: rules.LineStock
    available: int | None  # what the warehouse had free when the line was short
    warehouse_id: int


class OrderOutboundPublic(CamelModel):
    """One parcel of the order: the outbound stock order carrying some of its SKUs."""

    id: int
    order_no: str
    status: str
    warehouse_id: int
    wms_status: str | None
    skus: list[str]
    with_orders: list[str]  # the other channel orders it carries, merged with this one


class OrderStockPublic(CamelModel):
    """The stock side of an order: each line's reservation state and the parcels (outbound orders) it left, or
    leaves, its warehouse in."""

    lines: list[OrderLineStockPublic]
    parcels: list[OrderOutboundPublic]
