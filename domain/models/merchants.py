"""Merchants (SPEC §3 merchant or account), their IAM, ERP and WMS accounts, and their shops.

The merchant row carries what its list shows and filters on; the plan columns (plan name, package state,
expire date, order limit) are kept by the subscription transaction from the entitlement ledger
(domain/models/subscriptions.py), and `shop_count` by a trigger on shops (migration 0011), so the list
never counts or joins per row.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import (
    AccountStatus,
    AccountSystem,
    AccountType,
    AccountUserType,
    Channel,
    ContactStatus,
    Country,
    MerchantPackageState,
    MerchantType,
    NotRenewReason,
    PlanName,
    SalesTeam,
    ShopConnectionStatus,
    SourceSystem,
    SubscriptionState,
)

USER_FK = "users.id"
MERCHANT_FK = "merchants.id"


class Merchant(Base, Timestamps):
    __tablename__ = "merchants"
    __table_args__ = (
        one_of("country", Country),
        one_of("registration_source", SourceSystem),
        one_of("merchant_type", MerchantType, nullable=True),
        one_of("plan_name", PlanName, nullable=True),
        one_of("package_state", MerchantPackageState),
        one_of("subscription_state", SubscriptionState, nullable=True),
        one_of("contact_status", ContactStatus, nullable=True),
        one_of("not_renew_reason", NotRenewReason, nullable=True),
        one_of("team", SalesTeam, nullable=True),
        CheckConstraint("email = lower(email) AND position('@' in email) > 1", name="email_lower"),
        CheckConstraint("phone ~ '^\\+[1-9][0-9]{6,14}$'", name="phone_e164"),
        CheckConstraint("shop_count >= 0 AND order_usage >= 0 AND order_limit >= 0", name="counts_not_negative"),
        CheckConstraint("first_payment_at <= last_payment_at", name="first_payment_before_last"),
        # email and phone are searched by any part of them (SPEC §5: at least 3 letters / 8 characters)
        Index("ix_merchants_email_trgm", "email", postgresql_using="gin", postgresql_ops={"email": "gin_trgm_ops"}),
        Index("ix_merchants_phone_trgm", "phone", postgresql_using="gin", postgresql_ops={"phone": "gin_trgm_ops"}),
        # a phone search starts with the country code: a range scan of this index (migration 0015)
        Index("ix_merchants_phone_prefix", "phone", postgresql_ops={"phone": "varchar_pattern_ops"}),
        Index("ix_merchants_country_expire_at", "country", "expire_at"),
        Index("ix_merchants_registered_at_id", "registered_at", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    phone: Mapped[str] = mapped_column(String(16))  # E.164; the country is derived from it (phonenumbers)
    country: Mapped[Country] = mapped_column(String(8))
    registered_at: Mapped[datetime] = mapped_column(server_default=text("now()"))
    registration_source: Mapped[SourceSystem] = mapped_column(String(32), default=SourceSystem.OTHERS)
    merchant_type: Mapped[MerchantType | None] = mapped_column(String(48), index=True)
    business_category: Mapped[str | None] = mapped_column(String(64))
    plan_name: Mapped[PlanName | None] = mapped_column(String(32), index=True)
    package_state: Mapped[MerchantPackageState] = mapped_column(String(16), default=MerchantPackageState.NOT_PAID)
    subscription_state: Mapped[SubscriptionState | None] = mapped_column(String(16))
    expire_at: Mapped[datetime | None] = mapped_column(index=True)
    shop_count: Mapped[int] = mapped_column(default=0, server_default="0")
    order_usage: Mapped[int] = mapped_column(default=0, server_default="0")  # orders this month
    order_limit: Mapped[int] = mapped_column(default=0, server_default="0")  # monthly orders of the plan
    contact_status: Mapped[ContactStatus | None] = mapped_column(String(16))
    not_renew_reason: Mapped[NotRenewReason | None] = mapped_column(String(32))
    sales_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"), index=True)
    retention_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"), index=True)
    team: Mapped[SalesTeam | None] = mapped_column(String(32), index=True)
    tags: Mapped[list[str]] = mapped_column(ARRAY(String(32)), default=list, server_default="{}")
    whatsapp_link: Mapped[str | None] = mapped_column(String(500))  # the WA link of SPEC §3
    # the WhatsApp group the merchant was invited to (SPEC §2); a group with members cannot be deleted
    whatsapp_group_id: Mapped[int | None] = mapped_column(ForeignKey("whatsapp_groups.id", ondelete="RESTRICT"),
                                                          index=True)
    erp_business_line: Mapped[str | None] = mapped_column(String(32))
    erp_merchant_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    wms_merchant_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    iam_user_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    erp_first_login_at: Mapped[datetime | None]  # WMS activation needs it (SPEC §5)
    first_payment_at: Mapped[datetime | None]
    last_payment_at: Mapped[datetime | None]
    active_days: Mapped[int] = mapped_column(default=0, server_default="0")
    orders_30d: Mapped[int] = mapped_column(default=0, server_default="0")
    # filled by the list and detail queries (api/routers/merchants.py), not stored
    sales_name: Mapped[str | None] = query_expression()
    retention_name: Mapped[str | None] = query_expression()
    channels: Mapped[list[str] | None] = query_expression()
    whatsapp_group_name: Mapped[str | None] = query_expression()
    whatsapp_group_link: Mapped[str | None] = query_expression()


class MerchantAccount(Base, Timestamps):
    """One login of a merchant in one system. The merchant's own account and its staff (user type) each have one
    per system; the account type is edited on the IAM account and copied to ERP and WMS in the same transaction."""

    __tablename__ = "merchant_accounts"
    __table_args__ = (
        UniqueConstraint("merchant_id", "system", "email", name="uq_merchant_accounts_merchant_system_email"),
        one_of("system", AccountSystem),
        one_of("status", AccountStatus),
        one_of("account_type", AccountType),
        one_of("user_type", AccountUserType),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"), index=True)
    system: Mapped[AccountSystem] = mapped_column(String(8))
    email: Mapped[str] = mapped_column(String(254))
    user_type: Mapped[AccountUserType] = mapped_column(String(16), default=AccountUserType.MERCHANT)
    status: Mapped[AccountStatus] = mapped_column(String(16), default=AccountStatus.ENABLED)
    account_type: Mapped[AccountType] = mapped_column(String(16), default=AccountType.OFFICIAL)
    activated_at: Mapped[datetime | None]  # null: not activated in this system yet


class Shop(Base, Timestamps):
    __tablename__ = "shops"
    __table_args__ = (
        UniqueConstraint("channel", "external_shop_id", name="uq_shops_channel_external_shop_id"),
        UniqueConstraint("id", "merchant_id", name="uq_shops_id_merchant_id"),  # goods name the pair
        one_of("channel", Channel),
        one_of("country", Country),
        one_of("connection_status", ShopConnectionStatus),
        Index("ix_shops_merchant_id_bound", "merchant_id", "bound"),
        Index("ix_shops_merchant_email_trgm", "merchant_email", postgresql_using="gin",
              postgresql_ops={"merchant_email": "gin_trgm_ops"}),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    merchant_id: Mapped[int] = mapped_column(ForeignKey(MERCHANT_FK, ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(255))
    channel: Mapped[Channel] = mapped_column(String(32), index=True)
    country: Mapped[Country] = mapped_column(String(8), index=True)
    external_shop_id: Mapped[str] = mapped_column(String(64))
    external_shop_name: Mapped[str | None] = mapped_column(String(255))
    logo_url: Mapped[str | None] = mapped_column(String(2083))
    chat_url: Mapped[str | None] = mapped_column(String(2083))
    merchant_email: Mapped[str] = mapped_column(String(254), index=True)  # copied from the merchant for search
    latest_order_sync_at: Mapped[datetime | None]
    latest_product_sync_at: Mapped[datetime | None]
    connection_type: Mapped[str | None] = mapped_column(String(32))
    connection_status: Mapped[ShopConnectionStatus] = mapped_column(String(16),
                                                                     default=ShopConnectionStatus.CONNECTED)
    bound: Mapped[bool] = mapped_column(default=True, server_default="true")
    unbound_at: Mapped[datetime | None]
