"""Product sync of the goods list (SPEC §3 shop sync times, §8 'processing, please wait', 'sync failed'): each
syncable shop's Schedule and "Sync products" start a flow (`goods-sync-{shopId}-...`, found by `ShopId` in the Web
UI) that pulls the shop's listings from its channel (services/goods_sync.py). "Sync products" answers at once
(refused while a run of the shop is under way); the run's counts so far are read back from the flow. Every run is
a row of the sync runs (kit resource: shop, status, kind, time; xlsx export) with the listings it could not store,
and its detail links its flow in the Temporal Web UI for operators. A run and a shop take the goods list's data
authority (the merchant's); the start is audited."""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.scope import declares, unscoped
from api.routers.goods import LIST
from api.routers.merchants import through_merchant
from api.routers.shops import shops
from api.routers.stock_sync import shop_column_of
from api.schemas.goods import GoodsNoChange, GoodsSyncFlow, GoodsSyncNow
from api.schemas.goods_sync import (
    ProductSyncFailureFilters,
    ProductSyncFailurePublic,
    ProductSyncRunDetail,
    ProductSyncRunFilters,
    ProductSyncRunPublic,
)
from api.temporal_ui import OPERATE, workflow_path
from domain.db import transaction
from domain.enums.order_sync import ProductSyncStatus
from domain.errors import DomainError, Invalid, NotFound
from domain.flows.goods_sync import STATUS, ProductSyncTally, shop_of
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from domain.models.merchants import Shop
from services.flows import watched
from services.goods_sync import start_run, under_way
from services.order_sync import syncable

log = logging.getLogger("omp.goods_sync")
SYNC, EXPORT = "goods#sync", "goods#export"
FAILURES_SHOWN = 100  # the failed listings a run's detail names (the failures list pages through them all)
# the shops whose listings the caller may sync and read: those of the merchants the goods list shows them
shop_scope = through_merchant("ChannelProduct", Shop.merchant_id)
# a run's live counts are no rows of their own: the route reads them through the shop its flow id names, within
# shop_scope (a shop outside it is a 404, as if the run did not exist)
THROUGH_SHOP = unscoped("a sync flow's counts, read through its shop within the goods list's data authority")
router = APIRouter(prefix="/goods/sync", tags=["goods_sync"])

runs: Resource[Any] = Resource(
    name="ProductSyncRun", model=ProductSyncRun, public=ProductSyncRunPublic, create=GoodsNoChange,
    update=GoodsNoChange, filters=ProductSyncRunFilters, permission=LIST, actions=Actions(export=EXPORT),
    scope=through_merchant("ProductSyncRun", ProductSyncRun.merchant_id),
    computed=lambda: {"shop_name": shop_column_of(ProductSyncRun.shop_id, Shop.name)},
    sortable={"id", "started_at", "finished_at", "failed_count"})
failures: Resource[Any] = Resource(
    name="ProductSyncFailure", model=ProductSyncFailure, public=ProductSyncFailurePublic, create=GoodsNoChange,
    update=GoodsNoChange, filters=ProductSyncFailureFilters, permission=LIST, actions=Actions(export=EXPORT),
    scope=through_merchant("ProductSyncFailure", ProductSyncFailure.merchant_id),
    sortable={"id", "failed_at", "channel_item_id"}, default_sort="id")
runs_router = runs.router(prefix="/goods/sync-run", tags=["goods_sync_runs"])
failures_router = failures.router(prefix="/goods/sync-failure", tags=["goods_sync_failures"])
detail_router = APIRouter(prefix="/goods/sync-run", tags=["goods_sync_runs"])

# what the reply says, by the run's status
MESSAGES = {ProductSyncStatus.RUNNING: "goods.syncProcessing", ProductSyncStatus.SUCCEEDED: "goods.syncSucceeded",
            ProductSyncStatus.PARTIAL: "goods.syncPartial", ProductSyncStatus.FAILED: "goods.syncFailed"}


async def _shop(db: AsyncSession, user: Principal, shop_id: int) -> Shop:
    found = await db.scalar(select(Shop).where(Shop.id == shop_id, *shop_scope.conditions(user)))
    if found is None:
        raise Invalid("shopId", "not_found", ids=shop_id)
    return found


def _url(user: Principal, workflow_id: str) -> str | None:
    return workflow_path(workflow_id) if user.can(OPERATE) else None


def _flow(user: Principal, shop: Shop, workflow_id: str, tally: ProductSyncTally) -> GoodsSyncFlow:
    counts = tally.model_dump(exclude={"shop_id"})
    return GoodsSyncFlow(workflow_id=workflow_id, workflow_url=_url(user, workflow_id), shop_id=shop.id,
                         shop_name=shop.name, **counts)


@router.post("", summary="Sync a shop's products now: a flow pulls the listings its channel changed since the "
             "shop's latest product sync time (audited); answers 'processing, please wait'. Refused while a run "
             "of the shop is under way", openapi_extra=declares(shop_scope))
async def sync_products(body: GoodsSyncNow, db: SessionDep, request: Request,
                        user: Annotated[Principal, Need(SYNC)]) -> Reply[GoodsSyncFlow]:
    shop = await _shop(db, user, body.shop_id)
    if not syncable(shop):
        raise DomainError("GOODS_SYNC_SHOP_NOT_SYNCABLE", status=409, field="shopId")
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():
            wid = None if await under_way(client, shop.id) else await start_run(client, shop)
    except (RPCError, TimeoutError) as exc:
        log.warning("product sync of shop %s not started: %s", shop.id, exc)
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    if wid is None:
        raise DomainError("GOODS_SYNC_RUNNING", status=409, field="shopId")
    async with transaction() as own:
        await shops.audit(own, user, shop.id, "sync-products", None, {"workflowId": wid})
    return ok(_flow(user, shop, wid, ProductSyncTally(shop_id=shop.id)), "goods.syncStarted")


@router.get("/{workflow_id}", summary="A product sync run's counts so far (or at its end) and its flow's Temporal "
            "Web UI page for operators", openapi_extra=declares(THROUGH_SHOP, **{"x-audit": False}))
async def sync_run(workflow_id: str, db: SessionDep, request: Request,
                   user: Annotated[Principal, Need(SYNC, LIST)]) -> Reply[GoodsSyncFlow]:
    shop_id = shop_of(workflow_id)
    if shop_id is None:
        raise NotFound()
    try:
        shop = await _shop(db, user, shop_id)
    except Invalid as exc:
        raise NotFound() from exc
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():
            tally = await client.get_workflow_handle(workflow_id).query(STATUS, result_type=ProductSyncTally)
    except RPCError as exc:
        log.info("product sync %s not readable: %s", workflow_id, exc)
        raise NotFound() from exc
    return ok(_flow(user, shop, workflow_id, tally), MESSAGES[tally.status])


@detail_router.get("/flow/{run_id}", summary="A product sync run with the listings it could not store and its "
                   "flow's Temporal Web UI page for operators", openapi_extra=declares(runs.scope))
async def run_detail(run_id: int, db: SessionDep,
                     user: Annotated[Principal, Need(LIST)]) -> Reply[ProductSyncRunDetail]:
    run = ProductSyncRunPublic.model_validate(await runs.load(db, user, run_id))
    failed = (await db.scalars(select(ProductSyncFailure).where(ProductSyncFailure.run_id == run.id)
                               .order_by(ProductSyncFailure.id).limit(FAILURES_SHOWN))).all()
    return ok(ProductSyncRunDetail(run=run, failures=[ProductSyncFailurePublic.model_validate(f) for f in failed],
                                   workflow_url=_url(user, run.workflow_id)))


ROUTERS = [router, detail_router, runs_router, failures_router]
