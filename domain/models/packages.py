"""Packages (SPEC §3 ERP package) in versions, and the system#feature catalogue they bind (SPEC §6).

A package is its identity: kind, name (the classification label, fixed at creation; one name groups the
package across countries), country, type and status. What it costs and grants is a version: a price or
permission change writes a new version, and a subscription keeps the version it bought until it renews
(PEERS §2). Money is NUMERIC, never float; the CHECKs repeat the rules of SPEC §5 so that no path can
store what the form refuses.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Numeric, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column, relationship

from domain.db import Base, Timestamps, one_of
from domain.enums import (
    AddonMode,
    AddonType,
    Channel,
    Country,
    Currency,
    PackageKind,
    PackageScene,
    PackageType,
    PaymentPeriod,
    PlanName,
    Status,
    SubscriptionMethod,
)

MONEY = Numeric(16, 2)


class Feature(Base):
    """One node of the system#feature permission catalogue: a system, a group or a feature (SPEC §6)."""

    __tablename__ = "features"

    key: Mapped[str] = mapped_column(String(128), primary_key=True)  # e.g. "erp#order.pending"
    parent_key: Mapped[str | None] = mapped_column(ForeignKey("features.key", ondelete="CASCADE"), index=True)
    system: Mapped[PackageScene] = mapped_column(String(8))
    name_en: Mapped[str] = mapped_column(String(128))
    name_zh: Mapped[str] = mapped_column(String(128))
    name_id: Mapped[str] = mapped_column(String(128))
    sort: Mapped[int] = mapped_column(default=0)


class Package(Base, Timestamps):
    __tablename__ = "packages"
    __table_args__ = (
        UniqueConstraint("kind", "name", "country", name="uq_packages_kind_name_country"),
        one_of("kind", PackageKind),
        one_of("country", Country),
        one_of("scene", PackageScene),
        one_of("package_type", PackageType),
        one_of("addon_mode", AddonMode, nullable=True),
        one_of("addon_type", AddonType, nullable=True),
        # the type names an add-on's quantity limit (SPEC §3); packages made before it had none
        CheckConstraint("addon_type IS NULL OR package_type = 'ADDON'", name="addon_type_for_addons"),
        one_of("plan_name", PlanName, nullable=True),
        one_of("status", Status),
        CheckConstraint("(package_type = 'ADDON') = (addon_mode IS NOT NULL)", name="addon_mode_for_addons"),
        CheckConstraint("current_version >= 1", name="current_version_positive"),
        # an enabled basic ERP package gives its subscribers a tier: it has a plan (migration 0037)
        CheckConstraint("status <> 'ENABLED' OR kind <> 'ERP' OR package_type <> 'BASIC' OR plan_name IS NOT NULL",
                        name="enabled_basic_has_plan"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    kind: Mapped[PackageKind] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(128))  # not editable after creation (trigger, migration 0011)
    country: Mapped[Country] = mapped_column(String(8))
    scene: Mapped[PackageScene] = mapped_column(String(8))
    package_type: Mapped[PackageType] = mapped_column(String(8))
    addon_mode: Mapped[AddonMode | None] = mapped_column(String(16))
    addon_type: Mapped[AddonType | None] = mapped_column(String(32))  # fixed once set (trigger, migration 0020)
    plan_name: Mapped[PlanName | None] = mapped_column(String(32))  # the tier a basic package gives its merchant
    status: Mapped[Status] = mapped_column(String(16), default=Status.DISABLED)  # a new package starts disabled
    current_version: Mapped[int] = mapped_column(default=1)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    # The version on sale now: what lists, the edit form and new subscriptions read.
    current: Mapped[PackageVersion] = relationship(
        primaryjoin="and_(Package.id == PackageVersion.package_id, Package.current_version == PackageVersion.version)",
        foreign_keys="[PackageVersion.package_id, PackageVersion.version]", viewonly=True, uselist=False,
        lazy="raise_on_sql")


class PackageVersion(Base):
    __tablename__ = "package_versions"
    __table_args__ = (
        UniqueConstraint("package_id", "version", name="uq_package_versions_package_version"),
        one_of("currency", Currency),
        one_of("payment_period", PaymentPeriod),
        one_of("subscription_method", SubscriptionMethod),
        CheckConstraint("amount BETWEEN 1 AND 100000000000 AND amount = trunc(amount)", name="amount_range"),
        CheckConstraint("tax >= 0 AND tax < amount AND tax = ceil(tax)", name="tax_below_amount"),
        CheckConstraint("discounted_price BETWEEN 0 AND 100000000 AND discounted_price <= amount",
                        name="discounted_price_range"),
        CheckConstraint("actual_payment = CASE WHEN tax <= 0 THEN amount - discounted_price "
                        "ELSE amount + tax - discounted_price END", name="actual_payment_formula"),
        CheckConstraint("free_days BETWEEN 0 AND 365", name="free_days_range"),
        CheckConstraint("store_count BETWEEN -1 AND 1000", name="store_count_range"),
        CheckConstraint("sub_account_count BETWEEN -1 AND 100000", name="sub_account_count_range"),
        CheckConstraint("msku_count BETWEEN -1 AND 1000000", name="msku_count_range"),
        CheckConstraint("monthly_orders BETWEEN 1 AND 1000000 AND daily_orders = monthly_orders / 30",
                        name="orders_range"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    package_id: Mapped[int] = mapped_column(ForeignKey("packages.id", ondelete="CASCADE"), index=True)
    version: Mapped[int]
    display_name: Mapped[str] = mapped_column(String(128))  # shown on the pricing page
    subscription_method: Mapped[SubscriptionMethod] = mapped_column(String(8))
    payment_period: Mapped[PaymentPeriod] = mapped_column(String(16))
    priority: Mapped[int] = mapped_column(default=0)
    currency: Mapped[Currency] = mapped_column(String(3))
    amount: Mapped[Decimal] = mapped_column(MONEY)  # excluding tax, whole units
    monthly_amount: Mapped[Decimal | None] = mapped_column(MONEY)
    daily_amount: Mapped[Decimal | None] = mapped_column(MONEY)
    tax_rate: Mapped[Decimal] = mapped_column(Numeric(5, 2), default=Decimal(0))
    tax: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))  # rounded up
    discount_percentage: Mapped[Decimal] = mapped_column(Numeric(5, 2), default=Decimal(0))
    discounted_price: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    total_price: Mapped[Decimal] = mapped_column(MONEY)
    actual_payment: Mapped[Decimal] = mapped_column(MONEY)
    free_days: Mapped[int] = mapped_column(default=0)
    monthly_orders: Mapped[int]
    daily_orders: Mapped[int]  # floor(monthly / 30)
    reminder_orders: Mapped[int | None]
    intercepted_orders: Mapped[int | None]
    effect_after_interception: Mapped[str | None] = mapped_column(String(64))
    channels: Mapped[list[Channel]] = mapped_column(ARRAY(String(32)), default=list, server_default="{}")
    store_count: Mapped[int] = mapped_column(default=-1)  # -1: unlimited
    sub_account_count: Mapped[int] = mapped_column(default=-1)
    msku_count: Mapped[int] = mapped_column(default=-1)
    pricing_copy: Mapped[str | None] = mapped_column(Text)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())

    features: Mapped[list[PackageVersionFeature]] = relationship(viewonly=True, lazy="selectin",
                                                                 order_by="PackageVersionFeature.feature_key")


class PackageVersionFeature(Base):
    """The system#feature permissions one package version grants."""

    __tablename__ = "package_version_features"

    version_id: Mapped[int] = mapped_column(ForeignKey("package_versions.id", ondelete="CASCADE"),
                                            primary_key=True)
    feature_key: Mapped[str] = mapped_column(ForeignKey("features.key", ondelete="RESTRICT"), primary_key=True,
                                             index=True)
