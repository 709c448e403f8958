"""The shelf merges' reads and writes (docs/shelf_merges.md). Stock itself moves only through the stock ledger's
movement primitive (services/shelf_merges/moves.py, one SKU of one shelf); this module reads shelves and shelf
stock and keeps the merge's own rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.db import transaction
from domain.enums import ShelfMergeItemState, ShelfMergeState
from domain.errors import NotFound
from domain.flows import shelf_merges as m
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.models.stock import ShelfStock
from domain.models.users import User
from domain.models.warehouses import Shelf, Warehouse
from domain.rules import shelf_merges as rules

ITEM, S = ShelfMergeItemState, ShelfMergeState
SYSTEM = "System"


# ---- the plan and the batches -------------------------------------------------------------------------------------

async def plan(merge_id: int) -> m.Counts:
    """Items for every SKU with stock on a source shelf that the merge does not list yet, in shelf and SKU order."""
    async with transaction() as db:
        merge = await db.get_one(ShelfMerge, merge_id, with_for_update=True)
        rows = await on_shelves(db, merge.source_shelf_ids)
        if rows:
            await db.execute(insert(ShelfMergeItem).values([
                {"merge_id": merge_id, "shelf_id": shelf_id, "sku": sku, "planned": quantity, "state": ITEM.PENDING}
                for shelf_id, sku, quantity in rows]).on_conflict_do_nothing(
                constraint="uq_shelf_merge_items_merge_id"))
        return await recount(db, merge)


async def pending(merge_id: int, size: int) -> list[int]:
    async with transaction() as db:
        return list((await db.scalars(select(ShelfMergeItem.id).where(
            ShelfMergeItem.merge_id == merge_id, ShelfMergeItem.state == ITEM.PENDING)
            .order_by(ShelfMergeItem.id).limit(size))).all())


async def counts(merge_id: int) -> m.Counts:
    async with transaction() as db:
        return await recount(db, await db.get_one(ShelfMerge, merge_id, with_for_update=True))


async def recount(db: AsyncSession, merge: ShelfMerge) -> m.Counts:
    """The merge's counts from its items (the truth), written onto its row for the lists."""
    by_state = dict((await db.execute(select(ShelfMergeItem.state, func.count()).where(
        ShelfMergeItem.merge_id == merge.id).group_by(ShelfMergeItem.state))).all())
    moved, skipped, left = by_state.get(ITEM.MOVED, 0), by_state.get(ITEM.SKIPPED, 0), by_state.get(ITEM.PENDING, 0)
    merge.total, merge.moved, merge.skipped = moved + skipped + left, moved, skipped
    return m.Counts(total=merge.total, moved=moved, skipped=skipped, remaining=left)


async def finish(request: m.FinishRequest) -> m.Progress:
    """The run's end on the merge's row, audited; a run that a retry has replaced meanwhile changes nothing."""
    async with transaction() as db:
        merge = await db.get_one(ShelfMerge, request.merge_id, with_for_update=True)
        counted = await recount(db, merge)
        if merge.attempt == request.attempt and merge.state == S.RUNNING:
            before = audit.snapshot(merge)
            merge.state, merge.error, merge.finished_at = request.state, request.error, request.at
            merge.batches = max(merge.batches, request.batch)
            await audit.record_change(db, operator_id=None, operator_name=SYSTEM, entity="ShelfMerge",
                                      entity_id=merge.id, action="update", before=before, after=audit.snapshot(merge))
        return m.Progress(merge_id=merge.id, state=merge.state, total=counted.total, moved=counted.moved,
                          skipped=counted.skipped, batch=merge.batches, error=merge.error)


async def running_merges(db: AsyncSession, warehouse_id: int, *, other_than: int | None = None
                         ) -> list[rules.RunningMerge]:
    query = select(ShelfMerge.id, ShelfMerge.source_shelf_ids, ShelfMerge.target_shelf_id).where(
        ShelfMerge.warehouse_id == warehouse_id, ShelfMerge.state == S.RUNNING)
    if other_than is not None:
        query = query.where(ShelfMerge.id != other_than)
    return [rules.RunningMerge(i, frozenset([*sources, target])) for i, sources, target in (await db.execute(query))]



# ---- what the API shows ---------------------------------------------------------------------------------------------

def public_columns() -> dict[str, Any]:
    """The names a merge's row shows beside its ids (the list, its export and its page)."""
    return {
        "warehouse_name": select(Warehouse.name).where(Warehouse.id == ShelfMerge.warehouse_id).scalar_subquery(),
        "source_shelf_codes": func.array(select(Shelf.code).where(Shelf.id == func.any(ShelfMerge.source_shelf_ids))
                                         .order_by(Shelf.code).scalar_subquery()),
        "target_shelf_code": shelf_code_of(ShelfMerge.target_shelf_id),
        "created_by_name": select(User.username).where(User.id == ShelfMerge.created_by).scalar_subquery(),
    }


def item_columns() -> dict[str, Any]:
    return {"shelf_code": shelf_code_of(ShelfMergeItem.shelf_id)}


def shelf_code_of(column: Any) -> Any:
    return select(Shelf.code).where(Shelf.id == column).scalar_subquery()


async def names_of(db: AsyncSession, merges: Sequence[ShelfMerge]) -> dict[int, dict[str, Any]]:
    columns = public_columns()
    rows = await db.execute(select(ShelfMerge.id, *(c.label(k) for k, c in columns.items()))
                            .where(ShelfMerge.id.in_([mg.id for mg in merges])))
    return {row.id: {k: getattr(row, k) for k in columns} for row in rows}


# ---- measured throughput (docs/shelf_merges.md: how long a merge takes) ------------------------------------------

def run_start(merge: Any = ShelfMerge) -> Any:
    """When the merge's current run began: its last retry, else its start."""
    return func.coalesce(merge.retried_at, merge.started_at)


def _processed_in_run() -> Any:
    """SKUs of the merge that its current run moved or skipped (an earlier run's are not its work)."""
    return (select(func.count()).where(ShelfMergeItem.merge_id == ShelfMerge.id, ShelfMergeItem.state != ITEM.PENDING,
                                       ShelfMergeItem.moved_at >= run_start())
            .correlate(ShelfMerge).scalar_subquery())


async def run_throughput(db: AsyncSession, merge: ShelfMerge) -> rules.Throughput | None:
    """The current run so far: SKUs processed from its start to the last one (or to its finish)."""
    start = merge.retried_at or merge.started_at
    if start is None:
        return None
    items, last = (await db.execute(select(func.count(), func.max(ShelfMergeItem.moved_at)).where(
        ShelfMergeItem.merge_id == merge.id, ShelfMergeItem.state != ITEM.PENDING,
        ShelfMergeItem.moved_at >= start))).one()
    end = merge.finished_at or last
    return rules.Throughput(items, (end - start).total_seconds(), "run") if items and end else None


async def recent_throughput(db: AsyncSession, warehouse_id: int) -> rules.Throughput | None:
    """The warehouse's last completed merges: what their last runs processed over the time those runs took."""
    recent = (select(_processed_in_run().label("processed"),
                     func.extract("epoch", ShelfMerge.finished_at - run_start()).label("seconds"))
              .where(ShelfMerge.warehouse_id == warehouse_id, ShelfMerge.state == S.COMPLETED,
                     ShelfMerge.finished_at.is_not(None), run_start().is_not(None))
              .order_by(ShelfMerge.finished_at.desc()).limit(rules.RECENT_MERGES).subquery())
    items, seconds, merges = (await db.execute(select(
        func.coalesce(func.sum(recent.c.processed), 0), func.coalesce(func.sum(recent.c.seconds), 0),
        func.count()).where(recent.c.processed > 0))).one()
    return rules.Throughput(int(items), float(seconds), "recent") if merges and seconds else None


# ---- reads of warehouses, shelves and shelf stock (written by their own modules) ----------------------------------

async def warehouse(db: AsyncSession, warehouse_id: int) -> Warehouse:
    row = await db.get(Warehouse, warehouse_id)
    if row is None:
        raise NotFound(entity="Warehouse")
    return row


async def shelves(db: AsyncSession, ids: Sequence[int]) -> dict[int, rules.Shelf]:
    """The shelves asked for; one that does not exist is the caller's 404."""
    rows = (await db.scalars(select(Shelf).where(Shelf.id.in_(ids)))).all()
    found = {s.id: rules.Shelf(s.id, s.warehouse_id, s.code, s.enabled) for s in rows}
    if any(i not in found for i in ids):
        raise NotFound(entity="Shelf")
    return found


async def on_shelves(db: AsyncSession, shelf_ids: Sequence[int]) -> list[tuple[int, str, int]]:
    """(shelf, SKU, quantity) of every SKU with stock on the shelves, in shelf order then SKU order."""
    rows = await db.execute(select(ShelfStock.shelf_id, ShelfStock.sku, ShelfStock.quantity).where(
        ShelfStock.shelf_id.in_(shelf_ids), ShelfStock.quantity > 0).order_by(ShelfStock.shelf_id, ShelfStock.sku))
    return [(shelf_id, sku, quantity) for shelf_id, sku, quantity in rows]


async def on_shelf(db: AsyncSession, shelf_id: int, sku: str) -> int:
    return await db.scalar(select(ShelfStock.quantity).where(ShelfStock.shelf_id == shelf_id,
                                                             ShelfStock.sku == sku)) or 0


async def shelf_options(db: AsyncSession, warehouse_id: int) -> list[dict[str, Any]]:
    """The warehouse's shelves with the SKUs that have stock on each and their quantity."""
    on = (select(ShelfStock.shelf_id, func.count().label("skus"), func.sum(ShelfStock.quantity).label("quantity"))
          .where(ShelfStock.warehouse_id == warehouse_id, ShelfStock.quantity > 0)
          .group_by(ShelfStock.shelf_id).subquery())
    rows = await db.execute(select(Shelf.id, Shelf.code, Shelf.name, Shelf.enabled,
                                   func.coalesce(on.c.skus, 0).label("skus"),
                                   func.coalesce(on.c.quantity, 0).label("quantity"))
                            .outerjoin(on, on.c.shelf_id == Shelf.id)
                            .where(Shelf.warehouse_id == warehouse_id).order_by(Shelf.code))
    return [row._asdict() for row in rows]
