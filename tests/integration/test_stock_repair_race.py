"""A repair and a movement of the same sku x shelf pair take their locks in one order (the balance row, then the
shelves), so a movement that creates the pair's shelf row while a repair rebuilds it cannot deadlock.

The interleaving is forced with a held lock, not timing: another transaction holds the balance row while the
repair, then the movement, queue for it; released, the repair goes first and writes the shelf row the movement
would have created. Before the one order, the movement had inserted that row before queueing, the repair waited
for it while holding the balance row the movement waited for, and PostgreSQL killed one as a deadlock."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.rules.stock import Movement
from services.stock.store import move, move_now, read_balance, repair
from tests.conftest import unique
from tests.integration.shelf_merge_support import libpq_url
from tests.integration.stock_support import insert_warehouse
from tests.integration.ticket_support import eventually


async def waits_for_a_lock(conn: psycopg.AsyncConnection[Any], pid: int) -> bool:
    cursor = await conn.execute("select wait_event_type from pg_stat_activity where pid = %s", (pid,))
    row = await cursor.fetchone()
    return bool(row and row[0] == "Lock")


async def queued(watcher: psycopg.AsyncConnection[Any], work: Callable[[AsyncSession], Awaitable[Any]]
                 ) -> asyncio.Task[Any]:
    """`work` in a transaction of its own, returned once it waits for a lock (`watcher` autocommits: activity
    read inside a transaction is a snapshot)."""
    started: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def run() -> Any:
        async with transaction() as db:
            started.set_result(await db.scalar(text("select pg_backend_pid()")))
            return await work(db)

    task = asyncio.create_task(run())
    pid = await started
    async def waiting() -> bool:
        if task.done():
            task.result()  # raises what it raised
            raise AssertionError("finished without waiting for the held lock")
        return await waits_for_a_lock(watcher, pid)

    await eventually(waiting, timeout=60)
    return task


async def test_a_repair_and_a_movement_creating_the_shelf_row_do_not_deadlock() -> None:
    place, sku = await insert_warehouse(shelves=1), unique("RACE")
    [shelf] = place.shelves
    await move_now(Movement(place.warehouse_id, sku, M.MANUAL_INBOUND, 5, unique("k"), shelf_id=shelf))
    async with transaction() as db:  # the drift being repaired: the shelf row is lost, its movements are not
        await db.execute(text("DELETE FROM shelf_stock WHERE shelf_id = :s AND sku = :sku"), {"s": shelf, "sku": sku})

    holder = await psycopg.AsyncConnection.connect(libpq_url())
    watcher = await psycopg.AsyncConnection.connect(libpq_url(), autocommit=True)
    try:
        await holder.execute("select 1 from stock_balances where warehouse_id = %s and sku = %s for update",
                             (place.warehouse_id, sku))
        repaired = await queued(watcher, lambda db: repair(db, place.warehouse_id, sku, operator_id=None,
                                                          operator_name=None))
        moved = await queued(watcher, lambda db: move(db, Movement(
            place.warehouse_id, sku, M.MANUAL_INBOUND, 3, unique("k"), shelf_id=shelf)))
        await holder.rollback()  # the repair, queued first, takes the balance row first
        results = await asyncio.gather(repaired, moved, return_exceptions=True)
    finally:
        await holder.close()
        await watcher.close()

    assert not [r for r in results if isinstance(r, BaseException)], results
    async with transaction() as db:
        assert (await read_balance(db, place.warehouse_id, sku)).on_hand == 8  # type: ignore[union-attr]
        stored = await db.scalar(text("SELECT quantity FROM shelf_stock WHERE shelf_id = :s AND sku = :sku"),
                                 {"s": shelf, "sku": sku})
    assert stored == 8
