"""Shelf merges (SPEC §4: merging shelves is asynchronous, 3 to 5 minutes; docs/shelf_merges.md).

A merge moves every SKU on its source shelves onto its target shelf, all in one warehouse, through the stock
ledger (movement type move_shelf). Its items are the SKUs of each source shelf, planned when a run starts and
marked moved in the same transaction as their movement, so the list of what moved is exact at every moment.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ARRAY, BigInteger, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base
from domain.enums import ShelfMergeItemState, ShelfMergeState

USER_FK = "users.id"
SHELF_FK = "shelves.id"


class ShelfMerge(Base):
    __tablename__ = "shelf_merges"
    __table_args__ = (Index("ix_shelf_merges_warehouse_id_id", "warehouse_id", "id"),
                      Index("ix_shelf_merges_state", "state", postgresql_where=text("state = 'RUNNING'")))

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("warehouses.id", ondelete="RESTRICT"))
    source_shelf_ids: Mapped[list[int]] = mapped_column(ARRAY(BigInteger))
    target_shelf_id: Mapped[int] = mapped_column(BigInteger, ForeignKey(SHELF_FK, ondelete="RESTRICT"))
    state: Mapped[ShelfMergeState] = mapped_column(String(16), default=ShelfMergeState.RUNNING)
    total: Mapped[int] = mapped_column(Integer, default=0)  # items planned (SKU x source shelf)
    moved: Mapped[int] = mapped_column(Integer, default=0)
    skipped: Mapped[int] = mapped_column(Integer, default=0)
    batches: Mapped[int] = mapped_column(Integer, default=0)
    attempt: Mapped[int] = mapped_column(Integer, default=1)  # runs of the flow: 1, then one more per retry
    error: Mapped[str | None] = mapped_column(Text)
    created_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    cancel_requested_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    cancel_requested_at: Mapped[datetime | None]
    retried_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    retried_at: Mapped[datetime | None]
    # Filled by the lists, the detail and the export (services/shelf_merges/store.py public_columns).
    warehouse_name: Mapped[str | None] = query_expression()
    source_shelf_codes: Mapped[list[str] | None] = query_expression()
    target_shelf_code: Mapped[str | None] = query_expression()
    created_by_name: Mapped[str | None] = query_expression()


class ShelfMergeItem(Base):
    """One SKU of one source shelf: PENDING, then MOVED (with the quantity and its change record) or SKIPPED."""

    __tablename__ = "shelf_merge_items"
    __table_args__ = (UniqueConstraint("merge_id", "shelf_id", "sku", name="uq_shelf_merge_items_merge_id"),
                      Index("ix_shelf_merge_items_pending", "merge_id", "id",
                            postgresql_where=text("state = 'PENDING'")))

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merge_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("shelf_merges.id", ondelete="CASCADE"))
    shelf_id: Mapped[int] = mapped_column(BigInteger, ForeignKey(SHELF_FK, ondelete="RESTRICT"))
    sku: Mapped[str] = mapped_column(String(100))
    planned: Mapped[int] = mapped_column(Integer)  # on the shelf when the merge was planned
    quantity: Mapped[int | None] = mapped_column(Integer)  # moved
    state: Mapped[ShelfMergeItemState] = mapped_column(String(16), default=ShelfMergeItemState.PENDING)
    batch: Mapped[int | None] = mapped_column(Integer)
    # its movement in the stock ledger
    change_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("stock_changes.id", ondelete="RESTRICT"))
    moved_at: Mapped[datetime | None]
    shelf_code: Mapped[str | None] = query_expression()  # filled by the list (item_columns)
