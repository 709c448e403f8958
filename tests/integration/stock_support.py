"""A merchant's warehouse with shelves, written straight to PostgreSQL, for tests that move stock."""

from __future__ import annotations

from dataclasses import dataclass

from domain.db import transaction
from domain.enums import StockMovementType
from domain.models.warehouses import Shelf, Warehouse
from domain.rules.stock import Movement
from services.stock.store import Moved, move_now
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant


@dataclass(frozen=True)
class Place:
    merchant_id: int
    warehouse_id: int
    shelves: tuple[int, ...]


async def insert_warehouse(shelves: int = 2, merchant_id: int | None = None) -> Place:
    merchant_id = merchant_id or (await insert_merchant()).id
    async with transaction() as db:
        warehouse = Warehouse(merchant_id=merchant_id, code=unique("WH"), name=unique("Warehouse"))
        db.add(warehouse)
        await db.flush()
        rows = [Shelf(warehouse_id=warehouse.id, code=f"A-{n:02}") for n in range(shelves)]
        db.add_all(rows)
        await db.flush()
        return Place(merchant_id, warehouse.id, tuple(r.id for r in rows))


async def moved(place: Place, type_: StockMovementType, quantity: int, sku: str, **fields: object) -> Moved:
    """One movement in its own transaction, with a fresh idempotency key unless one is given."""
    key = str(fields.pop("idempotency_key", unique("key")))
    return await move_now(Movement(place.warehouse_id, sku, type_, quantity, key, **fields))  # type: ignore[arg-type]
