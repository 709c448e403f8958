"""Logistics configuration: the couriers offered per channel, on the resource kit."""

from __future__ import annotations

from typing import Annotated, Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import declares, scoped
from api.schemas.couriers import CourierCreate, CourierFilters, CourierOption, CourierPublic, CourierUpdate
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

# the screens whose forms pick a courier (a merchant's default courier, a logistics template's)
PICKERS = ("logistics-configuration", "shipping-setting")


@router.get("/options", summary="The couriers the caller may see, for the pickers of other screens",
            openapi_extra=declares(couriers.scope))
async def options(db: SessionDep, user: Annotated[Principal, Need(*PICKERS)]) -> Reply[list[CourierOption]]:
    rows = await db.scalars(couriers.scope(select(Courier).order_by(Courier.channel, Courier.name), user).limit(1000))
    return ok([CourierOption.model_validate(row) for row in rows])
