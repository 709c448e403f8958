"""Goods (SPEC §2 /operation/ginee-oms/manage-goods): the goods list (a shop's channel products), local goods
(master products: the merchant's SKUs of the product library, their stock summed over the warehouses, their
main-store stock lock) and the goods history (the audit trail of both). Each row belongs to a merchant and takes
that merchant's data authority; the actions load their rows within it and change them in services/goods."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import func, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.query import apply_filters, picked
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.routers.stock_sync import merchant_email_of, shop_column_of
from api.routers.warehouses import products
from api.schemas.goods import (
    AutoCreate,
    AutoCreated,
    ChannelProductFilters,
    ChannelProductPublic,
    GoodsHistoryFilters,
    GoodsHistoryPublic,
    GoodsNoChange,
    ListingChange,
    ListingCount,
    MasterProductFilters,
    MasterProductPublic,
    StockLockSwitch,
    VariationMapping,
)
from api.schemas.options import Typed
from api.schemas.types import Int64
from api.schemas.warehouses import WmsProductOption
from domain.enums import ListingAction, ListingState
from domain.errors import Forbidden, Invalid, NotFound
from domain.models.goods import ChannelProduct, ChannelVariation, GoodsHistoryView, MasterProductView
from domain.models.goods_sync import ProductSyncRun
from domain.models.merchants import Shop
from domain.models.warehouses import WmsProduct
from services import goods as service

LIST, LOCAL, HISTORY = "goods-list", "goods-local", "goods-history"
MAP, LOCK = "goods#map", "master-product#lock"


def _latest_run_status() -> Any:
    """The status of the latest product sync run of the row's store (its shop-and-start index answers it)."""
    return (select(ProductSyncRun.status).where(ProductSyncRun.shop_id == ChannelProduct.shop_id)
            .order_by(ProductSyncRun.started_at.desc()).limit(1).scalar_subquery())


def _channel_stock() -> Any:
    return (select(func.coalesce(func.sum(ChannelVariation.stock), 0))
            .where(ChannelVariation.channel_product_id == ChannelProduct.id).scalar_subquery())


channel = Resource(
    name="ChannelProduct", model=ChannelProduct, public=ChannelProductPublic, create=GoodsNoChange,
    update=GoodsNoChange, filters=ChannelProductFilters, permission=LIST, actions=Actions(export="goods#export"),
    scope=through_merchant("ChannelProduct", ChannelProduct.merchant_id), relations=(ChannelProduct.variations,),
    computed=lambda: {"merchant_email": merchant_email_of(ChannelProduct.merchant_id),
                      "shop_name": shop_column_of(ChannelProduct.shop_id, Shop.name),
                      "country": shop_column_of(ChannelProduct.shop_id, Shop.country), "stock": _channel_stock(),
                      "shop_product_sync_at": shop_column_of(ChannelProduct.shop_id, Shop.latest_product_sync_at),
                      "shop_product_sync_status": _latest_run_status()},
    sortable={"id", "name", "channel_item_id", "listing_state", "last_synced_at", "updated_at"},
)
local = Resource(
    name="MasterProduct", model=MasterProductView, public=MasterProductPublic, create=GoodsNoChange,
    update=GoodsNoChange, filters=MasterProductFilters, permission=LOCAL,
    actions=Actions(export="master-product#export"),
    scope=through_merchant("MasterProduct", MasterProductView.merchant_id),
    computed=lambda: {"merchant_email": merchant_email_of(MasterProductView.merchant_id)},
    sortable={"id", "sku", "name", "on_hand", "available", "updated_at"},
)
history = Resource(
    name="GoodsHistory", model=GoodsHistoryView, public=GoodsHistoryPublic, create=GoodsNoChange,
    update=GoodsNoChange, filters=GoodsHistoryFilters, permission=HISTORY,
    actions=Actions(export="goods-history#export"),
    scope=through_merchant("GoodsHistory", GoodsHistoryView.merchant_id),
    computed=lambda: {"merchant_email": merchant_email_of(GoodsHistoryView.merchant_id),
                      "shop_name": shop_column_of(GoodsHistoryView.shop_id, Shop.name)},
    sortable={"id", "at"},
)

channel_router = channel.router(prefix="/goods/channel", tags=["goods_channel"])
local_router = local.router(prefix="/goods/local", tags=["goods_local"])
history_router = history.router(prefix="/goods/history", tags=["goods_history"])
router = APIRouter(prefix="/goods", tags=["goods"])


@router.post("/channel/counts", summary="How many channel products the filters find in each listing state (the "
             "goods list's tabs; state null: all)", openapi_extra=declares(channel.scope, **{"x-audit": False}))
async def counts(params: ChannelProductFilters, db: SessionDep,
                 user: Annotated[Principal, Need(LIST)]) -> Reply[list[ListingCount]]:
    unfiltered = params.model_copy(update={"listing_state": None})
    found = await service.listing_counts(db, apply_filters(channel.scope(select(ChannelProduct), user),
                                                           ChannelProduct, unfiltered))
    return ok([ListingCount(state=None, count=sum(found.values()))] + [
        ListingCount(state=state, count=found.get(state, 0)) for state in ListingState])


async def _shown(db: SessionDep, user: Principal, product: ChannelProduct) -> ChannelProductPublic:
    return ChannelProductPublic.model_validate(await channel.shown(db, user, product))


@router.post("/channel/listing", summary="Enable, disable or delete (soft) a listing by the listing state machine "
             "(audited); a refused change names the state")
async def listing(body: ListingChange, db: SessionDep,
                  user: Annotated[Principal, Need("goods#edit", "goods#delete")]) -> Reply[ChannelProductPublic]:
    if not user.can("goods#delete" if body.action == ListingAction.DELETE else "goods#edit"):
        raise Forbidden()
    product = await channel.load(db, user, body.id, lock=True)
    await service.change_listing(db, user, product, body.action)
    return ok(await _shown(db, user, product))


@router.post("/channel/map", summary="Map a channel variation to a master product of its merchant, or unmap it "
             "(audited)")
async def map_variation(body: VariationMapping, db: SessionDep,
                        user: Annotated[Principal, Need(MAP)]) -> Reply[ChannelProductPublic]:
    product_id = await db.scalar(select(ChannelVariation.channel_product_id).where(
        ChannelVariation.id == body.variation_id))
    if product_id is None:
        raise Invalid("variationId", "not_found", ids=body.variation_id)
    product = await channel.load(db, user, product_id, lock=True)
    master = None if body.master_product_id is None else await _master(db, user, body.master_product_id)
    await service.map_variation(db, user, product, body.variation_id, master)
    return ok(await _shown(db, user, product))


async def _master(db: SessionDep, user: Principal, master_id: int, *, lock: bool = False) -> WmsProduct:
    try:
        return await products.load(db, user, master_id, lock=lock)
    except NotFound as exc:
        raise Invalid("masterProductId" if not lock else "id", "not_found", ids=master_id) from exc


@router.post("/channel/auto-create", summary="Auto-create: the master products of the channel products' unmapped "
             "variations (the merchant's SKU = the channel SKU), each variation mapped to it (audited)")
async def auto_create(body: AutoCreate, db: SessionDep,
                      user: Annotated[Principal, Need("master-product#add")]) -> Reply[AutoCreated]:
    found = [await channel.load(db, user, product_id, lock=True) for product_id in sorted(set(body.ids))]
    created, mapped = await service.auto_create(db, user, found)
    return ok(AutoCreated(created=created, mapped=mapped))


@router.post("/local/lock", summary="Turn the main-store stock lock of a master product's SKU on or off (audited)")
async def lock(body: StockLockSwitch, db: SessionDep,
               user: Annotated[Principal, Need(LOCK)]) -> Reply[MasterProductPublic]:
    master = await _master(db, user, body.id, lock=True)
    await service.switch_stock_lock(db, user, master, body.locked, body.reason)
    return ok(MasterProductPublic.model_validate(await local.load(db, user, master.id)))


@router.get("/local/options", summary="A merchant's master products whose SKU or name contains what is typed (the "
            "first 20), for the mapping picker", openapi_extra=declares(local.scope))
async def master_options(db: SessionDep, user: Annotated[Principal, Need(MAP, LOCAL)],
                         merchant_id: Annotated[Int64, Query(alias="merchantId", ge=1)],
                         q: Typed = None) -> Reply[list[WmsProductOption]]:
    query = products.scope(select(WmsProduct).where(WmsProduct.merchant_id == merchant_id), user)
    rows = await db.scalars(picked(query.order_by(WmsProduct.sku, WmsProduct.id), [WmsProduct.sku, WmsProduct.name], q))
    return ok([WmsProductOption.model_validate(row) for row in rows])


ROUTERS = [router, channel_router, local_router, history_router]
