"""The order sync tests' pieces: the demo marketplace in this process on a free port (the sync's default adapter
pointed at it), a connected shop on it, and the runs, failures and orders a shop has."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from sqlalchemy import func, select
from temporalio.client import WorkflowHandle

from domain.db import transaction
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from domain.models.merchants import Shop
from domain.models.order_sync import OrderSyncCursor, OrderSyncFailure, OrderSyncRun
from domain.models.orders import OrderKey
from domain.settings import get_settings
from launcher.marketplace import Marketplace, MarketStore
from launcher.ports import free_ports
from tests.integration.merchant_support import insert_merchant


def running_marketplace(history: int = 12) -> Iterator[Marketplace]:
    """A fixture body: the marketplace (no ticker: tests add orders themselves) and the settings pointing at it."""
    settings = get_settings()
    before = settings.marketplace_url
    with Marketplace(port=free_ports(1)[0], store=MarketStore(history=history, rate=1000)) as market:
        settings.marketplace_url = market.url
        try:
            yield market
        finally:
            settings.marketplace_url = before


def control(market: Marketplace, what: str, **body: Any) -> dict[str, Any]:
    reply = httpx.post(f"{market.url}/control/{what}", json=body, timeout=10)
    reply.raise_for_status()
    result: dict[str, Any] = reply.json()
    return result


@dataclass(frozen=True)
class SyncShop:
    merchant_id: int
    shop_id: int
    external: str


async def sync_shop(**shop: Any) -> SyncShop:
    merchant = await insert_merchant("ID", shops=[{"channel": "SHOPEE_ID", **shop}])
    async with transaction() as db:
        found = (await db.execute(select(Shop.id, Shop.external_shop_id)
                                  .where(Shop.merchant_id == merchant.id))).one()
    return SyncShop(merchant.id, found.id, found.external_shop_id)


async def orders_of(shop_id: int) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).where(OrderKey.shop_id == shop_id)) or 0


async def runs_of(shop_id: int) -> list[OrderSyncRun]:
    async with transaction() as db:
        return list((await db.scalars(select(OrderSyncRun).where(OrderSyncRun.shop_id == shop_id)
                                      .order_by(OrderSyncRun.id))).all())


async def failures_of(run_id: int) -> list[OrderSyncFailure]:
    async with transaction() as db:
        return list((await db.scalars(select(OrderSyncFailure).where(OrderSyncFailure.run_id == run_id)
                                      .order_by(OrderSyncFailure.id))).all())


async def cursor_of(shop_id: int) -> Any:
    async with transaction() as db:
        return await db.scalar(select(OrderSyncCursor.synced_until).where(OrderSyncCursor.shop_id == shop_id))


async def stuck_run(flows: Any, model: type[OrderSyncRun] | type[ProductSyncRun], shop: SyncShop,
                    workflow_id: str) -> tuple[int, WorkflowHandle[Any, Any]]:
    """A run of the shop recorded running whose flow Temporal runs but no worker ever picks up (its task queue
    has none): the flow that an operator may terminate in the Temporal Web UI. Returns its id and its flow."""
    handle = await flows.client.start_workflow("stuck-sync", id=workflow_id, task_queue=f"{workflow_id}-nobody")
    async with transaction() as db:
        run = model(shop_id=shop.shop_id, merchant_id=shop.merchant_id, channel="SHOPEE_ID", country="ID",
                    kind="SCHEDULED", status="RUNNING", workflow_id=workflow_id)
        db.add(run)
        await db.flush()
        return run.id, handle


async def sync_scope_rows(merchant_ids: list[int], shop_ids: list[int], mark: str) -> dict[str, tuple[Any, ...]]:
    """For the data-authority walk: a partial order sync run with one failed order, and a partial product sync run
    with one failed listing, in a shop of a merchant inside the scope and one outside, as (inside ids, outside ids,
    shown markers, hidden markers, search body)."""
    runs, failures, product_runs, product_failures = [], [], [], []
    async with transaction() as db:
        for merchant_id, shop_id, n in zip(merchant_ids, shop_ids, ("in", "out"), strict=True):
            run = OrderSyncRun(shop_id=shop_id, merchant_id=merchant_id, channel="SHOPEE_ID", country="ID",
                               kind="SCHEDULED", status="PARTIAL", workflow_id=f"order-sync-{mark}{n}run",
                               failed_count=1, finished_at=func.now())
            db.add(run)
            await db.flush()
            failure = OrderSyncFailure(run_id=run.id, shop_id=shop_id, merchant_id=merchant_id,
                                       channel_order_no=f"{mark}{n}failed", reason="unreadable")
            db.add(failure)
            await db.flush()
            runs.append(run.id)
            failures.append(failure.id)
            products = ProductSyncRun(shop_id=shop_id, merchant_id=merchant_id, channel="SHOPEE_ID", country="ID",
                                      kind="SCHEDULED", status="PARTIAL", workflow_id=f"goods-sync-{mark}{n}prun",
                                      failed_count=1, finished_at=func.now())
            db.add(products)
            await db.flush()
            listing = ProductSyncFailure(run_id=products.id, shop_id=shop_id, merchant_id=merchant_id,
                                         channel_item_id=f"{mark}{n}listing", reason="unreadable")
            db.add(listing)
            await db.flush()
            product_runs.append(products.id)
            product_failures.append(listing.id)
    return {"OrderSyncRun": (runs[:1], runs[1:], [f"{mark}inrun"], [f"{mark}outrun"], {}),
            "OrderSyncFailure": (failures[:1], failures[1:], [f"{mark}infailed"], [f"{mark}outfailed"], {}),
            "ProductSyncRun": (product_runs[:1], product_runs[1:], [f"{mark}inprun"], [f"{mark}outprun"], {}),
            "ProductSyncFailure": (product_failures[:1], product_failures[1:], [f"{mark}inlisting"],
                                   [f"{mark}outlisting"], {})}
