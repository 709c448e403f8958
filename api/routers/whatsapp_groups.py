"""WhatsApp groups (SPEC §2 /operation/accounts/saas-management/whatsapp-group) on the resource kit, and the
picker of a merchant's group. A group with members cannot be deleted (the merchants' foreign key refuses it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import func, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import declares, scoped
from api.schemas.whatsapp_groups import (
    WhatsappGroupCreate,
    WhatsappGroupFilters,
    WhatsappGroupOption,
    WhatsappGroupPublic,
    WhatsappGroupUpdate,
)
from domain.enums import Country
from domain.models.merchants import Merchant
from domain.models.whatsapp_groups import WhatsappGroup

MENU = "whatsapp-group"
# the merchant lists filter by group: whoever may see a list may pick from its filter's options
MERCHANT_LISTS = ("ginee-account", "ginee-specific-accounts")


def with_members() -> dict[str, Any]:
    members = select(func.count()).where(Merchant.whatsapp_group_id == WhatsappGroup.id).scalar_subquery()
    return {"member_count": members}


groups = Resource(
    name="WhatsappGroup", model=WhatsappGroup, public=WhatsappGroupPublic, create=WhatsappGroupCreate,
    update=WhatsappGroupUpdate, filters=WhatsappGroupFilters, permission=MENU,
    actions=Actions(add="whatsapp-group#add", edit="whatsapp-group#edit", delete="whatsapp-group#delete"),
    computed=with_members, scope=scoped(country=WhatsappGroup.country),
    unique={"uq_whatsapp_groups_link": ("link", "WHATSAPP_LINK_TAKEN")}, default_sort="-updated_at",
)

router = groups.router(prefix="/whatsapp-group", tags=["whatsapp_groups"])


@router.get("/options", summary="Enabled groups of a country, for the merchant form's picker and the lists' filter",
            openapi_extra=declares(groups.scope))
async def options(db: SessionDep, user: Annotated[Principal, Need("account#edit", MENU, *MERCHANT_LISTS)],
                  country: Annotated[Country | None, Query()] = None) -> Reply[list[WhatsappGroupOption]]:
    query = select(WhatsappGroup).where(WhatsappGroup.enabled).order_by(WhatsappGroup.country, WhatsappGroup.name)
    query = groups.scope(query, user)
    if country is not None:
        query = query.where(WhatsappGroup.country == country)
    return ok([WhatsappGroupOption.model_validate(r) for r in (await db.scalars(query)).all()])
