"""Financial reconciliation (docs/reconciliation.md): the channels' settlement lines (payouts per order), the
reconciliation runs of a merchant and period, and each run's items (one per order or payment, with its kind).

A settlement line is unique per (shop, line id): a page fetched twice or a re-run never stores it twice. One run
per merchant, period and shop (or all shops) is live at a time (a partial unique index); a re-run replaces it."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, one_of
from domain.enums import Currency
from domain.enums.reconciliation import ReconciliationKind, ReconciliationStage, ReconciliationStatus
from domain.rules.reconciliation import NOTE_MAX, NUMBER_MAX, PERIOD_DAYS_MAX

MONEY = Numeric(18, 2)
SHOPS = "shops.id"
MERCHANTS = "merchants.id"


class SettlementLine(Base):
    """One line of a channel's settlement: what the channel paid out for one order, net of its fees."""

    __tablename__ = "settlement_lines"
    __table_args__ = (
        UniqueConstraint("shop_id", "line_id"),
        one_of("currency", Currency),
        CheckConstraint("fees >= 0", name="fees_not_negative"),
        Index("ix_settlement_lines_merchant_paid", "merchant_id", "paid_at"),
        Index("ix_settlement_lines_shop_order", "shop_id", "channel_order_no"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOPS, ondelete="CASCADE"))
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANTS, ondelete="CASCADE"))
    settlement_id: Mapped[str] = mapped_column(String(NUMBER_MAX))
    line_id: Mapped[str] = mapped_column(String(NUMBER_MAX))
    channel_order_no: Mapped[str] = mapped_column(String(NUMBER_MAX))
    amount: Mapped[Decimal] = mapped_column(MONEY)  # paid out, net of fees (a refund line is negative)
    fees: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    currency: Mapped[Currency] = mapped_column(String(8))
    paid_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    fetched_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ReconciliationRun(Base):
    """A merchant's orders of a period (all shops, or one) against what the channels paid for them."""

    __tablename__ = "reconciliation_runs"
    __table_args__ = (
        one_of("status", ReconciliationStatus),
        one_of("stage", ReconciliationStage),
        CheckConstraint("period_to >= period_from", name="period_ordered"),
        CheckConstraint(f"period_to - period_from < {PERIOD_DAYS_MAX}", name="period_bounded"),
        CheckConstraint("(status = 'RUNNING') = (finished_at IS NULL)", name="finished_when_done"),
        CheckConstraint("matched_count >= 0 AND short_paid_count >= 0 AND over_paid_count >= 0 AND unpaid_count >= 0"
                        " AND unknown_order_count >= 0 AND pages >= 0 AND lines_fetched >= 0 AND shops_done >= 0"
                        " AND shops_done <= shops_total", name="counts_not_negative"),
        # one live run per merchant, period and shop (0: all shops); a re-run replaces it
        Index("uq_reconciliation_runs_live", "merchant_id", "period_from", "period_to",
              text("coalesce(shop_id, 0)"), unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANTS, ondelete="CASCADE"), index=True)
    shop_id: Mapped[int | None] = mapped_column(ForeignKey(SHOPS, ondelete="CASCADE"))
    period_from: Mapped[date] = mapped_column(Date)
    period_to: Mapped[date] = mapped_column(Date)  # inclusive
    status: Mapped[ReconciliationStatus] = mapped_column(String(16), default=ReconciliationStatus.RUNNING)
    stage: Mapped[ReconciliationStage] = mapped_column(String(16), default=ReconciliationStage.FETCHING)
    workflow_id: Mapped[str] = mapped_column(String(200), unique=True)
    shops_total: Mapped[int] = mapped_column(Integer, default=0)
    shops_done: Mapped[int] = mapped_column(Integer, default=0)
    pages: Mapped[int] = mapped_column(Integer, default=0)
    lines_fetched: Mapped[int] = mapped_column(Integer, default=0)
    currency: Mapped[str | None] = mapped_column(String(8))
    expected: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    paid: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    difference: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))  # paid - expected
    matched_count: Mapped[int] = mapped_column(Integer, default=0)
    short_paid_count: Mapped[int] = mapped_column(Integer, default=0)
    over_paid_count: Mapped[int] = mapped_column(Integer, default=0)
    unpaid_count: Mapped[int] = mapped_column(Integer, default=0)
    unknown_order_count: Mapped[int] = mapped_column(Integer, default=0)
    message: Mapped[str | None] = mapped_column(String(500))
    # The resolutions of the run this one replaced: its comparison gives each back to the same difference
    carried_resolutions: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    started_by: Mapped[str | None] = mapped_column(String(64))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    merchant_email: Mapped[str | None] = query_expression()
    shop_name: Mapped[str | None] = query_expression()


class ReconciliationItem(Base):
    """One order of the run's period (or one payment without an order) and how it compares."""

    __tablename__ = "reconciliation_items"
    __table_args__ = (
        UniqueConstraint("run_id", "shop_id", "channel_order_no"),
        one_of("kind", ReconciliationKind),
        CheckConstraint("difference = paid - expected", name="difference_is_paid_less_expected"),
        CheckConstraint("(resolved_at IS NULL) = (resolution_note IS NULL)", name="resolved_with_note"),
        CheckConstraint("kind <> 'MATCHED' OR resolved_at IS NULL", name="matched_not_resolved"),
        Index("ix_reconciliation_items_run_kind", "run_id", "kind"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_runs.id", ondelete="CASCADE"))
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANTS, ondelete="CASCADE"), index=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey(SHOPS, ondelete="CASCADE"))
    channel_order_no: Mapped[str] = mapped_column(String(NUMBER_MAX))
    order_id: Mapped[int | None] = mapped_column(BigInteger)
    kind: Mapped[ReconciliationKind] = mapped_column(String(16))
    currency: Mapped[str | None] = mapped_column(String(8))
    order_total: Mapped[Decimal | None] = mapped_column(MONEY)
    fees: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    expected: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    paid: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    difference: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    ordered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    settlement_ids: Mapped[str | None] = mapped_column(String(500))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_by: Mapped[str | None] = mapped_column(String(64))
    resolution_note: Mapped[str | None] = mapped_column(String(NOTE_MAX))
    shop_name: Mapped[str | None] = query_expression()
