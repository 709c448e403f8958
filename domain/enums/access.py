"""Users, roles and data authority (SPEC §6), and the account state the support calls clear."""

from __future__ import annotations

from enum import StrEnum


class RoleType(StrEnum):
    SYSTEM = "SYSTEM"
    BUSINESS = "BUSINESS"
    CUSTOM = "CUSTOM"


class Team(StrEnum):
    """SPEC §6: team identifiers used by data authority."""

    SYS_ERP = "sys-erp"
    SYS_WMS = "sys-wms"
    TOOLS_SCRAPER = "tools-scraper"
    PRE_SALES = "pre-sales"
    PRE_SALES_LEADER = "pre-sales-leader"
    IN_SALES = "in-sales"
    IN_SALES_LEADER = "in-sales-leader"
    AFTER_SALES = "after-sales"


class DataScopeType(StrEnum):
    """Data authority: which rows of a list a user sees (SPEC §6)."""

    ALL = "ALL"
    COUNTRY = "COUNTRY"
    TEAM = "TEAM"
    DEPARTMENT = "DEPARTMENT"
    OWN = "OWN"


class AccountKeyType(StrEnum):
    """The account state the `common/redis/account/*` calls look at or clear."""

    LOGIN_LOCK = "LOGIN_LOCK"
    SESSION = "SESSION"
