from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field, HttpUrl
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import In, Like, SearchParams
from domain.enums import Channel, CourierStatus, ShippingMethod
from domain.rules import couriers as rules


def _letters(value: str) -> str:
    value = value.strip()
    if not rules.is_courier_name(value):
        raise PydanticCustomError("letters_only", "letters, spaces and & only")
    return value


CourierName = Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX), AfterValidator(_letters)]


class CourierBase(CamelModel):
    name: CourierName
    channel: Channel
    shipping_method: ShippingMethod
    logo_url: HttpUrl | None = None
    status: CourierStatus = CourierStatus.LIVE
    country: str | None = Field(default=None, max_length=8)


class CourierCreate(CourierBase):
    pass


class CourierUpdate(CamelModel):
    id: int
    name: CourierName | None = None
    channel: Channel | None = None
    shipping_method: ShippingMethod | None = None
    logo_url: HttpUrl | None = None
    status: CourierStatus | None = None


class CourierPublic(CamelModel):
    id: int
    name: str
    channel: Channel
    shipping_method: ShippingMethod
    logo_url: str | None
    status: CourierStatus
    country: str | None
    created_at: datetime
    updated_at: datetime


class CourierFilters(SearchParams):
    name: Annotated[str | None, Like()] = None
    channel: Annotated[list[Channel] | None, In()] = None
    shipping_method: ShippingMethod | None = None
    status: CourierStatus | None = None


class CourierOption(CamelModel):
    id: int
    name: str
    channel: Channel
    status: CourierStatus
