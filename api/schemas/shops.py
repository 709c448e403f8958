from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, Range, SearchParams
from api.schemas.merchants import EmailPart
from api.schemas.types import Period
from domain.enums import Channel, Country, ShopConnectionStatus


class ShopOption(CamelModel):
    """A store as a picker names it: its name, channel and merchant."""

    id: int
    merchant_id: int
    merchant_email: str
    name: str
    channel: Channel
    country: Country


class ShopPublic(ShopOption):
    """A store as the lists show it: what a picker names, and its channel account, syncs and connection."""

    external_shop_id: str
    external_shop_name: str | None
    logo_url: str | None
    chat_url: str | None
    latest_order_sync_at: datetime | None
    latest_product_sync_at: datetime | None
    connection_type: str | None
    connection_status: ShopConnectionStatus
    bound: bool
    unbound_at: datetime | None
    created_at: datetime


class ShopFilters(SearchParams):
    merchant_email: Annotated[EmailPart, Like()] = None
    merchant_id: Annotated[int | None, Eq()] = None
    name: Annotated[str | None, Field(max_length=255), Like("name", "external_shop_name")] = None
    external_shop_id: Annotated[str | None, Field(max_length=64), Eq()] = None
    channel: Annotated[list[Channel] | None, In()] = None
    country: Annotated[list[Country] | None, In()] = None
    connection_status: Annotated[list[ShopConnectionStatus] | None, In()] = None
    bound: Annotated[bool | None, Eq()] = None
    latest_order_sync_at: Annotated[Period, Range()] = None


class SpecificShopFilters(ShopFilters):
    """Specific shops: the shops of a named merchant, or one shop by its external id
    (docs/decisions/merchant-lists.md)."""

    @model_validator(mode="after")
    def _named(self) -> SpecificShopFilters:
        if self.merchant_email is None and self.merchant_id is None and self.external_shop_id is None:
            raise PydanticCustomError("shop_lookup", "shop_lookup")
        return self


class ShopChange(CamelModel):
    id: int
