"""The stock ledger (SPEC §3 stock levels and stock change record): one balance per sku x warehouse, the stock
per shelf, and one append-only change record per movement. Written only by services/stock/store.py `move`
(and the audited repair), so a balance always equals the sum of its change records.

CHECK constraints keep every bucket, and the derived available stock, at 0 or more; a movement that would
break one is refused by the guarded UPDATE first (a clear error), the CHECK is the last line.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from sqlalchemy import BigInteger, CheckConstraint, Computed, ForeignKey, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, one_of
from domain.enums import StockMovementType, StockReconcileStatus
from domain.rules.stock import STORED

Units = Annotated[int, mapped_column(BigInteger)]
AVAILABLE_SQL = "on_hand - spare - locked - promotion"  # AVAILABLE_OF written out (tests/unit/test_sql_literals.py)


def not_negative(*columns: str) -> list[CheckConstraint]:
    return [CheckConstraint(f"{c} >= 0", name=f"{c}_not_negative") for c in columns]


class StockBalance(Base):
    """The stock of one sku in one warehouse. `available` is computed by PostgreSQL from the others."""

    __tablename__ = "stock_balances"
    __table_args__ = (
        *not_negative(*(b.value for b in STORED)),
        CheckConstraint(f"{AVAILABLE_SQL} >= 0", name="available_not_negative"),
        # "SKU contains" on the warehouse stock search (ILIKE '%...%')
        Index("ix_stock_balances_sku_trgm", "sku", postgresql_using="gin", postgresql_ops={"sku": "gin_trgm_ops"}),
    )

    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="RESTRICT"), primary_key=True)
    sku: Mapped[str] = mapped_column(String(100), primary_key=True, index=True)
    on_hand: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    spare: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    locked: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    promotion: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    transit: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    available: Mapped[int] = mapped_column(BigInteger, Computed(AVAILABLE_SQL, persisted=True))
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class ShelfStock(Base):
    """How many units of a sku sit on one shelf."""

    __tablename__ = "shelf_stock"
    __table_args__ = (*not_negative("quantity"), Index("ix_shelf_stock_warehouse_sku", "warehouse_id", "sku"))

    shelf_id: Mapped[int] = mapped_column(ForeignKey("shelves.id", ondelete="RESTRICT"), primary_key=True)
    sku: Mapped[str] = mapped_column(String(100), primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="RESTRICT"))
    quantity: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class StockChange(Base):
    """One movement, never updated or deleted (a trigger refuses both). The idempotency key is unique, so a
    retried movement finds its first record instead of moving twice."""

    __tablename__ = "stock_changes"
    __table_args__ = (
        one_of("movement_type", [m.value for m in StockMovementType]),
        CheckConstraint("quantity > 0", name="quantity_positive"),
        *(CheckConstraint(f"original_{b.value} + change_{b.value} = new_{b.value}", name=f"{b.value}_adds_up")
          for b in STORED),
        Index("ix_stock_changes_warehouse_sku", "warehouse_id", "sku", "id"),
        Index("ix_stock_changes_sku", "sku"),
        # one warehouse's records newest first, and their count by movement type
        Index("ix_stock_changes_warehouse_id", "warehouse_id", "id"),
        Index("ix_stock_changes_warehouse_type", "warehouse_id", "movement_type", "id"),
        Index("ix_stock_changes_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="RESTRICT"))
    sku: Mapped[str] = mapped_column(String(100))
    shelf_id: Mapped[int | None] = mapped_column(ForeignKey("shelves.id", ondelete="RESTRICT"))
    to_shelf_id: Mapped[int | None] = mapped_column(ForeignKey("shelves.id", ondelete="RESTRICT"))
    movement_type: Mapped[StockMovementType] = mapped_column(String(32))
    quantity: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str | None] = mapped_column(String(200))
    document_no: Mapped[str | None] = mapped_column(String(64), index=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    actor_name: Mapped[str | None] = mapped_column(String(100))
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    # names the list shows beside the ids (api/routers/stock.py)
    warehouse_name: Mapped[str | None] = query_expression()
    shelf_code: Mapped[str | None] = query_expression()
    to_shelf_code: Mapped[str | None] = query_expression()

    # SPEC: original, change and new stock, for every stored bucket (original + change = new, checked)
    original_on_hand: Mapped[Units]
    change_on_hand: Mapped[Units]
    new_on_hand: Mapped[Units]
    original_spare: Mapped[Units]
    change_spare: Mapped[Units]
    new_spare: Mapped[Units]
    original_locked: Mapped[Units]
    change_locked: Mapped[Units]
    new_locked: Mapped[Units]
    original_promotion: Mapped[Units]
    change_promotion: Mapped[Units]
    new_promotion: Mapped[Units]
    original_transit: Mapped[Units]
    change_transit: Mapped[Units]
    new_transit: Mapped[Units]


class StockReconciliation(Base):
    """One run of the reconciliation (activities/stock_reconcile.py): how many balances it proved, how many drift.
    `key` is the run's workflow id, unique, so a retried run writes one result."""

    __tablename__ = "stock_reconciliations"
    __table_args__ = (one_of("status", [s.value for s in StockReconcileStatus]),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    status: Mapped[StockReconcileStatus] = mapped_column(String(8))
    checked: Mapped[int] = mapped_column(BigInteger)  # sku x warehouse pairs compared
    drifted: Mapped[int] = mapped_column(BigInteger)
    started_at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    finished_at: Mapped[datetime] = mapped_column(server_default=func.clock_timestamp())


class StockDrift(Base):
    """One sku x warehouse whose balance differed from the sum of its change records in one run, or one sku x
    shelf whose shelf stock differed from the sum of the movements that named the shelf."""

    __tablename__ = "stock_drifts"
    __table_args__ = (Index("ix_stock_drifts_warehouse_sku", "warehouse_id", "sku"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    reconciliation_id: Mapped[int] = mapped_column(ForeignKey("stock_reconciliations.id", ondelete="CASCADE"),
                                                   index=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="CASCADE"))
    sku: Mapped[str] = mapped_column(String(100))
    # a shelf's drift: its stock of the sku against the movements that named it ({"shelf": units} on both sides)
    shelf_id: Mapped[int | None] = mapped_column(ForeignKey("shelves.id", ondelete="CASCADE"))
    balance: Mapped[dict[str, int]] = mapped_column(JSONB)  # bucket -> the balance row's figure (0 when no row)
    ledger: Mapped[dict[str, int]] = mapped_column(JSONB)   # bucket -> the sum of its change records
    repaired_at: Mapped[datetime | None]
    warehouse_name: Mapped[str | None] = query_expression()
    shelf_code: Mapped[str | None] = query_expression()
