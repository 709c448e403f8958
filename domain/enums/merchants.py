"""Merchants, their accounts, shops and contacts (SPEC §3, §4, §6)."""

from __future__ import annotations

from enum import StrEnum


class AccountSystem(StrEnum):
    """The three dimensions of a merchant's accounts; the account type is edited in IAM only."""

    IAM = "IAM"
    ERP = "ERP"
    WMS = "WMS"


class AccountStatus(StrEnum):
    """SPEC §4: account status in ERP, WMS and IAM."""

    ENABLED = "ENABLED"
    DISABLED = "DISABLED"
    EXPIRED = "EXPIRED"
    BLACKLISTED = "BLACKLISTED"


class AccountType(StrEnum):
    """SPEC §3: account types, editable only in the IAM dimension and copied to ERP and WMS."""

    OFFICIAL = "OFFICIAL"
    TEST = "TEST"
    INTERNAL = "INTERNAL"


class AccountUserType(StrEnum):
    """SPEC §6: ERP and WMS user types."""

    MERCHANT = "MERCHANT"
    STAFF = "STAFF"


class MerchantType(StrEnum):
    """SPEC §3: merchant types."""

    SOUTHEAST_ASIA_LOCAL_SELLERS = "SOUTHEAST_ASIA_LOCAL_SELLERS"
    OVERSEAS_WAREHOUSE_SERVICE = "OVERSEAS_WAREHOUSE_SERVICE"
    SOUTHEAST_ASIA_CROSS_BORDER_SELLERS = "SOUTHEAST_ASIA_CROSS_BORDER_SELLERS"
    NOT_MERCHANT = "NOT_MERCHANT"
    NO_STORE = "NO_STORE"
    SINGLE_MARKETPLACE = "SINGLE_MARKETPLACE"
    MULTIPLE_MARKETPLACE = "MULTIPLE_MARKETPLACE"
    NOT_KNOWN = "NOT_KNOWN"
    INVALID_NUMBER = "INVALID_NUMBER"
    DISTRIBUTOR = "DISTRIBUTOR"


class SalesTeam(StrEnum):
    """SPEC §3: sales teams a merchant is served by."""

    RETENTION = "RETENTION"
    SUPPORT_OPS = "SUPPORT_OPS"
    SELLER_SUCCESS = "SELLER_SUCCESS"
    SALES = "SALES"
    ONBOARDING_SPECIALIST = "ONBOARDING_SPECIALIST"
    GINEE_LISTING = "GINEE_LISTING"


class ShopConnectionStatus(StrEnum):
    """SPEC §3: shop connection status."""

    CONNECTED = "CONNECTED"
    DISCONNECTED = "DISCONNECTED"
    EXPIRED = "EXPIRED"
    AUTHORIZING = "AUTHORIZING"
    UNAUTHORIZED = "UNAUTHORIZED"
    RESTRICTED = "RESTRICTED"


class IntegrationFilter(StrEnum):
    """SPEC §3: the merchant list's integration filter, over the merchant's shops."""

    CONNECTED = "CONNECTED"
    NON_CONNECTED = "NON_CONNECTED"
    ALL_EXPIRED = "ALL_EXPIRED"
    ALL_DISCONNECTED = "ALL_DISCONNECTED"


class PlanFilter(StrEnum):
    """SPEC §3: the merchant list's plan filter."""

    NOT_INTEGRATE = "NOT_INTEGRATE"
    NO_ORDER = "NO_ORDER"
    BASIC = "BASIC"
    PRO = "PRO"
    BUSINESS = "BUSINESS"
    PLUS = "PLUS"


class ContactStatus(StrEnum):
    """SPEC §4: reach status, the merchant list's contact status."""

    NOT_REACH = "NOT_REACH"
    INVALID_NUMBER = "INVALID_NUMBER"
    DONE = "DONE"
