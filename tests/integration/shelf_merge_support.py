"""Helpers of the shelf-merge tests: a warehouse of its own with shelves and stock put on them through the stock
ledger, a row lock that holds one movement of a merge mid-batch, and the figures the tests compare."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import psycopg
from sqlalchemy import select
from sqlalchemy.engine import make_url

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.models.stock import ShelfStock, StockChange
from domain.models.warehouses import Shelf, Warehouse
from domain.settings import get_settings
from services.stock.store import read_balance
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import Place, moved
from tests.integration.ticket_support import eventually

MERGER = ("shelf-merges", "shelf-merge-detail", "location-management", "shelf-merge#add", "shelf-merge#cancel",
          "temporal#operate")


@dataclass
class Site:
    """A warehouse with shelves `A1`, `A2`, `A3` (sources) and `B1` (target), and what the test put on them."""

    warehouse_id: int
    merchant_id: int
    shelves: dict[str, int]
    stock: dict[tuple[str, str], int] = field(default_factory=dict)  # (shelf code, sku) -> units

    @property
    def skus(self) -> list[str]:
        return sorted({sku for _, sku in self.stock})

    def on_hand(self, sku: str) -> int:
        return sum(q for (_, s), q in self.stock.items() if s == sku)


async def site(layout: dict[str, dict[str, int]], *extra_shelves: str) -> Site:
    """`{"A1": {"SKU-1": 5}, ...}`: a new warehouse, its shelves, and the units put on each by manual inbound."""
    merchant_id = (await insert_merchant()).id
    async with transaction() as db:
        warehouse = Warehouse(merchant_id=merchant_id, code=unique("w"), name=unique("Warehouse "))
        db.add(warehouse)
        await db.flush()
        shelves = {}
        for code in sorted({*layout, "A1", "A2", "A3", "B1", *extra_shelves}):
            shelf = Shelf(warehouse_id=warehouse.id, code=code, name=f"Shelf {code}")
            db.add(shelf)
            await db.flush()
            shelves[code] = shelf.id
    made = Site(warehouse.id, merchant_id, shelves)
    for code, units in layout.items():
        for sku, quantity in units.items():
            await moved(Place(merchant_id, warehouse.id, ()), StockMovementType.MANUAL_INBOUND, quantity, sku,
                        shelf_id=shelves[code])
            made.stock[(code, sku)] = quantity
    return made


def skus(count: int, prefix: str = "SKU") -> list[str]:
    return [f"{prefix}-{i:03d}" for i in range(1, count + 1)]


async def shelf_stock(place: Site) -> dict[tuple[str, str], int]:
    codes = {v: k for k, v in place.shelves.items()}
    async with transaction() as db:
        rows = await db.execute(select(ShelfStock.shelf_id, ShelfStock.sku, ShelfStock.quantity).where(
            ShelfStock.warehouse_id == place.warehouse_id, ShelfStock.quantity > 0))
        return {(codes[shelf], sku): quantity for shelf, sku, quantity in rows}


async def on_hand(place: Site) -> dict[str, int]:
    async with transaction() as db:
        return {sku: (await read_balance(db, place.warehouse_id, sku)).on_hand  # type: ignore[union-attr]
                for sku in place.skus}


async def merge_row(merge_id: int) -> ShelfMerge:
    async with transaction() as db:
        return await db.get_one(ShelfMerge, merge_id)


async def merge_items(merge_id: int) -> list[ShelfMergeItem]:
    async with transaction() as db:
        return list((await db.scalars(select(ShelfMergeItem).where(ShelfMergeItem.merge_id == merge_id)
                                      .order_by(ShelfMergeItem.id))).all())


async def changes_of(merge_id: int) -> list[StockChange]:
    async with transaction() as db:
        return list((await db.scalars(select(StockChange).where(StockChange.document_no == f"SM-{merge_id}")
                                      .order_by(StockChange.id))).all())


async def until_state(merge_id: int, *states: str, timeout: float = 60) -> ShelfMerge:
    async def check() -> ShelfMerge | None:
        row = await merge_row(merge_id)
        return row if row.state in states else None

    return await eventually(check, timeout=timeout)


async def moved_count(merge_id: int) -> int:
    return sum(1 for item in await merge_items(merge_id) if item.state == "MOVED")


def libpq_url() -> str:
    return make_url(get_settings().sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)


@contextlib.asynccontextmanager
async def held(place: Site, shelf: str, sku: str) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
    """Another transaction holds the shelf stock row of `sku` on `shelf`: the merge's movement of it waits (as it
    would behind a picker's movement) until the block ends, which rolls the holder back."""
    conn = await psycopg.AsyncConnection.connect(libpq_url())
    try:
        await conn.execute("select 1 from shelf_stock where shelf_id = %s and sku = %s for update",
                           (place.shelves[shelf], sku))
        yield conn
    finally:
        await conn.rollback()
        await conn.close()


async def waiting_on_lock(conn: psycopg.AsyncConnection[Any]) -> bool:
    """Whether a backend of this database waits for a lock our holder has."""
    cursor = await conn.execute("select count(*) from pg_locks l join pg_stat_activity a using (pid) "
                                "where not l.granted and a.datname = current_database() "
                                "and pg_blocking_pids(a.pid) @> array[pg_backend_pid()]")
    row = await cursor.fetchone()
    return bool(row and row[0])


async def until_waiting(conn: psycopg.AsyncConnection[Any], timeout: float = 60) -> None:
    async def check() -> bool:
        return await waiting_on_lock(conn)

    await eventually(check, timeout=timeout)
