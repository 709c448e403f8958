"""The one place that writes stock: `move` (one movement), `repair` (a balance rebuilt from its ledger, audited)
and the reads they answer with.

Every stock change of every module (orders, shelf merges, sync, demo data) goes through `move`, which inserts
the change record and updates the balance in the caller's transaction, with no read-modify-write:

- the balance changes in one guarded statement, `UPDATE ... SET b = b + :change WHERE <bucket> >= :qty RETURNING`
  (an upsert when the movement only adds), whose RETURNING feeds the change record's INSERT in the same
  statement: original = new - change, so the record states exactly what the row went through;
- shelf stock, when a shelf is named, moves by the same guarded pattern right after the balance row, shelves in
  id order. The balance row is the first lock of every writer of the pair (movements and repair): while one holds
  it no other writes the pair's shelves, so a movement creating a shelf row cannot deadlock with a repair;
- all of it in a savepoint, so a refusal or a replay leaves the caller's transaction usable;
- the idempotency key is UNIQUE on the change record: a retry (sequential or concurrent) finds the first record,
  moves nothing and answers with the first result.
`move_alone` is the same movement in a transaction of its own, for a movement by hand that moves stock and nothing
else: without a shelf it is its one statement in autocommit on a plain connection (atomic by itself: no BEGIN,
savepoint or COMMIT), the caller's data authority over the warehouse and the absence of the merchant's lock on the
SKU conditions of that statement.
See docs/stock.md for how to call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import psycopg
from sqlalchemy import (
    ClauseElement,
    ColumnElement,
    Table,
    TextClause,
    bindparam,
    func,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy import insert as sa_insert
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.dialects.postgresql.base import PGDialect
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import BindParameter

from domain import audit
from domain.db import Executor, transaction
from domain.enums import StockBucket, StockMovementType
from domain.errors import DomainError, NotFound
from domain.models.stock import StockBalance, StockChange
from domain.rules import stock as rules
from domain.rules.stock import STORED, Movement
from domain.rules.stock_sync import LOCK_REFUSES
from services.stock_locks import locked_in_warehouse, refuse_locked_movement

KEY_CONSTRAINT = "uq_stock_changes_idempotency_key"
PSYCOPG = PGDialect_psycopg()  # type: ignore[no-untyped-call]  # SQLAlchemy's dialect class has no annotations
NAMED = PGDialect(paramstyle="named")  # type: ignore[no-untyped-call]  # `:name` binds, as `text()` reads them
FIGURES = (*STORED, StockBucket.AVAILABLE)
BALANCES, CHANGES = cast(Table, StockBalance.__table__), cast(Table, StockChange.__table__)
# the movement statement's values (`_params`): the change record's own, and each stored bucket's signed change
_RECORD = ("warehouse_id", "sku", "shelf_id", "to_shelf_id", "movement_type", "quantity", "reason", "document_no",
           "actor_id", "actor_name", "idempotency_key")
_BIND: dict[str, BindParameter[Any]] = {name: bindparam(name) for name in _RECORD}
_CHANGE: dict[str, BindParameter[Any]] = {bucket.value: bindparam(f"c_{bucket.value}") for bucket in STORED}
_ADDED = {name: BALANCES.c[name] + change for name, change in _CHANGE.items()}


class StockShort(DomainError):
    """Not enough stock in one bucket (or on one shelf) for a movement: nothing was changed."""

    status, code = 409, "STOCK_SHORT"


@dataclass(frozen=True)
class Balance:
    on_hand: int
    spare: int
    locked: int
    promotion: int
    transit: int

    @property
    def available(self) -> int:
        return sum(sign * getattr(self, bucket.value) for bucket, sign in rules.AVAILABLE_OF.items())

    def of(self, bucket: StockBucket) -> int:
        return int(getattr(self, bucket.value))


@dataclass(frozen=True)
class Moved:
    """The answer of `move`: the change record's id and the balance right after it. `replayed` is True when the
    idempotency key had already moved stock: this is then the first movement's record and result."""

    change_id: int
    balance: Balance
    replayed: bool = False


class _Refused(Exception):
    """Raised inside the savepoint to roll it back; turned into the caller's error outside it."""

    def __init__(self, shelf_id: int | None = None) -> None:
        self.shelf_id = shelf_id


async def move(db: AsyncSession, movement: Movement) -> Moved:
    """Apply one movement in `db`'s transaction (the caller commits). Raises `Invalid` for a malformed movement,
    `StockShort` when a bucket or shelf holds too little, `NotFound` for an unknown warehouse or shelf, and
    IDEMPOTENCY_KEY_REUSED when the key already moved a different movement; in every such case nothing moved."""
    m = rules.check(movement)
    try:
        async with db.begin_nested():
            row = (await db.execute(_balance_sql(m.type), _params(m))).first()  # the pair's first lock
            if row is None:
                raise _Refused()
            await _move_shelves(db, m)
            return Moved(row.id, Balance(*row[1:]))
    except _Refused as refused:
        first = await _replay(db, m)
        if first is not None:
            return first
        raise await _shortage(db, m, refused.shelf_id) from None
    except IntegrityError as exc:
        constraint = getattr(getattr(exc.orig, "diag", None), "constraint_name", None) or ""
        if constraint == KEY_CONSTRAINT:
            first = await _replay(db, m)
            if first is not None:
                return first
        if constraint.startswith("fk_") and constraint.endswith("_warehouses"):
            raise NotFound(entity="Warehouse") from None
        if constraint.startswith("fk_") and constraint.endswith("_shelves"):
            raise NotFound(entity="Shelf") from None
        raise


@dataclass(frozen=True)
class Within:
    """A condition on the warehouse `:warehouse_id` (SQL with named binds, and their values): the caller's data
    authority, checked by the movement's own statement (api/resource/scope.py `DataScope.within`)."""

    sql: str
    params: dict[str, Any]


ANYWHERE = Within("TRUE", {})


async def move_alone(db: Executor, movement: Movement, within: Within = ANYWHERE) -> Moved:
    """`move` in a transaction of its own, for a warehouse `within` allows (else NotFound, as for an unknown one).
    Without a shelf: the movement's one statement in autocommit on `db`, so one round trip moves stock. A refusal
    or a replay (the statement moved nothing) and a shelf movement are answered on a transaction of their own,
    after a first statement on `db` (a kept caller's auth check travels with it, api/kept_callers.py)."""
    m = rules.check(movement)
    if not shelf_steps(m):
        params = {**within.params, **_params(m)}
        try:
            row = await (await db.execute(_plain_sql(m.type, within.sql, by_hand=True), params)).fetchone()
        except psycopg.errors.UniqueViolation as exc:
            if exc.diag.constraint_name != KEY_CONSTRAINT:
                raise
        except psycopg.errors.ForeignKeyViolation:
            raise NotFound(entity="Warehouse") from None
        else:
            if row is not None:
                return Moved(row[0], Balance(*row[1:]))
    elif (await (await db.execute(_plain_sql(None, within.sql), within.params | {"warehouse_id": m.warehouse_id}))
          .fetchone()) is None:
        raise NotFound(entity="Warehouse")
    async with transaction() as session:
        if not await _within(session, m.warehouse_id, within):
            raise NotFound(entity="Warehouse")
        await refuse_locked_movement(session, m.warehouse_id, m.sku, m.type)
        return await move(session, m)


async def _within(db: AsyncSession, warehouse_id: int, within: Within) -> bool:
    found = await db.execute(_scope_check(within.sql), {**within.params, "warehouse_id": warehouse_id})
    return found.first() is not None


@lru_cache(maxsize=256)
def _scope_check(within: str) -> TextClause:
    """Whether the warehouse `:warehouse_id` is `within` (the scope's own condition, a rendered EXISTS)."""
    return text(_named(select(literal_column("1")).where(*_condition(within))))


@lru_cache(maxsize=256)
def _plain_sql(movement_type: StockMovementType | None, within: str, by_hand: bool = False) -> str:
    """The movement statement guarded by `within` (or, for None, whether the warehouse is within) in psycopg's
    placeholders, for a plain connection."""
    statement = _scope_check(within) if movement_type is None else _balance_sql(movement_type, within, by_hand)
    return str(statement.compile(dialect=PSYCOPG))


async def move_now(movement: Movement) -> Moved:
    """`move` in a transaction of its own, committed on return."""
    async with transaction() as db:
        return await move(db, movement)


def _params(m: Movement) -> dict[str, Any]:
    changes = m.changes()
    return {"warehouse_id": m.warehouse_id, "sku": m.sku, "quantity": m.quantity, "movement_type": m.type.value,
            "shelf_id": m.shelf_id, "to_shelf_id": m.to_shelf_id, "reason": m.reason, "document_no": m.document_no,
            "actor_id": m.actor_id, "actor_name": m.actor_name, "idempotency_key": m.idempotency_key,
            **{f"c_{bucket.value}": d for bucket, d in changes.items()}}


def _condition(within: str) -> tuple[TextClause, ...]:
    return () if within == ANYWHERE.sql else (text(within),)


def _named(statement: ClauseElement) -> str:
    """A Core statement as SQL with `:name` binds, as `text()` reads them (rendered once per shape)."""
    return str(statement.compile(dialect=NAMED))


@lru_cache(maxsize=256)
def _balance_sql(movement_type: StockMovementType, within: str = ANYWHERE.sql, by_hand: bool = False) -> TextClause:
    """The one statement of a movement type: change the balance (guarded, or an upsert when it only adds) and
    insert the change record from what the balance statement returned; nothing at all unless `within` holds, nor,
    `by_hand`, when the merchant has locked the SKU against it (domain/rules/stock_sync.py `LOCK_REFUSES`).
    A SQLAlchemy Core construct (the buckets it guards differ by type), rendered once per type and scope."""
    guards = rules.guards(rules.EFFECTS[movement_type])
    where: tuple[ColumnElement[bool], ...] = (BALANCES.c.warehouse_id == _BIND["warehouse_id"],
                                              BALANCES.c.sku == _BIND["sku"])
    if by_hand and movement_type in LOCK_REFUSES:  # every such type takes stock out: a guarded UPDATE
        where = (*where, ~locked_in_warehouse().exists())
    if guards:
        balance: Any = update(BALANCES).where(
            *where, *(BALANCES.c[g.value] >= _BIND["quantity"] for g in guards), *_condition(within))
    else:  # only adds: the first movement of a sku in a warehouse creates its balance row
        row = select(_BIND["warehouse_id"], _BIND["sku"], *_CHANGE.values()).where(*_condition(within))
        balance = insert(BALANCES).from_select(["warehouse_id", "sku", *_CHANGE], row).on_conflict_do_update(
            index_elements=["warehouse_id", "sku"], set_={**_ADDED, "updated_at": func.now()})
    if guards:
        balance = balance.values({**_ADDED, "updated_at": func.now()})
    moved = balance.returning(*(BALANCES.c[name] for name in _CHANGE)).cte("moved")
    figures = {name: (moved.c[name] - change, change, moved.c[name]) for name, change in _CHANGE.items()}
    record = select(*(_BIND[name] for name in _RECORD), *(f for triple in figures.values() for f in triple))
    columns = [*_RECORD, *(f"{side}_{name}" for name in figures for side in ("original", "change", "new"))]
    statement = sa_insert(CHANGES).from_select(columns, record.select_from(moved)).add_cte(moved)
    return text(_named(statement.returning(CHANGES.c.id, *(CHANGES.c[f"new_{name}"] for name in _CHANGE))))


TAKE_FROM_SHELF = text("""
    UPDATE shelf_stock SET quantity = quantity - :quantity, updated_at = now()
    WHERE shelf_id = :shelf AND sku = :sku AND warehouse_id = :warehouse_id AND quantity >= :quantity
    RETURNING quantity""")
PUT_ON_SHELF = text("""
    INSERT INTO shelf_stock (shelf_id, sku, warehouse_id, quantity)
    SELECT id, :sku, warehouse_id, :quantity FROM shelves WHERE id = :shelf AND warehouse_id = :warehouse_id
    ON CONFLICT (shelf_id, sku) DO UPDATE SET quantity = shelf_stock.quantity + EXCLUDED.quantity, updated_at = now()
    RETURNING quantity""")


def shelf_steps(m: Movement) -> list[tuple[int, int]]:
    """(shelf id, signed units) for each shelf the movement touches, in shelf id order (the lock order)."""
    if m.effect.moves_shelves:
        assert m.shelf_id is not None and m.to_shelf_id is not None  # rules.check made sure
        steps = [(m.shelf_id, -m.quantity), (m.to_shelf_id, m.quantity)]
    elif m.shelf_id is not None:
        steps = [(m.shelf_id, m.changes()[StockBucket.ON_HAND])]
    else:
        steps = []
    return sorted(steps)


async def _move_shelves(db: AsyncSession, m: Movement) -> None:
    for shelf, units in shelf_steps(m):
        sql = TAKE_FROM_SHELF if units < 0 else PUT_ON_SHELF
        params = {"shelf": shelf, "sku": m.sku, "warehouse_id": m.warehouse_id, "quantity": abs(units)}
        if (await db.execute(sql, params)).first() is None:
            raise _Refused(shelf)


REPLAY = text("""
    SELECT id, warehouse_id, sku, movement_type, quantity, shelf_id, to_shelf_id,
           new_on_hand, new_spare, new_locked, new_promotion, new_transit
    FROM stock_changes WHERE idempotency_key = :key""")


async def _replay(db: AsyncSession, m: Movement) -> Moved | None:
    """The first movement of this key, if there is one; a different movement under the same key is refused."""
    row = (await db.execute(REPLAY, {"key": m.idempotency_key})).first()
    if row is None:
        return None
    first = Movement(row.warehouse_id, row.sku, StockMovementType(row.movement_type), row.quantity, m.idempotency_key,
                     row.shelf_id, row.to_shelf_id)
    if not rules.same_movement(first, m):
        raise DomainError("IDEMPOTENCY_KEY_REUSED", status=422, field="idempotencyKey")
    return Moved(row.id, Balance(*row[7:]), replayed=True)


async def _shortage(db: AsyncSession, m: Movement, shelf_id: int | None) -> DomainError:
    """Why a guarded statement changed nothing, read after the fact for the message (no decision rests on it)."""
    if shelf_id is not None:
        shelf = (await db.execute(text("SELECT code FROM shelves WHERE id = :id AND warehouse_id = :w"),
                                  {"id": shelf_id, "w": m.warehouse_id})).first()
        if shelf is None:
            return NotFound(entity="Shelf")
        have = (await db.execute(text("SELECT quantity FROM shelf_stock WHERE shelf_id = :id AND sku = :sku"),
                                 {"id": shelf_id, "sku": m.sku})).scalar() or 0
        return StockShort("STOCK_SHELF_SHORT", sku=m.sku, shelf=shelf.code, quantity=m.quantity, have=have)
    code = (await db.execute(text("SELECT code FROM warehouses WHERE id = :id"), {"id": m.warehouse_id})).scalar()
    if code is None:
        return NotFound(entity="Warehouse")
    now = await read_balance(db, m.warehouse_id, m.sku) or Balance(0, 0, 0, 0, 0)
    short = next((g for g in rules.guards(m.effect) if now.of(g) < m.quantity), rules.guards(m.effect)[0])
    return StockShort(sku=m.sku, bucket=f"enums.StockBucket.{short.value}", quantity=m.quantity,
                      have=now.of(short), warehouse=code)


BALANCE = text("SELECT on_hand, spare, locked, promotion, transit FROM stock_balances WHERE warehouse_id = :w "
               "AND sku = :sku")


async def read_balance(db: AsyncSession, warehouse_id: int, sku: str) -> Balance | None:
    """The balance of one sku in one warehouse as committed now (None when it never moved)."""
    row = (await db.execute(BALANCE, {"w": warehouse_id, "sku": sku})).first()
    return Balance(*row) if row is not None else None


LOCK_BALANCE = text("""
    INSERT INTO stock_balances AS b (warehouse_id, sku) VALUES (:w, :sku)
    ON CONFLICT (warehouse_id, sku) DO UPDATE SET updated_at = b.updated_at
    RETURNING on_hand, spare, locked, promotion, transit, xmax = 0 AS created""")
LEDGER_SUMS = text("""
    SELECT coalesce(sum(change_on_hand), 0), coalesce(sum(change_spare), 0), coalesce(sum(change_locked), 0),
           coalesce(sum(change_promotion), 0), coalesce(sum(change_transit), 0), count(*)
    FROM stock_changes WHERE warehouse_id = :w AND sku = :sku""")
SET_BALANCE = text("""
    INSERT INTO stock_balances (warehouse_id, sku, on_hand, spare, locked, promotion, transit)
    VALUES (:w, :sku, :on_hand, :spare, :locked, :promotion, :transit)
    ON CONFLICT (warehouse_id, sku) DO UPDATE SET on_hand = :on_hand, spare = :spare, locked = :locked,
        promotion = :promotion, transit = :transit, updated_at = now()""")


async def repair(db: AsyncSession, warehouse_id: int, sku: str, *, operator_id: int | None,
                 operator_name: str | None) -> tuple[Balance | None, Balance]:
    """Rebuild one balance from its ledger (the sum of its change records), audited, in the caller's transaction;
    marks that pair's open drifts repaired. Returns (before, after).

    The balance row is locked first, as every movement locks it first, in a statement of its own (created if
    missing, so a movement creating it waits too): the sums are read by the next statement, whose snapshot sees
    every movement that committed while we waited, and no movement of the pair writes its balance or its shelves
    until we are done."""
    row = (await db.execute(LOCK_BALANCE, {"w": warehouse_id, "sku": sku})).one()
    locked = None if row.created else row[:-1]
    ledger = (await db.execute(LEDGER_SUMS, {"w": warehouse_id, "sku": sku})).one()
    if locked is None and ledger[-1] == 0:
        raise NotFound(entity="StockBalance")
    after = Balance(*(int(v) for v in ledger[:-1]))
    await db.execute(SET_BALANCE, {"w": warehouse_id, "sku": sku, **{b.value: after.of(b) for b in STORED}})
    shelves_before, shelves_after = await _rebuild_shelves(db, warehouse_id, sku)
    await db.execute(text("UPDATE stock_drifts SET repaired_at = now() WHERE warehouse_id = :w AND sku = :sku "
                          "AND repaired_at IS NULL"), {"w": warehouse_id, "sku": sku})
    before = Balance(*locked) if locked is not None else None
    await audit.record_change(db, operator_id=operator_id, operator_name=operator_name, entity="StockBalance",
                              entity_id=f"{warehouse_id}/{sku}"[:64], action="repair",
                              before=_figures(before, shelves_before), after=_figures(after, shelves_after))
    return before, after


async def _rebuild_shelves(db: AsyncSession, warehouse_id: int, sku: str) -> tuple[dict[str, int], dict[str, int]]:
    """The pair's shelf stock set to the sum of the movements that named each shelf (activities/stock.py proves
    the same); (before, after) of the shelves that changed, by shelf code."""
    rows = (await db.execute(text("""
        WITH ledger AS (SELECT shelf_id, sum(units) AS units FROM stock_shelf_units m
                        WHERE m.warehouse_id = :w AND m.sku = :sku GROUP BY shelf_id),
        pairs AS (SELECT coalesce(s.shelf_id, l.shelf_id) AS shelf_id, coalesce(s.quantity, 0) AS stored,
                         coalesce(l.units, 0) AS ledger
                  FROM (SELECT * FROM shelf_stock WHERE warehouse_id = :w AND sku = :sku) s
                  FULL JOIN ledger l ON l.shelf_id = s.shelf_id)
        SELECT p.shelf_id, h.code, p.stored, p.ledger FROM pairs p JOIN shelves h ON h.id = p.shelf_id
        WHERE p.stored <> p.ledger ORDER BY p.shelf_id"""), {"w": warehouse_id, "sku": sku})).all()
    for row in rows:
        await db.execute(text(
            "INSERT INTO shelf_stock (shelf_id, sku, warehouse_id, quantity) VALUES (:shelf, :sku, :w, :q) "
            "ON CONFLICT (shelf_id, sku) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()"),
            {"shelf": row.shelf_id, "sku": sku, "w": warehouse_id, "q": row.ledger})
    return {r.code: int(r.stored) for r in rows}, {r.code: int(r.ledger) for r in rows}


def _figures(balance: Balance | None, shelves: dict[str, int] | None = None) -> dict[str, Any] | None:
    if balance is None:
        return None
    return {b.value: balance.of(b) for b in FIGURES} | ({"shelves": shelves} if shelves else {})
