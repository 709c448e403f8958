"""Order sync (docs/order-sync.md): each shop's cursor (how far its channel's orders were pulled), the runs of its
sync (scheduled, "Sync now", retry) with their counts, and the orders a run could not ingest."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, one_of
from domain.enums.order_sync import OrderSyncKind, OrderSyncStatus

SHOP_FK = "shops.id"


class OrderSyncCursor(Base):
    """The time up to which the shop's channel orders were pulled (a run starts an overlap window before it)."""

    __tablename__ = "order_sync_cursors"

    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOP_FK, ondelete="CASCADE"), primary_key=True)
    synced_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SyncRunColumns:
    """What a shop's sync run records, orders' or products': its flow, the window it pulled, its counts and how it
    ended (each table adds its own kinds, states and checks)."""

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOP_FK, ondelete="CASCADE"))
    merchant_id: Mapped[int] = mapped_column(ForeignKey("merchants.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(32))
    country: Mapped[str] = mapped_column(String(8))
    workflow_id: Mapped[str] = mapped_column(String(200), unique=True)
    since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    pages: Mapped[int] = mapped_column(default=0)
    fetched: Mapped[int] = mapped_column(default=0)
    created_count: Mapped[int] = mapped_column(default=0)
    updated_count: Mapped[int] = mapped_column(default=0)
    failed_count: Mapped[int] = mapped_column(default=0)
    message: Mapped[str | None] = mapped_column(String(500))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class OrderSyncRun(SyncRunColumns, Base):
    """One sync flow of one shop (its workflow id is unique: a retried first activity finds its run)."""

    __tablename__ = "order_sync_runs"
    __table_args__ = (
        one_of("kind", OrderSyncKind),
        one_of("status", OrderSyncStatus),
        CheckConstraint("pages >= 0 AND fetched >= 0 AND created_count >= 0 AND updated_count >= 0 "
                        "AND failed_count >= 0", name="counts_not_negative"),
        CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)", name="finished_when_done"),
        CheckConstraint("(kind = 'RETRY') = (retry_of IS NOT NULL)", name="retry_names_its_run"),
        Index("ix_order_sync_runs_shop_id_id", "shop_id", "id"),
    )

    kind: Mapped[OrderSyncKind] = mapped_column(String(16))
    status: Mapped[OrderSyncStatus] = mapped_column(String(16), default=OrderSyncStatus.RUNNING)
    retry_of: Mapped[int | None] = mapped_column(ForeignKey("order_sync_runs.id", ondelete="CASCADE"), index=True)
    shop_name: Mapped[str | None] = query_expression()


class OrderSyncFailure(Base):
    """An order a run could not ingest, and why; a retry run that ingests it marks it resolved."""

    __tablename__ = "order_sync_failures"
    __table_args__ = (UniqueConstraint("run_id", "channel_order_no"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("order_sync_runs.id", ondelete="CASCADE"))
    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOP_FK, ondelete="CASCADE"), index=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey("merchants.id", ondelete="CASCADE"), index=True)
    channel_order_no: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(500))
    failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("order_sync_runs.id", ondelete="SET NULL"))
