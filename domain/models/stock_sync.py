"""Stock sync (SPEC §2 stock screens): which warehouses feed each store's channel stock, the merchant's lock and
promotion stock switches, the events of sync and fix actions, and the push history of every sku a sync pushed.

Balances and change records are the stock module's (domain/models/stock.py); nothing here holds a quantity that
is not a copy of what a push sent.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    ARRAY,
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    MetaData,
    String,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import Channel, Country, JobResult, StockEventKind, StockExceptionCause, StockSyncStatus

MERCHANT_FK = "merchants.id"


class StockBinding(Base, Timestamps):
    """A store (shop) fed by a warehouse of its merchant: a sync pushes the sum of its bound warehouses."""

    __tablename__ = "stock_sync_bindings"
    __table_args__ = (UniqueConstraint("shop_id", "warehouse_id"),
                      # the one binding whose warehouse fulfils the store's orders (services/orders/fulfilment.py)
                      Index("uq_stock_sync_bindings_fulfils", "shop_id", unique=True, postgresql_where="fulfils"))

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), index=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id", ondelete="CASCADE"), index=True)
    sync_enabled: Mapped[bool] = mapped_column(default=True)
    fulfils: Mapped[bool] = mapped_column(default=False, server_default="false")
    # filled by the list and detail (api/routers/stock_sync_bindings.py)
    shop_name: Mapped[str | None] = query_expression()
    channel: Mapped[str | None] = query_expression()
    country: Mapped[str | None] = query_expression()
    warehouse_name: Mapped[str | None] = query_expression()
    merchant_email: Mapped[str | None] = query_expression()


class StockSetting(Base, Timestamps):
    """SPEC §4: stock lock and promotion stock, each on or off, per merchant (no row: both off)."""

    __tablename__ = "stock_sync_settings"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), unique=True)
    lock_stock: Mapped[bool] = mapped_column(default=False)
    promotion_stock: Mapped[bool] = mapped_column(default=False)
    merchant_email: Mapped[str | None] = query_expression()


class StockLock(Base):
    """Lock stock (SPEC §2 stock screens): one store's or one SKU's stock of a merchant held as it is. A locked
    store's stock is not synced to its channel; a locked SKU is neither pushed nor taken out of the merchant's
    warehouses (outbound orders, outbound movements) until it is unlocked (domain/rules/stock_sync.py)."""

    __tablename__ = "stock_locks"
    __table_args__ = (
        CheckConstraint("num_nonnulls(shop_id, sku) = 1", name="one_target"),  # a store or a SKU, never both
        UniqueConstraint("merchant_id", "shop_id"),
        UniqueConstraint("merchant_id", "sku"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    shop_id: Mapped[int | None] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"))
    sku: Mapped[str | None] = mapped_column(String(100))
    reason: Mapped[str | None] = mapped_column(String(200))
    locked_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    locked_by_name: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    merchant_email: Mapped[str | None] = query_expression()
    shop_name: Mapped[str | None] = query_expression()


class StockEvent(Base):
    """One sync, fix or switch change on a merchant's stock: who asked, what for, and how it ended. A sync's
    flow is `stock-sync-{id}`."""

    __tablename__ = "stock_sync_events"
    __table_args__ = (
        one_of("kind", StockEventKind),
        one_of("result", JobResult),
        one_of("channel", Channel, nullable=True),
        one_of("country", Country, nullable=True),
        Index("ix_stock_sync_events_merchant_id_id", "merchant_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    kind: Mapped[StockEventKind] = mapped_column(String(16), index=True)
    result: Mapped[JobResult] = mapped_column(String(16), default=JobResult.PROCESSING)
    shop_id: Mapped[int | None] = mapped_column(ForeignKey("shops.id", ondelete="SET NULL"))
    country: Mapped[Country | None] = mapped_column(String(8))
    channel: Mapped[Channel | None] = mapped_column(String(32))
    skus: Mapped[list[str]] = mapped_column(ARRAY(String(100)), default=list)
    switched_on: Mapped[bool | None]  # a switch change: the new position
    sku_count: Mapped[int] = mapped_column(default=0)  # SKUs pushed, or repaired
    exception_count: Mapped[int] = mapped_column(default=0)  # pushes with an exception cause
    message: Mapped[str | None] = mapped_column(String(500))  # why it failed
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    operator_name: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    finished_at: Mapped[datetime | None]
    merchant_email: Mapped[str | None] = query_expression()
    shop_name: Mapped[str | None] = query_expression()


class StockPush(Base):
    """What one sync pushed (or would have) for one sku of one store, with its exception cause (SPEC §8). The
    (event, sku) key makes a retried batch write each sku once."""

    __tablename__ = "stock_sync_pushes"
    __table_args__ = (
        UniqueConstraint("event_id", "sku"),
        one_of("status", StockSyncStatus),
        one_of("cause", StockExceptionCause, nullable=True),
        one_of("channel", Channel),
        Index("ix_stock_sync_pushes_merchant_id_id", "merchant_id", "id"),
        Index("ix_stock_sync_pushes_cause", "cause", postgresql_where="cause IS NOT NULL"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("stock_sync_events.id", ondelete="CASCADE"))
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), index=True)
    channel: Mapped[Channel] = mapped_column(String(32))
    sku: Mapped[str] = mapped_column(String(100), index=True)
    available: Mapped[int]  # summed over the store's bound warehouses with sync on
    promotion: Mapped[int]
    quantity: Mapped[int]  # what the channel is told
    status: Mapped[StockSyncStatus] = mapped_column(String(16))
    cause: Mapped[StockExceptionCause | None] = mapped_column(String(32))
    pushed_at: Mapped[datetime] = mapped_column(server_default=func.now())
    shop_name: Mapped[str | None] = query_expression()
    merchant_email: Mapped[str | None] = query_expression()


class Views(DeclarativeBase):
    """Read-only views over the stock module's tables (migration of this module): each row carries the merchant
    that owns its warehouse, so the lists filter and scope by it. Not in `Base.metadata`: nothing creates them
    as tables."""

    metadata = MetaData()
    type_annotation_map = {datetime: DateTime(timezone=True)}


class BalanceView(Views):
    """SPEC §3 stock levels of one sku in one warehouse; available is on hand less spare, locked and promotion."""

    __tablename__ = "stock_sync_balances"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int]
    warehouse_id: Mapped[int]
    warehouse_name: Mapped[str]
    sku: Mapped[str]
    on_hand: Mapped[int]
    spare: Mapped[int]
    locked: Mapped[int]
    promotion: Mapped[int]
    transit: Mapped[int]
    available: Mapped[int]
    updated_at: Mapped[datetime]
    merchant_email: Mapped[str | None] = query_expression()


class InventoryView(Views):
    """SPEC §3 WMS stock (existing, locked, available) of one sku over all warehouses of its merchant."""

    __tablename__ = "stock_sync_inventory"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # the sku's first balance row
    merchant_id: Mapped[int]
    sku: Mapped[str]
    warehouse_count: Mapped[int]
    existing: Mapped[int]
    locked: Mapped[int]
    available: Mapped[int]
    merchant_email: Mapped[str | None] = query_expression()


class FlowView(Views):
    """SPEC §3 WMS stock flow: one change record as the product flow shows it (on hand before, moved, after)."""

    __tablename__ = "stock_sync_flow"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int]
    warehouse_id: Mapped[int]
    warehouse_name: Mapped[str]
    sku: Mapped[str]
    transaction_no: Mapped[str]
    erp_order_no: Mapped[str | None]
    channel_order_no: Mapped[str | None]
    movement_type: Mapped[str]
    original: Mapped[int]
    movement: Mapped[int]
    new: Mapped[int]
    created_at: Mapped[datetime]
