"""Plans, packages, add-ons, payments and subscription requests (SPEC §3)."""

from __future__ import annotations

from enum import StrEnum


class PlanName(StrEnum):
    """SPEC §3: plan names and the tiers they map to."""

    OMS = "OMS"
    FREE = "FREE"
    FREE_TRIAL = "FREE_TRIAL"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    OMNICHANNEL = "OMNICHANNEL"
    PLUS = "PLUS"
    GINEE_OMS = "GINEE_OMS"
    GINEE_PLUS = "GINEE_PLUS"


class PaymentPeriod(StrEnum):
    """SPEC §3: payment periods; the months are in domain.enums.PERIOD_MONTHS."""

    MONTH = "MONTH"
    THREE_MONTH = "THREE_MONTH"
    HALF_YEAR = "HALF_YEAR"
    YEAR = "YEAR"
    TWO_YEAR = "TWO_YEAR"


class PaymentStatus(StrEnum):
    """SPEC §4: merchant payment status."""

    PAID = "PAID"
    PENDING = "PENDING"
    FAILED = "FAILED"
    CANCEL = "CANCEL"


class MerchantPackageState(StrEnum):
    """SPEC §4: a merchant's package state."""

    NOT_PAID = "NOT_PAID"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    PLUS = "PLUS"
    EXPIRED = "EXPIRED"


class SubscriptionState(StrEnum):
    """SPEC §4: package subscription state."""

    TRIAL = "TRIAL"
    PAID = "PAID"
    EXPIRED = "EXPIRED"


class PackageKind(StrEnum):
    """SPEC §2: the ERP, menu and common package screens."""

    ERP = "ERP"
    MENU = "MENU"
    COMMON = "COMMON"


class PackageType(StrEnum):
    """SPEC §3: a basic package or an add-on."""

    BASIC = "BASIC"
    ADDON = "ADDON"


class AddonType(StrEnum):
    """SPEC §3 add-on package quantities: what an add-on adds; each type has the most one request buys
    (domain/rules/subscriptions.py ADDON_QUANTITY)."""

    OMS_ADD_5_STAFF = "OMS_ADD_5_STAFF"
    OMS_ADD_10_STORE = "OMS_ADD_10_STORE"
    OMS_ADD_10K_ORDER = "OMS_ADD_10K_ORDER"
    WMS_ADD_5_CONSIGNOR = "WMS_ADD_5_CONSIGNOR"
    WMS_ORDER_10K = "WMS_ORDER_10K"
    OMS_OPEN_API = "OMS_OPEN_API"
    ADVANCED_WMS = "ADVANCED_WMS"


class AddonMode(StrEnum):
    """SPEC §3: how an add-on's period joins the current one."""

    SUPERIMPOSE = "SUPERIMPOSE"
    CONTINUE = "CONTINUE"


class SubscriptionMethod(StrEnum):
    """SPEC §3: offline by an operator, or online on the pricing page."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"


class PackageScene(StrEnum):
    """The system a package applies to (its applicable scene)."""

    ERP = "ERP"
    WMS = "WMS"
    CHAT = "CHAT"
    POS = "POS"


class NotRenewReason(StrEnum):
    """SPEC §3: churn or renewal reasons (the merchant's reason for not renewing)."""

    INSIST_MONTHLY = "INSIST_MONTHLY"
    TRY_MONTHLY = "TRY_MONTHLY"
    TOO_EXPENSIVE = "TOO_EXPENSIVE"
    PRODUCT_UNSTABLE = "PRODUCT_UNSTABLE"
    WAITING_NEW_FEATURES = "WAITING_NEW_FEATURES"
    OTHER = "OTHER"


class SubscriptionKind(StrEnum):
    """A paid subscription or a gift."""

    SUBSCRIBE = "SUBSCRIBE"
    GIFT = "GIFT"


class SubscriptionRequestState(StrEnum):
    """Where a subscribe or gift request stands in its flow."""

    AWAITING_CONFIRMATION = "AWAITING_CONFIRMATION"
    AWAITING_APPROVAL = "AWAITING_APPROVAL"
    APPLIED = "APPLIED"
    REFUSED = "REFUSED"
    EXPIRED = "EXPIRED"
    WITHDRAWN = "WITHDRAWN"
    FAILED = "FAILED"


class SubscriptionRecordStatus(StrEnum):
    """Where an applied subscription or gift record stands against today: its period not begun yet (a renewal
    starts at the current end), running, or over."""

    UPCOMING = "UPCOMING"
    ACTIVE = "ACTIVE"
    EXPIRED = "EXPIRED"


# SPEC §3: payment periods in months.
PERIOD_MONTHS: dict[PaymentPeriod, int] = {
    PaymentPeriod.MONTH: 1, PaymentPeriod.THREE_MONTH: 3, PaymentPeriod.HALF_YEAR: 6, PaymentPeriod.YEAR: 12,
    PaymentPeriod.TWO_YEAR: 24,
}
