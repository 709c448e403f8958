"""1,000 concurrent movements on one SKU (issue point 7): every kind of movement at once, with shelves and with
retried keys, through the primitive on PostgreSQL. The ledger must end with 0 drift (balance == sum of its change
records, shelves == sum of their movements), no bucket below 0, and each key moved at most once."""

from __future__ import annotations

import asyncio
import random

from sqlalchemy import text

from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.rules import stock as rules
from domain.settings import get_settings
from services.stock.store import Moved, StockShort, move_now, read_balance
from tests.conftest import unique
from tests.integration.stock_support import insert_warehouse

MOVEMENTS = 1000
MIX = [M.MANUAL_INBOUND, M.MANUAL_OUTBOUND, M.LOCK_OUTBOUND, M.RELEASE_OUTBOUND, M.PACKAGE_OUTBOUND,
       M.PLAN_INBOUND, M.RECEIVE_INBOUND, M.CANCEL_INBOUND, M.RESERVE_PROMOTION, M.RELEASE_PROMOTION,
       M.MOVE_SHELF, M.DEFECTIVE_GOOD]


async def test_a_thousand_concurrent_movements_on_one_sku_leave_no_drift() -> None:
    place, sku = await insert_warehouse(shelves=2), unique("HOT")
    a, b = place.shelves
    await move_now(rules.Movement(place.warehouse_id, sku, M.MANUAL_INBOUND, 300, f"{sku}-seed", shelf_id=a))
    pick = random.Random(14)
    movements = []
    for n in range(MOVEMENTS):
        type_ = pick.choice(MIX)
        shelf = pick.choice((a, b))
        shelf_id = shelf if type_ == M.MOVE_SHELF or (rules.EFFECTS[type_].on_shelf and n % 2) else None
        to_shelf = (b if shelf == a else a) if type_ == M.MOVE_SHELF else None
        # every tenth is a retry of the one before it, sent at the same moment (a double click)
        key = f"{sku}-{n - 1 if n % 10 == 9 else n}"
        movements.append(rules.Movement(place.warehouse_id, sku, type_, pick.randint(1, 5), key, shelf_id, to_shelf))
    for n in range(9, MOVEMENTS, 10):
        movements[n] = movements[n - 1]

    gate = asyncio.Semaphore(get_settings().db_pool_size)  # as many at once as there are connections

    async def one(m: rules.Movement) -> Moved | None:
        async with gate:
            try:
                return await move_now(m)
            except StockShort:
                return None

    results = await asyncio.gather(*(one(m) for m in movements))
    made = [r for r in results if r is not None and not r.replayed]
    assert len({r.change_id for r in made}) == len(made)  # no movement recorded twice

    sums = ", ".join(f"coalesce(sum(change_{bucket.value}), 0)" for bucket in rules.STORED)
    async with transaction() as db:
        ledger = (await db.execute(text(f"SELECT {sums}, count(*) FROM stock_changes WHERE warehouse_id = :w AND "
                                        "sku = :sku"), {"w": place.warehouse_id, "sku": sku})).one()
        balance = await read_balance(db, place.warehouse_id, sku)
        shelves = (await db.execute(text(
            "SELECT s.quantity, coalesce((SELECT sum(CASE WHEN c.to_shelf_id = s.shelf_id THEN c.quantity "
            "WHEN c.movement_type = 'move_shelf' THEN -c.quantity ELSE c.change_on_hand END) FROM stock_changes c "
            "WHERE c.sku = s.sku AND (c.shelf_id = s.shelf_id OR c.to_shelf_id = s.shelf_id)), 0) "
            "FROM shelf_stock s WHERE s.sku = :sku"), {"sku": sku})).all()
        keys = (await db.execute(text("SELECT count(DISTINCT idempotency_key) FROM stock_changes WHERE sku = :sku"),
                                 {"sku": sku})).scalar()
    assert balance is not None
    figures = tuple(balance.of(bucket) for bucket in rules.STORED)
    assert figures == tuple(ledger[:5]), "drift between the balance and its change records"
    assert min(figures) >= 0 and balance.available >= 0
    assert ledger[5] == len(made) + 1 == keys  # the seed, and one record per movement that went through
    assert all(quantity == moved for quantity, moved in shelves) and all(q >= 0 for q, _ in shelves)
    assert len(made) > MOVEMENTS // 4  # the mix really moved stock, not only refusals
