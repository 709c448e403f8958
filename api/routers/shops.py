"""Shops (SPEC §2, §3): all and specific lists on the resource kit, bind and unbind (confirmed in the browser,
audited here). A shop's data authority is its merchant's: team and people, and the shop's own country."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request
from sqlalchemy import select
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.query import picked
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.schemas.shops import ShopChange, ShopFilters, ShopOption, ShopPublic, SpecificShopFilters
from api.schemas.types import Int64
from domain import audit
from domain.enums import Channel
from domain.errors import DomainError
from domain.models.merchants import Shop
from services.flows import watched
from services.order_sync_schedules import follow_shop

LIST = "shops-all"
SPECIFIC = "shops-specific"
OMS = "oms-shop"  # SPEC §2 /operation/ginee-oms/shop: the same list under the OMS menu
SHOP_SCOPE = through_merchant("Shop", Shop.merchant_id, Shop.country)


def _shops(filters: type[ShopFilters], permission: str, also: tuple[str, ...]) -> Resource:
    return Resource(name="Shop", model=Shop, public=ShopPublic, create=ShopChange, update=ShopChange,
                    filters=filters, permission=permission, also=also, actions=Actions(export="shop#export"),
                    scope=SHOP_SCOPE, sortable={"id", "name", "channel", "created_at", "latest_order_sync_at"})


shops = _shops(ShopFilters, LIST, (SPECIFIC, OMS, "ginee-account", "ginee-specific-accounts"))
specific = _shops(SpecificShopFilters, SPECIFIC, ())
list_router = shops.router(prefix="/shop", tags=["shops"])
specific_router = specific.router(prefix="/shop/specific", tags=["specific-shops"])
router = APIRouter(prefix="/shop", tags=["shops"])
log = logging.getLogger("omp.shops")


async def _set_bound(db: SessionDep, user: Principal, shop_id: int, bound: bool) -> ShopPublic:
    shop = await shops.load(db, user, shop_id, lock=True)
    if shop.bound == bound:
        raise DomainError("SHOP_ALREADY_BOUND" if bound else "SHOP_ALREADY_UNBOUND", status=409)
    before = audit.snapshot(shop)
    shop.bound, shop.unbound_at = bound, None if bound else datetime.now(UTC)
    await db.flush()  # the shops trigger keeps the merchant's shop count
    await shops.audit(db, user, shop.id, "bind" if bound else "unbind", before, audit.snapshot(shop))
    return ShopPublic.model_validate(shop)


async def _follow(db: SessionDep, request: Request, shop_id: int) -> None:
    """After the commit, the shop's order and product sync Schedules follow its row (put when bound, dropped when
    not); one Temporal could not take now is put right by the schedule reconciliation."""
    await release(db)
    shop = await db.get(Shop, shop_id)
    if shop is None:
        return
    try:
        client = await temporal_client(request)
        async with watched():
            await follow_shop(client, shop)
    except (DomainError, RPCError, TimeoutError) as exc:
        log.warning("sync schedules of shop %s not followed: %s", shop_id, exc)


@router.post("/unbind", summary="Unbind a shop from its merchant (audited); its order and product sync schedules "
             "are dropped")
async def unbind(body: ShopChange, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("shop#unbind")]) -> Reply[ShopPublic]:
    shop = await _set_bound(db, user, body.id, False)
    await _follow(db, request, shop.id)
    return ok(shop)


@router.post("/bind", summary="Bind an unbound shop to its merchant again (audited); its order and product sync "
             "schedules are put while it is connected")
async def bind(body: ShopChange, db: SessionDep, request: Request,
               user: Annotated[Principal, Need("shop#bind")]) -> Reply[ShopPublic]:
    shop = await _set_bound(db, user, body.id, True)
    await _follow(db, request, shop.id)
    return ok(shop)


# the screens whose forms or filters pick a store: whoever may use them may use the store picker
PICKERS = (LIST, "store-warehouse-binding", "search-warehouse-stock", "stock-push-history", "stock-order#add",
           "stock#lock", "lock-stock", "stock-settings", "goods-list", "goods-history", "order-list",
           "order-detail", "interception-rules", "order-setting", "financial-reconciliation")


@router.get("/options", summary="Bound stores whose name or merchant email contains what is typed, for the pickers "
            "of the store-warehouse binding form and the stock order dialog (the first 20), of one merchant or "
            "channel when named", openapi_extra=declares(SHOP_SCOPE))
async def options(db: SessionDep, user: Annotated[Principal, Need(*PICKERS)],
                  q: Annotated[str | None, Query(max_length=254)] = None,
                  merchant_id: Annotated[Int64 | None, Query(alias="merchantId", ge=1)] = None,
                  channel: Channel | None = None) -> Reply[list[ShopOption]]:
    query = shops.scope(select(Shop).where(Shop.bound).order_by(Shop.name, Shop.id), user)
    if merchant_id is not None:
        query = query.where(Shop.merchant_id == merchant_id)
    if channel is not None:
        query = query.where(Shop.channel == channel)
    return ok([ShopOption.model_validate(row) for row in await db.scalars(
        picked(query, [Shop.name, Shop.merchant_email], q))])
