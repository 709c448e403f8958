"""The movement primitive (services/stock/store.py `move`) against PostgreSQL: balance, shelf stock and change
record move together, a repeated idempotency key moves once, shortages are refused naming sku and bucket."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

from domain.db import transaction
from domain.enums import StockBucket
from domain.enums import StockMovementType as M
from domain.errors import DomainError, NotFound
from domain.i18n import current_language
from domain.models.stock import ShelfStock, StockChange
from services.stock.store import StockShort, read_balance
from tests.conftest import unique
from tests.integration.stock_support import Place, insert_warehouse, moved


@pytest.fixture
async def place() -> Place:
    return await insert_warehouse()


async def balance(place: Place, sku: str) -> tuple[int, ...]:
    async with transaction() as db:
        b = await read_balance(db, place.warehouse_id, sku)
    assert b is not None
    return b.on_hand, b.spare, b.locked, b.promotion, b.transit, b.available


async def changes(place: Place, sku: str) -> list[StockChange]:
    async with transaction() as db:
        return list((await db.scalars(select(StockChange).where(
            StockChange.warehouse_id == place.warehouse_id, StockChange.sku == sku).order_by(StockChange.id))).all())


async def shelf_units(shelf: int, sku: str) -> int:
    async with transaction() as db:
        return await db.scalar(select(ShelfStock.quantity).where(ShelfStock.shelf_id == shelf,
                                                                 ShelfStock.sku == sku)) or 0


async def test_an_order_life_moves_every_bucket_and_records_original_change_new(place: Place) -> None:
    sku = unique("SKU")
    await moved(place, M.PLAN_INBOUND, 10, sku)                          # inbound order: 10 in transit
    await moved(place, M.RECEIVE_INBOUND, 10, sku, shelf_id=place.shelves[0])
    await moved(place, M.LOCK_OUTBOUND, 4, sku)                          # outbound order locks 4
    await moved(place, M.PACKAGE_OUTBOUND, 3, sku, shelf_id=place.shelves[0])  # 3 shipped
    result = await moved(place, M.RELEASE_OUTBOUND, 1, sku)             # the rest voided: 1 back to available
    assert await balance(place, sku) == (7, 0, 0, 0, 0, 7)
    assert (result.balance.on_hand, result.balance.available) == (7, 7)
    assert await shelf_units(place.shelves[0], sku) == 7
    records = await changes(place, sku)
    assert [r.movement_type for r in records] == ["plan_inbound", "receive_inbound", "lock_outbound",
                                                  "package_outbound", "release_outbound"]
    ship = records[3]
    assert (ship.original_on_hand, ship.change_on_hand, ship.new_on_hand) == (10, -3, 7)
    assert (ship.original_locked, ship.change_locked, ship.new_locked) == (4, -3, 1)
    assert sum(r.change_on_hand for r in records) == 7


async def test_a_repeated_key_moves_once_and_answers_with_the_first_result(place: Place) -> None:
    sku = unique("SKU")
    first = await moved(place, M.MANUAL_INBOUND, 5, sku, idempotency_key=f"{sku}-in")
    await moved(place, M.MANUAL_OUTBOUND, 5, sku)
    again = await moved(place, M.MANUAL_INBOUND, 5, sku, idempotency_key=f"{sku}-in")
    assert again.replayed and again.change_id == first.change_id and again.balance == first.balance
    assert await balance(place, sku) == (0, 0, 0, 0, 0, 0)
    # a retry of an outbound that would now be short still answers with its first result
    await moved(place, M.MANUAL_INBOUND, 2, sku)
    out = await moved(place, M.MANUAL_OUTBOUND, 2, sku, idempotency_key=f"{sku}-out")
    assert (await moved(place, M.MANUAL_OUTBOUND, 2, sku, idempotency_key=f"{sku}-out")).change_id == out.change_id
    assert len(await changes(place, sku)) == 4


async def test_the_same_key_for_another_movement_is_refused(place: Place) -> None:
    sku = unique("SKU")
    await moved(place, M.MANUAL_INBOUND, 5, sku, idempotency_key=f"{sku}-k")
    with pytest.raises(DomainError) as refused:
        await moved(place, M.MANUAL_INBOUND, 6, sku, idempotency_key=f"{sku}-k")
    assert refused.value.code == "IDEMPOTENCY_KEY_REUSED"
    assert await balance(place, sku) == (5, 0, 0, 0, 0, 5)


async def test_short_stock_is_refused_naming_sku_and_bucket_and_nothing_moves(place: Place) -> None:
    sku = unique("SKU")
    await moved(place, M.MANUAL_INBOUND, 5, sku)
    await moved(place, M.LOCK_OUTBOUND, 4, sku)
    with pytest.raises(StockShort) as refused:
        await moved(place, M.MANUAL_OUTBOUND, 2, sku)      # 5 on hand, but only 1 available
    assert refused.value.status == 409
    assert refused.value.params["bucket"] == "enums.StockBucket.available"
    assert (refused.value.params["sku"], refused.value.params["have"]) == (sku, 1)
    with pytest.raises(StockShort) as refused:
        await moved(place, M.PACKAGE_OUTBOUND, 5, sku)     # only 4 locked
    assert refused.value.params["bucket"] == f"enums.StockBucket.{StockBucket.LOCKED.value}"
    with pytest.raises(StockShort):
        await moved(place, M.MANUAL_OUTBOUND, 1, unique("SKU"))  # a sku that never moved has nothing
    assert await balance(place, sku) == (5, 0, 4, 0, 0, 1)
    assert len(await changes(place, sku)) == 2


async def test_the_refusal_is_translated() -> None:
    from api.errors import message_of

    token = current_language.set("zh-CN")
    try:
        text_ = message_of(StockShort(sku="S-1", bucket="enums.StockBucket.available", quantity=2, have=1,
                                      warehouse=9))
    finally:
        current_language.reset(token)
    assert "S-1" in text_ and "可用" in text_


async def test_shelves_move_with_the_stock_and_a_short_shelf_changes_nothing(place: Place) -> None:
    sku, (a, b) = unique("SKU"), place.shelves
    await moved(place, M.MANUAL_INBOUND, 6, sku, shelf_id=a)
    await moved(place, M.MOVE_SHELF, 4, sku, shelf_id=a, to_shelf_id=b)
    assert (await shelf_units(a, sku), await shelf_units(b, sku)) == (2, 4)
    with pytest.raises(StockShort) as refused:
        await moved(place, M.MANUAL_OUTBOUND, 3, sku, shelf_id=a)
    assert refused.value.code == "STOCK_SHELF_SHORT"
    assert await balance(place, sku) == (6, 0, 0, 0, 0, 6)
    other = await insert_warehouse(shelves=1)
    with pytest.raises(NotFound):  # a shelf of another warehouse
        await moved(place, M.MANUAL_INBOUND, 1, sku, shelf_id=other.shelves[0])
    with pytest.raises(NotFound):
        await moved(Place(place.merchant_id, 0, ()), M.MANUAL_INBOUND, 1, sku)
    assert await balance(place, sku) == (6, 0, 0, 0, 0, 6)


async def test_the_database_keeps_buckets_not_negative_and_the_ledger_append_only(place: Place) -> None:
    sku = unique("SKU")
    await moved(place, M.MANUAL_INBOUND, 1, sku)
    for statement in ("UPDATE stock_balances SET locked = 2 WHERE sku = :sku",        # available would be -1
                      "UPDATE stock_balances SET transit = -1 WHERE sku = :sku",
                      "UPDATE stock_changes SET quantity = 2 WHERE sku = :sku",
                      "DELETE FROM stock_changes WHERE sku = :sku"):
        with pytest.raises(DBAPIError):
            async with transaction() as db:
                await db.execute(text(statement), {"sku": sku})
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(StockChange.sku == sku)) == 1


async def test_a_double_click_moves_once(place: Place) -> None:
    """Two calls with one key at the same moment: the second waits on the unique key, then replays the first."""
    import asyncio

    sku = unique("SKU")
    await moved(place, M.MANUAL_INBOUND, 5, sku)
    results = await asyncio.gather(*(moved(place, M.MANUAL_OUTBOUND, 2, sku, idempotency_key=f"{sku}-dbl")
                                     for _ in range(4)))
    assert len({r.change_id for r in results}) == 1 and sum(not r.replayed for r in results) == 1
    assert await balance(place, sku) == (3, 0, 0, 0, 0, 3)
