"""Property test (hypothesis) of the stock ledger: any sequence of movements, retries included, applied through
the primitive on PostgreSQL keeps balance == sum of the change records for every bucket, never lets a bucket or
available go below 0, refuses exactly the movements a model of the rules refuses, and moves a retried key once."""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from domain.db import transaction
from domain.enums import StockBucket
from domain.enums import StockMovementType as M
from domain.rules import stock as rules
from services.stock.store import StockShort, move_now, read_balance, shelf_steps
from tests.conftest import unique
from tests.integration.stock_support import Place, insert_warehouse

_places: list[Place] = []


async def place() -> Place:
    """One warehouse with two shelves for every example (each example moves a sku of its own)."""
    if not _places:
        _places.append(await insert_warehouse(shelves=2))
    return _places[0]


@dataclass
class Model:
    """What the stock should be, computed from the rules alone."""

    buckets: dict[StockBucket, int] = field(default_factory=lambda: dict.fromkeys(rules.STORED, 0))
    shelves: dict[int, int] = field(default_factory=dict)

    def value(self, bucket: StockBucket) -> int:
        if bucket == StockBucket.AVAILABLE:
            return sum(sign * self.buckets[b] for b, sign in rules.AVAILABLE_OF.items())
        return self.buckets[bucket]

    def allows(self, m: rules.Movement) -> bool:
        return all(self.value(g) >= m.quantity for g in rules.guards(m.effect)) and all(
            self.shelves.get(shelf, 0) + units >= 0 for shelf, units in shelf_steps(m))

    def apply(self, m: rules.Movement) -> None:
        for bucket, change in m.changes().items():
            self.buckets[bucket] += change
        for shelf, units in shelf_steps(m):
            self.shelves[shelf] = self.shelves.get(shelf, 0) + units


step = st.tuples(st.sampled_from(list(M)), st.integers(1, 20), st.sampled_from([None, 0, 1]), st.booleans())


def movement(p: Place, sku: str, n: int, type_: M, quantity: int, shelf: int | None) -> rules.Movement:
    shelf_id = to_shelf_id = None
    if type_ == M.MOVE_SHELF:
        source = shelf or 0
        shelf_id, to_shelf_id = p.shelves[source], p.shelves[1 - source]
    elif shelf is not None and rules.EFFECTS[type_].on_shelf:
        shelf_id = p.shelves[shelf]
    return rules.Movement(p.warehouse_id, sku, type_, quantity, f"{sku}-{n}", shelf_id, to_shelf_id)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(step, min_size=1, max_size=30))
async def test_random_movements_keep_the_ledger_and_the_balance_equal(steps: list[tuple[M, int, int | None, bool]]
                                                                     ) -> None:
    p, sku, model = await place(), unique("PROP"), Model()
    done: list[rules.Movement] = []
    for n, (type_, quantity, shelf, retry) in enumerate(steps):
        if retry and done:  # a retry of the last movement that went through: it must move nothing
            again = await move_now(done[-1])
            assert again.replayed
            continue
        m = movement(p, sku, n, type_, quantity, shelf)
        if model.allows(m):
            await move_now(m)
            model.apply(m)
            done.append(m)
        else:
            try:
                await move_now(m)
            except StockShort:
                pass
            else:
                raise AssertionError(f"{m} went through though the rules refuse it")
    await assert_ledger_matches(p, sku, model)


async def assert_ledger_matches(p: Place, sku: str, model: Model) -> None:
    sums = ", ".join(f"coalesce(sum(change_{b.value}), 0)" for b in rules.STORED)
    async with transaction() as db:
        ledger = (await db.execute(text(f"SELECT {sums} FROM stock_changes WHERE warehouse_id = :w AND sku = :sku"),
                                   {"w": p.warehouse_id, "sku": sku})).one()
        balance = await read_balance(db, p.warehouse_id, sku)
        shelves = dict((await db.execute(text("SELECT shelf_id, quantity FROM shelf_stock WHERE sku = :sku"),
                                         {"sku": sku})).all())
    figures = tuple(balance.of(b) for b in rules.STORED) if balance else (0,) * len(rules.STORED)
    assert figures == tuple(ledger) == tuple(model.buckets[b] for b in rules.STORED)
    assert min(figures) >= 0 and (balance is None or balance.available >= 0)
    assert {k: v for k, v in shelves.items()} == {k: v for k, v in model.shelves.items() if k in shelves}
    assert all(v >= 0 for v in shelves.values())
