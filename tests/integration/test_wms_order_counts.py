"""The WMS order tabs' counts (migrations 0050, 0059) against real PostgreSQL: the trigger appends +1 / -1 deltas,
`wms_order_counts_fold()` moves them into the counts, and the tabs sum both. The counts stay right through create,
transition, cancel and delete before and after a fold; a bucket whose changes sum below zero folds; two
transactions changing orders of one warehouse, merchant and state never wait on each other; one fold at a time,
and a fold with nothing left moves nothing."""

from __future__ import annotations

from typing import Any

import psycopg
from sqlalchemy import func, select

from activities import job_code
from domain.db import plain_url, transaction
from domain.models.data_authority import DataScope
from domain.models.stock_orders import StockOrder
from domain.models.wms_orders import WmsOrderCount, WmsOrderCountDelta
from services.wms_orders import counts
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_order_support import Place, insert_order, place_with_stock
from tests.integration.wms_order_support import STAFF, outbound, search, step

INSERT = ("INSERT INTO stock_orders (order_no, merchant_id, warehouse_id, direction, order_type, status, "
          "working_status, push_status, print_status, planned_quantity) "
          "VALUES (%s, %s, %s, 'OUTBOUND', 'SALES_OUTBOUND', 'CREATE', 'CREATE', 'NORMAL', 'NOT_PRINTED', 1)")


async def fold() -> int:
    async with transaction() as db:
        return await counts.fold(db)


async def folded_by(conn: psycopg.AsyncConnection[Any]) -> int:
    row = await (await conn.execute("SELECT wms_order_counts_fold()")).fetchone()
    assert row is not None
    return int(row[0])


async def actual(place: Place) -> dict[str, int]:
    """The warehouse's orders by WMS status, counted (what the tabs must say)."""
    async with transaction() as db:
        rows = (await db.execute(select(StockOrder.wms_status, func.count()).where(
            StockOrder.warehouse_id == place.warehouse_id, StockOrder.wms_status.is_not(None))
            .group_by(StockOrder.wms_status))).all()
    return {str(status): int(n) for status, n in rows}


async def pending(place: Place) -> int:
    async with transaction() as db:
        return int(await db.scalar(select(func.count()).select_from(WmsOrderCountDelta).where(
            WmsOrderCountDelta.warehouse_id == place.warehouse_id)) or 0)


async def agree(client: Any, staff: dict[str, str], place: Place, expected: dict[str, int]) -> None:
    """The tabs at the warehouse (and of its merchant) say `expected`, which the orders say too: from the deltas,
    then folded."""
    assert await actual(place) == expected
    for folded in (False, True):
        if folded:
            await fold()
            assert await pending(place) == 0
        for filters in ({"warehouseId": place.warehouse_id}, {"merchantId": place.merchant_id}):
            tabs = (await search(client, staff, **filters))["tabs"]
            assert tabs["ALL"] == sum(expected.values()), (folded, filters)
            assert {k: v for k, v in tabs.items() if v and k != "ALL"} == expected, (folded, filters)


async def test_the_tabs_follow_create_transition_cancel_and_delete_before_and_after_a_fold(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=20)
    first, second, third = [await outbound(client, staff, place) for _ in range(3)]
    await agree(client, staff, place, {"PENDING": 3})

    await step(client, staff, "wave", {"ids": [first["id"]]})
    await step(client, staff, "cancel", {"ids": [second["id"]]})
    await agree(client, staff, place, {"PENDING": 1, "SHIPPING": 1, "CANCELLED": 1})

    deleted = await client.delete(f"/cms/stock-order/delete/{third['id']}", headers=staff)
    assert deleted.status_code == 200, deleted.text
    await agree(client, staff, place, {"SHIPPING": 1, "CANCELLED": 1})

    user = await create_user(*STAFF, country="ID")  # another country's orders: nothing counted, folded or not
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["MY"]))
    await outbound(client, staff, place)
    assert (await search(client, bearer(await token_for(user)), warehouseId=place.warehouse_id))["tabs"]["ALL"] == 0


async def test_a_bucket_whose_changes_sum_below_zero_folds_to_zero(client, login_as):
    """Counted pending and folded, then cancelled: the pending bucket's net change is -1, added to its row."""
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=5)
    order = await outbound(client, staff, place)
    assert await fold() > 0
    await step(client, staff, "cancel", {"ids": [order["id"]]})
    assert await fold() > 0
    async with transaction() as db:
        rows = (await db.execute(select(WmsOrderCount.wms_status, WmsOrderCount.n).where(
            WmsOrderCount.warehouse_id == place.warehouse_id))).all()
    assert sorted((str(s), int(n)) for s, n in rows) == [("CANCELLED", 1), ("PENDING", 0)]
    await agree(client, staff, place, {"CANCELLED": 1})


async def test_two_transactions_of_one_warehouse_merchant_and_state_never_wait(client, login_as):
    """The first stays open after its change; the second, refusing to wait for any lock, changes orders of the
    same warehouse, merchant and state and commits before the first does."""
    staff = await login_as(*STAFF)
    place = await place_with_stock()
    held = await insert_order(place.merchant_id, place.warehouse_id, unique("SO"), outbound=True)
    await fold()  # the bucket has its row (the one every writer locked before)
    first = await psycopg.AsyncConnection.connect(plain_url())
    second = await psycopg.AsyncConnection.connect(plain_url())
    try:
        await first.execute(INSERT, (unique("SO"), place.merchant_id, place.warehouse_id))
        await second.execute("SET lock_timeout = '100ms'")  # a wait for the first's locks fails the statement
        await second.execute(INSERT, (unique("SO"), place.merchant_id, place.warehouse_id))
        await second.execute("UPDATE stock_orders SET abnormal_reason = 'OTHER' WHERE id = %s", (held,))
        await second.commit()
        await first.commit()
    finally:
        await first.close()
        await second.close()
    await agree(client, staff, place, {"PENDING": 2, "ABNORMAL": 1})


async def test_one_fold_at_a_time_and_a_second_fold_moves_nothing(client, login_as):
    staff = await login_as(*STAFF)
    place = await place_with_stock(on_hand=5)
    await outbound(client, staff, place)
    folding = await psycopg.AsyncConnection.connect(plain_url())
    other = await psycopg.AsyncConnection.connect(plain_url(), autocommit=True)
    try:
        assert await folded_by(folding) > 0
        await insert_order(place.merchant_id, place.warehouse_id, unique("SO"), outbound=True)  # after its snapshot
        await other.execute("SET lock_timeout = '100ms'")
        assert await folded_by(other) == 0  # at once: the first fold still holds its lock
        await folding.commit()
    finally:
        await folding.close()
        await other.close()
    assert await pending(place) == 1  # the second order's delta, left by the fold that stood aside
    said = await job_code.CODE["orderCounts.fold"]({})  # the built-in task folds both tabs' counts
    assert "WMS order tab count rows folded" in said
    assert await pending(place) == 0
    async with transaction() as db:
        before = (await db.execute(select(WmsOrderCount.wms_status, WmsOrderCount.n).where(
            WmsOrderCount.warehouse_id == place.warehouse_id))).all()
    assert await fold() == 0
    async with transaction() as db:
        after = (await db.execute(select(WmsOrderCount.wms_status, WmsOrderCount.n).where(
            WmsOrderCount.warehouse_id == place.warehouse_id))).all()
    assert sorted(before) == sorted(after) == [("PENDING", 2)]
    await agree(client, staff, place, {"PENDING": 2})
