"""Logistics configuration: the couriers offered per channel, on the resource kit."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.resource.scope import scoped
from api.schemas.couriers import CourierCreate, CourierFilters, CourierPublic, CourierUpdate
from domain.models.couriers import Courier


async def _store_url_as_text(_: AsyncSession, row: Any, __: Principal) -> None:
    if row.logo_url is not None:
        row.logo_url = str(row.logo_url)


couriers = Resource(
    name="Courier", model=Courier, public=CourierPublic, create=CourierCreate, update=CourierUpdate,
    filters=CourierFilters, permission="logistics-configuration",
    actions=Actions(add="logistics#add", edit="logistics#edit", delete="logistics#delete",
                    export="logistics#export", import_="logistics#import"),
    prepare=_store_url_as_text,
    scope=scoped(country=Courier.country),
    unique={"uq_couriers_channel_name": "name"},
)

router = couriers.router(prefix="/courier", tags=["couriers"])
