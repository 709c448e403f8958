"""Each syncable shop's Temporal Schedules: its order sync (`order-sync-shop-{id}`, a run every
`order_sync_minutes`) and its product sync (`goods-sync-shop-{id}`, a run every `product_sync_minutes`), each
offset by the shop's id so the shops' runs spread over the interval, never two of one shop's flow at once. Bind,
unbind and the shop's save put or drop them after their commit; the worker's start and the schedule reconciliation
bring every shop's to what its row says (a save that found Temporal away is put right there)."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)

from domain.db import transaction
from domain.enums import ShopConnectionStatus
from domain.flows import goods_sync as product_flow
from domain.flows import order_sync as order_flow
from domain.models.merchants import Shop
from domain.settings import get_settings
from services import schedules
from services.order_sync import search_attributes, syncable

log = logging.getLogger("omp.order_sync")
_BACKGROUND: set[asyncio.Task[str]] = set()  # the worker start's put, kept until it ends


@dataclass(frozen=True)
class ShopSync:
    """A flow each syncable shop runs on a Schedule of its own."""

    what: str  # "order" or "product", as the logs and reconciliation say it
    workflow: str
    owned: re.Pattern[str]  # the schedule ids it puts, the shop's id the group
    schedule_id: Callable[[int], str]
    action_id: Callable[[int], str]
    start: Callable[[int], BaseModel]
    minutes: Callable[[], int]

    def wanted(self, shop: Shop) -> Schedule:
        every = timedelta(minutes=self.minutes())
        return Schedule(
            action=ScheduleActionStartWorkflow(
                self.workflow, self.start(shop.id), id=self.action_id(shop.id), task_queue=get_settings().task_queue,
                typed_search_attributes=search_attributes(shop.id),
                static_summary=f"Scheduled: sync the {self.what}s of {shop.name} ({shop.channel})"[:200]),
            spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(
                every=every, offset=timedelta(seconds=shop.id % int(every.total_seconds())))]),
            policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


ORDERS = ShopSync("order", order_flow.WORKFLOW, re.compile(r"order-sync-shop-(\d+)"), order_flow.schedule_id,
                  order_flow.scheduled_workflow_id, lambda shop_id: order_flow.OrderSyncStart(shop_id=shop_id),
                  lambda: get_settings().order_sync_minutes)
PRODUCTS = ShopSync("product", product_flow.WORKFLOW, re.compile(r"goods-sync-shop-(\d+)"), product_flow.schedule_id,
                    product_flow.scheduled_workflow_id,
                    lambda shop_id: product_flow.ProductSyncStart(shop_id=shop_id),
                    lambda: get_settings().product_sync_minutes)
SYNCS = (ORDERS, PRODUCTS)


async def follow_shop(client: Client, shop: Shop) -> None:
    """The shop's schedules as its row now says: put while syncable, dropped otherwise."""
    for sync in SYNCS:
        if syncable(shop):
            await schedules.put(client, sync.schedule_id(shop.id), sync.wanted(shop))
        else:
            await schedules.drop(client, sync.schedule_id(shop.id))


async def ensure_shop_sync_schedules(client: Client) -> str:
    """Every syncable shop has its schedules and no other shop has one. Schedules already there are left as they
    are (a shop's save updates its own), so a worker start costs one listing and the missing puts."""
    present: dict[ShopSync, set[int]] = {sync: set() for sync in SYNCS}
    async for entry in await client.list_schedules():
        for sync in SYNCS:
            if matched := sync.owned.fullmatch(entry.id):
                present[sync].add(int(matched[1]))
    async with transaction() as db:
        shops = (await db.scalars(select(Shop).where(
            Shop.bound, Shop.connection_status == ShopConnectionStatus.CONNECTED))).all()
    said: list[str] = []
    for sync in SYNCS:
        put, dropped = await _bring(client, sync, shops, present[sync])
        log.info("%s sync schedules: %d put, %d dropped", sync.what, put, dropped)
        said.append(f"{put} {sync.what} sync schedule(s) put, {dropped} dropped")
    return "; ".join(said)


async def _bring(client: Client, sync: ShopSync, shops: Any, present: set[int]) -> tuple[int, int]:
    put = 0
    for shop in shops:
        if shop.id not in present:
            await schedules.put(client, sync.schedule_id(shop.id), sync.wanted(shop))
            put += 1
    gone = present - {shop.id for shop in shops}
    for shop_id in gone:
        await schedules.drop(client, sync.schedule_id(shop_id))
    return put, len(gone)


async def start_shop_sync_schedules(client: Client) -> None:
    """At the worker's start: every shop's schedules put in the background, so hundreds of shops never hold the
    workers back from polling (a failure is logged; the schedule reconciliation puts them right)."""
    async def put_all() -> str:
        try:
            return await ensure_shop_sync_schedules(client)
        except Exception as exc:
            log.warning("shop sync schedules not ensured: %s", exc)
            raise

    task = asyncio.create_task(put_all())
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
