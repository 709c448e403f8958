"""A shelf merge's movement of one SKU of one shelf (docs/shelf_merges.md): the one write of the merge that goes
through the stock ledger's movement primitive (services/stock/store.py); the merge's other reads and writes are
services/shelf_merges/store.py."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import update
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.enums import StockMovementType
from domain.errors import DomainError
from domain.models.shelf_merges import ShelfMerge, ShelfMergeItem
from domain.rules import shelf_merges as rules
from domain.rules.stock import Movement
from services.shelf_merges.store import ITEM, SYSTEM, on_shelf
from services.stock.store import StockShort, move


async def move_item(merge_id: int, item_id: int, batch: int) -> None:
    """One SKU of one shelf onto the target, in one transaction with its mark: MOVED with the quantity moved, or
    SKIPPED when the shelf holds none of it any more. The movement's key (merge, shelf, SKU) makes it happen once."""
    async with transaction() as db:
        item = await db.get_one(ShelfMergeItem, item_id, with_for_update=True)
        if item.state != ITEM.PENDING:
            return  # done by an earlier attempt of this batch
        merge = await db.get_one(ShelfMerge, merge_id)
        quantity = await on_shelf(db, item.shelf_id, item.sku)
        now = datetime.now(UTC)
        if quantity <= 0:
            item.state, item.batch, item.moved_at = ITEM.SKIPPED, batch, now
            await db.execute(update(ShelfMerge).where(ShelfMerge.id == merge_id)
                             .values(skipped=ShelfMerge.skipped + 1))
            return
        try:
            moved = await move(db, Movement(
                warehouse_id=merge.warehouse_id, sku=item.sku, type=StockMovementType.MOVE_SHELF, quantity=quantity,
                idempotency_key=rules.item_key(merge_id, item.shelf_id, item.sku), shelf_id=item.shelf_id,
                to_shelf_id=merge.target_shelf_id, reason=f"Shelf merge #{merge_id}", document_no=document_no(merge_id),
                actor_id=merge.created_by, actor_name=SYSTEM))
        except StockShort:
            raise  # taken off the shelf between the read and the move: the batch's next attempt reads again
        except DomainError as exc:  # no retry changes a refusal of the ledger: the merge fails and says why
            raise ApplicationError(f"{exc.code} {exc.params}", type="SHELF_MERGE_REFUSED", non_retryable=True) from exc
        item.state, item.quantity, item.batch, item.moved_at = ITEM.MOVED, quantity, batch, now
        item.change_id = moved.change_id
        await db.execute(update(ShelfMerge).where(ShelfMerge.id == merge_id).values(moved=ShelfMerge.moved + 1))


def document_no(merge_id: int) -> str:
    """The change records of a merge's movements carry it: the stock change record lists them under it."""
    return f"SM-{merge_id}"
