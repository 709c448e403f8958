"""Each syncable shop's Temporal Schedule (`order-sync-shop-{id}`): a run every `order_sync_minutes`, offset by
the shop's id so the shops' runs spread over the interval, never two of one shop at once. Bind, unbind and the
shop's save put or drop it after their commit; the worker's start and the schedule reconciliation bring every
shop's to what its row says (a save that found Temporal away is put right there)."""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import timedelta

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
from domain.flows.order_sync import WORKFLOW, OrderSyncStart, schedule_id, scheduled_workflow_id
from domain.models.merchants import Shop
from domain.settings import get_settings
from services import schedules
from services.order_sync import search_attributes, syncable

log = logging.getLogger("omp.order_sync")
OWNED = re.compile(r"order-sync-shop-(\d+)")
_BACKGROUND: set[asyncio.Task[str]] = set()  # the worker start's put, kept until it ends


def wanted(shop: Shop) -> Schedule:
    every = timedelta(minutes=get_settings().order_sync_minutes)
    return Schedule(
        action=ScheduleActionStartWorkflow(
            WORKFLOW, OrderSyncStart(shop_id=shop.id), id=scheduled_workflow_id(shop.id),
            task_queue=get_settings().task_queue, typed_search_attributes=search_attributes(shop.id),
            static_summary=f"Scheduled: sync the orders of {shop.name} ({shop.channel})"[:200]),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(
            every=every, offset=timedelta(seconds=shop.id % int(every.total_seconds())))]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


async def follow_shop(client: Client, shop: Shop) -> None:
    """The shop's schedule as its row now says: put while syncable, dropped otherwise."""
    if syncable(shop):
        await schedules.put(client, schedule_id(shop.id), wanted(shop))
    else:
        await schedules.drop(client, schedule_id(shop.id))


async def ensure_order_sync_schedules(client: Client) -> str:
    """Every syncable shop has its schedule and no other shop has one. Schedules already there are left as they
    are (a shop's save updates its own), so a worker start costs one listing and the missing puts."""
    present: set[int] = set()
    async for entry in await client.list_schedules():
        if matched := OWNED.fullmatch(entry.id):
            present.add(int(matched[1]))
    async with transaction() as db:
        shops = (await db.scalars(select(Shop).where(
            Shop.bound, Shop.connection_status == ShopConnectionStatus.CONNECTED))).all()
    wanted_ids = {shop.id for shop in shops}
    put = 0
    for shop in shops:
        if shop.id not in present:
            await schedules.put(client, schedule_id(shop.id), wanted(shop))
            put += 1
    for shop_id in present - wanted_ids:
        await schedules.drop(client, schedule_id(shop_id))
    log.info("order sync schedules: %d put, %d dropped", put, len(present - wanted_ids))
    return f"{put} order sync schedule(s) put, {len(present - wanted_ids)} dropped"


async def start_order_sync_schedules(client: Client) -> None:
    """At the worker's start: every shop's schedule put in the background, so hundreds of shops never hold the
    workers back from polling (a failure is logged; the schedule reconciliation puts them right)."""
    async def put_all() -> str:
        try:
            return await ensure_order_sync_schedules(client)
        except Exception as exc:
            log.warning("order sync schedules not ensured: %s", exc)
            raise

    task = asyncio.create_task(put_all())
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
