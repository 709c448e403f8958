"""Subscribe and gift requests, the records they write, the entitlement ledger and payments (SPEC §3, §4).

A request is owned by its workflow (`subscription-{merchantId}-{receiptNumber}`); the row is what the
approval page and the merchant detail list. An approved request writes, in one transaction, its
subscription record, its entitlement periods, its payment and the audit entry. The database holds the
money rules that must never break whatever the caller: receipt and serial numbers are UNIQUE, the
approver is never the requester, and two base-package periods of one merchant cannot overlap
(EXCLUDE USING gist, migration 0011).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Index, Numeric, String, Text, func, text
from sqlalchemy.dialects.postgresql import JSONB, TSTZRANGE, ExcludeConstraint, Range
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import (
    Currency,
    PaymentPeriod,
    PaymentStatus,
    PlanName,
    SubscriptionKind,
    SubscriptionRequestState,
)

MONEY = Numeric(16, 2)
USER_FK = "users.id"
MERCHANT_FK = "merchants.id"
BASE_LINE = "BASE"  # the entitlement line of basic packages; add-ons use their own line
LIVE = "state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL')"
HELD = "state IN ('AWAITING_CONFIRMATION', 'AWAITING_APPROVAL', 'APPLIED')"
# the payload is the dialog as submitted (domain/flows/subscriptions.Draft), of the row's kind and merchant, with at
# least one package: the request lists and the apply read it (migration 0065)
PAYLOAD_DRAFT = ("payload->>'kind' IS NOT DISTINCT FROM kind "
                 "AND payload->>'merchant_id' IS NOT DISTINCT FROM merchant_id::text "
                 "AND jsonb_typeof(payload->'quotes') IS NOT DISTINCT FROM 'array' "
                 "AND payload->'quotes' <> '[]'::jsonb")


class SubscriptionRequest(Base, Timestamps):
    __tablename__ = "subscription_requests"
    __table_args__ = (
        one_of("kind", SubscriptionKind),
        one_of("state", SubscriptionRequestState),
        CheckConstraint("approver_id IS NULL OR approver_id <> requested_by", name="approver_not_requester"),
        CheckConstraint(PAYLOAD_DRAFT, name="payload_draft"),
        Index("ix_subscription_requests_state_created_at", "state", "created_at"),
        # while live, a request holds its idempotency key; live or applied, its receipt and serial (migration 0013)
        Index("uq_subscription_requests_live_workflow_id", "workflow_id", unique=True, postgresql_where=text(LIVE)),
        Index("uq_subscription_requests_held_receipt", "receipt_number", unique=True, postgresql_where=text(HELD)),
        Index("uq_subscription_requests_held_serial", "payment_serial", unique=True, postgresql_where=text(HELD)),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    workflow_id: Mapped[str] = mapped_column(String(200), index=True)  # the request's idempotency key
    kind: Mapped[SubscriptionKind] = mapped_column(String(16))
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    state: Mapped[SubscriptionRequestState] = mapped_column(String(24),
                                                            default=SubscriptionRequestState.AWAITING_CONFIRMATION)
    requested_by: Mapped[int] = mapped_column(ForeignKey(USER_FK, ondelete="RESTRICT"))
    approver_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="RESTRICT"))
    receipt_number: Mapped[str | None] = mapped_column(String(64))
    payment_serial: Mapped[str | None] = mapped_column(String(64))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONB)  # the dialog as confirmed
    screenshot_file_id: Mapped[int | None] = mapped_column(ForeignKey("stored_files.id", ondelete="RESTRICT"),
                                                           index=True)  # a private file
    deadline_at: Mapped[datetime | None]  # unapproved after this, the request expires
    decided_at: Mapped[datetime | None]
    reason: Mapped[str | None] = mapped_column(Text)  # why it was refused or failed


class Subscription(Base):
    """The subscription or gift record (SPEC §3), written once when its request is approved."""

    __tablename__ = "subscriptions"
    __table_args__ = (
        one_of("kind", SubscriptionKind),
        one_of("currency", Currency),
        one_of("payment_period", PaymentPeriod),
        one_of("plan_name", PlanName, nullable=True),
        CheckConstraint("free_days BETWEEN 0 AND 365", name="free_days_range"),
        CheckConstraint("quantity >= 1", name="quantity_positive"),
        CheckConstraint("approved_by <> created_by", name="approver_not_requester"),
        CheckConstraint("kind = 'GIFT' OR (payment_serial IS NOT NULL AND receipt_number IS NOT NULL)",
                        name="paid_needs_receipt_and_serial"),
        Index("ix_subscriptions_merchant_id_effective_at", "merchant_id", "effective_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    request_id: Mapped[int] = mapped_column(ForeignKey("subscription_requests.id", ondelete="RESTRICT"),
                                            unique=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    kind: Mapped[SubscriptionKind] = mapped_column(String(16))
    package_version_id: Mapped[int] = mapped_column(ForeignKey("package_versions.id", ondelete="RESTRICT"),
                                                    index=True)
    quantity: Mapped[int] = mapped_column(default=1)
    plan_name: Mapped[PlanName | None] = mapped_column(String(32))
    unit: Mapped[str] = mapped_column(String(16))  # what the quantity counts: periods, or an add-on's unit
    currency: Mapped[Currency] = mapped_column(String(3))
    payment_period: Mapped[PaymentPeriod] = mapped_column(String(16))
    effective_at: Mapped[datetime]
    expire_at: Mapped[datetime]
    amount: Mapped[Decimal] = mapped_column(MONEY)
    tax: Mapped[Decimal] = mapped_column(MONEY)
    discounted_price: Mapped[Decimal] = mapped_column(MONEY)
    actual_payment: Mapped[Decimal] = mapped_column(MONEY)
    payment_at: Mapped[datetime | None]
    payment_serial: Mapped[str | None] = mapped_column(String(64), unique=True)
    receipt_number: Mapped[str | None] = mapped_column(String(64), unique=True)
    screenshot_file_id: Mapped[int | None] = mapped_column(ForeignKey("stored_files.id", ondelete="RESTRICT"))
    free_days: Mapped[int] = mapped_column(default=0)
    created_by: Mapped[int] = mapped_column(ForeignKey(USER_FK, ondelete="RESTRICT"))
    approved_by: Mapped[int] = mapped_column(ForeignKey(USER_FK, ondelete="RESTRICT"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Entitlement(Base):
    """One `[start, end)` period of a package a merchant may use. A renewal starts at the current end; an add-on
    "continue" appends after its line's end, "superimpose" overlaps. Base periods never overlap (EXCLUDE)."""

    __tablename__ = "entitlements"
    __table_args__ = (
        CheckConstraint("NOT isempty(period)", name="period_not_empty"),
        # two base-package periods of one merchant can never overlap, whatever writes them (btree_gist)
        ExcludeConstraint(("merchant_id", "="), ("period", "&&"), name="ex_entitlements_base_period_overlap",
                          using="gist", where="line = 'BASE'"),
        Index("ix_entitlements_merchant_id_line", "merchant_id", "line"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    subscription_id: Mapped[int] = mapped_column(ForeignKey("subscriptions.id", ondelete="CASCADE"), index=True)
    package_version_id: Mapped[int] = mapped_column(ForeignKey("package_versions.id", ondelete="RESTRICT"))
    line: Mapped[str] = mapped_column(String(32), default=BASE_LINE)
    period: Mapped[Range[datetime]] = mapped_column(TSTZRANGE)


class Payment(Base, Timestamps):
    """A payment record of a merchant (SPEC §4 PAID, PENDING, FAILED, CANCEL): the expenses lists."""

    __tablename__ = "payments"
    __table_args__ = (
        one_of("currency", Currency),
        one_of("status", PaymentStatus),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        Index("ix_payments_merchant_id_created_at", "merchant_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    subscription_id: Mapped[int | None] = mapped_column(ForeignKey("subscriptions.id", ondelete="SET NULL"),
                                                        index=True)
    amount: Mapped[Decimal] = mapped_column(MONEY)
    currency: Mapped[Currency] = mapped_column(String(3))
    status: Mapped[PaymentStatus] = mapped_column(String(8), default=PaymentStatus.PENDING)
    payment_serial: Mapped[str | None] = mapped_column(String(64))
    paid_at: Mapped[datetime | None]
    # filled by the expenses lists (api/routers/expenses.py), not stored
    merchant_email: Mapped[str | None] = query_expression()
    plan_name: Mapped[str | None] = query_expression()
