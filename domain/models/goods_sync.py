"""Product sync (docs/goods.md): the runs of a shop's product sync (its Schedule, or "Sync products" from the goods
list) with their counts, and the listings a run could not store."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, String, UniqueConstraint, func, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, one_of
from domain.enums.order_sync import ProductSyncKind, ProductSyncStatus
from domain.models.order_sync import SyncRunColumns

SHOP_FK = "shops.id"
MERCHANT_FK = "merchants.id"
RUN_FK = "product_sync_runs.id"


class ProductSyncRun(SyncRunColumns, Base):
    """One product sync flow of one shop (its workflow id is unique: a retried first activity finds its run)."""

    __tablename__ = "product_sync_runs"
    __table_args__ = (
        one_of("kind", ProductSyncKind),
        one_of("status", ProductSyncStatus),
        CheckConstraint("pages >= 0 AND fetched >= 0 AND created_count >= 0 AND updated_count >= 0 "
                        "AND unchanged_count >= 0 AND failed_count >= 0", name="counts_not_negative"),
        CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)", name="finished_when_done"),
        CheckConstraint("since IS NULL OR until IS NULL OR since <= until", name="window_ordered"),
        Index("ix_product_sync_runs_shop_id_started_at", "shop_id", text("started_at DESC")),
        Index("ix_product_sync_runs_status", "status"),
    )

    kind: Mapped[ProductSyncKind] = mapped_column(String(16))
    status: Mapped[ProductSyncStatus] = mapped_column(String(16), default=ProductSyncStatus.RUNNING)
    unchanged_count: Mapped[int] = mapped_column(default=0)
    shop_name: Mapped[str | None] = query_expression()


class ProductSyncFailure(Base):
    """A listing a run could not store, and why (a page fetched twice names it once)."""

    __tablename__ = "product_sync_failures"
    __table_args__ = (UniqueConstraint("run_id", "channel_item_id"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey(RUN_FK, ondelete="CASCADE"))
    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOP_FK, ondelete="CASCADE"), index=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    channel_item_id: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(String(500))
    failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
