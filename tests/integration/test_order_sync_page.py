"""A sync page enters its orders together (services/orders/page.py), a few statements for the page: a mixed page
(new, new cancelled, known unchanged, known changed, known cancelled by the channel, refused, unreadable) leaves
the same orders, lines, timelines, tab counts, counts and failures as the one-by-one path; a page ingested again
sends no write and locks nothing; a page the database refuses (a value the order rules let through) goes one by
one, stores the others and names the bad one, which a later run resolves; two runs racing on one page make each
order once."""

import asyncio
from contextlib import AbstractContextManager, nullcontext

import pytest
from sqlalchemy import text

from domain.db import transaction
from domain.models.merchants import Shop
from domain.models.order_sync import OrderSyncRun
from services import order_sync
from services.channels import Unreadable
from tests.conftest import unique
from tests.integration.order_page_support import LATER, LINES, held, ingest_page, new_run, wire
from tests.integration.order_sync_support import failures_of, orders_of, sync_shop
from tests.integration.ticket_support import eventually

LONG_PHONE = "0812" * 10  # 40 characters: the channel's wire takes 64, the orders table 32


def mixed_page(prefix: str) -> list:
    return [
        wire(f"{prefix}-NEW"),
        wire(f"{prefix}-NEW-CANCELLED", status="CANCELLED"),
        wire(f"{prefix}-SAME"),
        wire(f"{prefix}-CHANGED", updated=LATER, buyer="Budi Santoso", lines=(*LINES, ("SKU-C", 3, "2500"))),
        wire(f"{prefix}-OLDER-COPY", buyer="Someone else"),  # same time stamp as stored: changes nothing
        wire(f"{prefix}-CANCELLED", updated=LATER, status="CANCELLED"),
        wire(f"{prefix}-REFUSED", lines=(("S" * 110, 1, "1000"),)),  # a SKU over the ledger's 100
        Unreadable(f"{prefix}-UNREADABLE", "lines[0].quantity: must be above 0"),
    ]


def first_page(prefix: str) -> list:
    return [wire(f"{prefix}-{name}") for name in ("SAME", "CHANGED", "OLDER-COPY", "CANCELLED")]


async def test_a_mixed_page_together_leaves_what_one_by_one_leaves(monkeypatch):
    prefix = unique("MIX").upper()
    together, one_by_one = await sync_shop(), await sync_shop()
    for shop in (together, one_by_one):
        await ingest_page(shop.shop_id, await new_run(shop.shop_id), first_page(prefix))
    page = await ingest_page(together.shop_id, await new_run(together.shop_id), mixed_page(prefix))

    async def never(*_):
        return None

    monkeypatch.setattr(order_sync, "together", never)
    alone = await ingest_page(one_by_one.shop_id, await new_run(one_by_one.shop_id), mixed_page(prefix))

    assert vars(page.counts) == vars(alone.counts) == {"fetched": 8, "created": 2, "updated": 4, "failed": 2}
    mine, theirs = await held(together.shop_id), await held(one_by_one.shop_id)
    assert mine == theirs
    status = {number.removeprefix(f"{prefix}-"): row[0] for number, row in mine["orders"].items()}
    assert status == {"NEW": "PENDING", "NEW-CANCELLED": "CANCELLED", "SAME": "PENDING", "CHANGED": "PENDING",
                      "OLDER-COPY": "PENDING", "CANCELLED": "CANCELLED"}
    assert mine["deltas"] == {"PENDING": 4, "CANCELLED": 2}  # the counts' row trigger fired for each order
    changed = [e for e in mine["events"] if e[0] == f"{prefix}-CHANGED"]
    assert [e[2] for e in changed] == ["CREATED", "CHANNEL_UPDATE"] and "lines" in changed[1][6]
    assert [(f[0].removeprefix(f"{prefix}-"), f[2]) for f in mine["failures"]] == [
        ("REFUSED", False), ("UNREADABLE", False)]
    # the known orders cost one read: the two the channel did not change (SAME, OLDER-COPY) were not locked
    locks = [sum("FOR UPDATE" in s for s in done.statements) for done in (alone, page)]
    assert locks[0] - locks[1] == 2
    assert len(page.statements) < len(alone.statements)


async def test_a_page_ingested_again_writes_and_locks_nothing():
    prefix = unique("TWICE").upper()
    shop = await sync_shop()
    orders = [wire(f"{prefix}-{i}") for i in range(20)]
    first = await ingest_page(shop.shop_id, await new_run(shop.shop_id), orders)
    again = await ingest_page(shop.shop_id, await new_run(shop.shop_id), orders)
    assert (first.counts.created, first.counts.updated, again.counts.created, again.counts.updated) == (20, 0, 0, 20)
    assert await orders_of(shop.shop_id) == 20
    assert len(first.statements) <= 8, first.statements  # savepoint, keys, orders, lines, events, release, ...
    written = [s for s in again.statements if s.lstrip().upper().startswith(("INSERT INTO ORDERS", "UPDATE ORDERS"))]
    assert not written and not any("FOR UPDATE" in s for s in again.statements)
    assert len(again.statements) <= 6, again.statements
    assert (await held(shop.shop_id))["deltas"] == {"PENDING": 20}


async def test_an_order_the_database_refuses_fails_alone_and_a_later_run_resolves_it():
    prefix = unique("BAD").upper()
    shop = await sync_shop()
    first_run = await new_run(shop.shop_id)
    orders = [wire(f"{prefix}-{i}") for i in range(5)]
    bad = wire(f"{prefix}-BAD", phone=LONG_PHONE)
    done = await ingest_page(shop.shop_id, first_run, [*orders[:2], bad, *orders[2:]])
    assert (done.counts.fetched, done.counts.created, done.counts.failed) == (6, 5, 1)
    assert await orders_of(shop.shop_id) == 5
    [failure] = await failures_of(first_run)
    assert failure.channel_order_no == f"{prefix}-BAD" and failure.reason.startswith("refused by the database")
    assert any(s.startswith("ROLLBACK TO SAVEPOINT") for s in done.statements)  # the page's, then one by one

    later_run = await new_run(shop.shop_id)
    fixed = await ingest_page(shop.shop_id, later_run, [*orders, wire(f"{prefix}-BAD", phone="08123456789")])
    assert (fixed.counts.created, fixed.counts.updated, fixed.counts.failed) == (1, 5, 0)
    [failure] = await failures_of(first_run)
    assert failure.resolved_by == later_run and failure.resolved_at is not None


async def test_a_page_naming_an_order_twice_takes_both_copies_in_turn():
    prefix = unique("DUP").upper()
    shop = await sync_shop()
    page = [wire(f"{prefix}-1"), wire(f"{prefix}-1", updated=LATER, buyer="Budi Santoso")]
    done = await ingest_page(shop.shop_id, await new_run(shop.shop_id), page)
    assert (done.counts.created, done.counts.updated) == (1, 1)
    [row] = (await held(shop.shop_id))["orders"].values()
    assert row[2:4] == (1, "Budi Santoso")


async def waiting_for_keys() -> bool:
    """A second transaction waits on the first's order_keys rows (ON CONFLICT waits for their fate)."""
    async with transaction() as db:
        return bool(await db.scalar(text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            " AND query LIKE 'INSERT INTO order_keys%'")))


@pytest.mark.parametrize("order_of_commit", ["first commits", "first rolls back"])
async def test_two_runs_racing_on_one_page_make_each_order_once(order_of_commit):
    prefix = unique("RACE").upper()
    shop = await sync_shop()
    runs = [await new_run(shop.shop_id), await new_run(shop.shop_id)]
    page = [wire(f"{prefix}-{i}") for i in range(10)]
    first_in = asyncio.Event()

    async def first() -> None:
        cut: AbstractContextManager = pytest.raises(LookupError) if order_of_commit == "first rolls back" \
            else nullcontext()
        with cut:
            async with transaction() as db:
                run = await db.get(OrderSyncRun, runs[0])
                await order_sync.ingest(db, await db.get(Shop, shop.shop_id), run, page, order_sync.Counts())
                first_in.set()
                await eventually(waiting_for_keys, timeout=30)  # the second run's keys wait for this one
                if order_of_commit == "first rolls back":
                    raise LookupError("the first run's activity was cut")

    async def second() -> order_sync.Counts:
        await first_in.wait()
        return (await ingest_page(shop.shop_id, runs[1], page)).counts

    _, counts = await asyncio.gather(first(), second())
    created = 0 if order_of_commit == "first commits" else 10
    assert (counts.created, counts.updated, counts.failed) == (created, 10 - created, 0)
    assert await orders_of(shop.shop_id) == 10
    assert (await held(shop.shop_id))["deltas"] == {"PENDING": 10}

