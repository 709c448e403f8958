"""Product sync of the goods list (SPEC §2 goods list, §8 'processing, please wait'): "Sync products" of a shop
starts a flow (`goods-sync-{shopId}-...`, found by `ShopId` in the Web UI) that pulls the shop's listings from its
channel (services/goods_sync.py), and answers at once; the run's counts are read back from the flow. The shop is
one of the goods list's data authority (its merchant's); the start is audited."""

from __future__ import annotations

import logging
from typing import Annotated

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.service import RPCError

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource.scope import declares, unscoped
from api.routers.goods import LIST
from api.routers.merchants import through_merchant
from api.routers.shops import shops
from api.schemas.goods import GoodsSyncFlow, GoodsSyncNow
from api.temporal_ui import OPERATE, workflow_path
from domain.db import transaction
from domain.enums.order_sync import OrderSyncStatus
from domain.errors import DomainError, Invalid, NotFound
from domain.flows.goods_sync import STATUS, ProductSyncTally, shop_of
from domain.models.merchants import Shop
from services.flows import watched
from services.goods_sync import start_run
from services.order_sync import syncable

log = logging.getLogger("omp.goods_sync")
SYNC = "goods#sync"
# the shops whose listings the caller may sync and read: those of the merchants the goods list shows them
shop_scope = through_merchant("ChannelProduct", Shop.merchant_id)
# a run's counts are no rows of their own: the route reads them through the shop its flow id names, within
# shop_scope (a shop outside it is a 404, as if the run did not exist)
THROUGH_SHOP = unscoped("a sync flow's counts, read through its shop within the goods list's data authority")
router = APIRouter(prefix="/goods/sync", tags=["goods_sync"])

# what the reply says, by the run's status
MESSAGES = {OrderSyncStatus.RUNNING: "goods.syncProcessing", OrderSyncStatus.SUCCEEDED: "goods.syncSucceeded",
            OrderSyncStatus.PARTIAL: "goods.syncPartial", OrderSyncStatus.FAILED: "goods.syncFailed"}


async def _shop(db: AsyncSession, user: Principal, shop_id: int) -> Shop:
    found = await db.scalar(select(Shop).where(Shop.id == shop_id, *shop_scope.conditions(user)))
    if found is None:
        raise Invalid("shopId", "not_found", ids=shop_id)
    return found


def _flow(user: Principal, shop: Shop, workflow_id: str, tally: ProductSyncTally) -> GoodsSyncFlow:
    counts = tally.model_dump(exclude={"shop_id"})
    url = workflow_path(workflow_id) if user.can(OPERATE) else None
    return GoodsSyncFlow(workflow_id=workflow_id, workflow_url=url, shop_id=shop.id, shop_name=shop.name, **counts)


@router.post("", summary="Sync a shop's products now: a flow pulls the listings its channel changed since the "
             "shop's latest product sync time (audited); answers 'processing, please wait'",
             openapi_extra=declares(shop_scope))
async def sync_products(body: GoodsSyncNow, db: SessionDep, request: Request,
                        user: Annotated[Principal, Need(SYNC)]) -> Reply[GoodsSyncFlow]:
    shop = await _shop(db, user, body.shop_id)
    if not syncable(shop):
        raise DomainError("GOODS_SYNC_SHOP_NOT_SYNCABLE", status=409, field="shopId")
    await release(db)
    try:
        client = await temporal_client(request)
        async with watched():
            wid = await start_run(client, shop)
    except (RPCError, TimeoutError) as exc:
        log.warning("product sync of shop %s not started: %s", shop.id, exc)
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
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


ROUTERS = [router]
