"""Notices, FAQ and tips (SPEC §3, §4, §5)."""

from __future__ import annotations

from enum import StrEnum


class ContentState(StrEnum):
    """SPEC §3 content states of notices and FAQ; DELETE keeps the row for the audit trail."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"
    DRAFT = "DRAFT"
    DELETE = "DELETE"


class ReleaseStatus(StrEnum):
    """SPEC §4 tip and notice: where the clock stands against the release (or start) and end times."""

    TO_BE_RELEASED = "TO_BE_RELEASED"
    PUBLISHED = "PUBLISHED"
    EXPIRED = "EXPIRED"


class NoticeKind(StrEnum):
    NOTICE = "NOTICE"
    FAQ = "FAQ"


class ContentLanguage(StrEnum):
    """SPEC §9 languages a notice is written in; the home page shows the reader's own."""

    EN = "en"
    ZH_CN = "zh-CN"
    ID = "id"


class TipPage(StrEnum):
    """Pages of the merchants' ERP where a tip can show (SPEC §5: at most 5 a tip, one tip a page and country)."""

    DASHBOARD = "DASHBOARD"
    ORDER_LIST = "ORDER_LIST"
    PRODUCT_LIST = "PRODUCT_LIST"
    MASTER_PRODUCT = "MASTER_PRODUCT"
    STOCK_LIST = "STOCK_LIST"
    PROMOTION = "PROMOTION"
    SHOP_LIST = "SHOP_LIST"
    WAREHOUSE = "WAREHOUSE"
    REPORTS = "REPORTS"
    SETTINGS = "SETTINGS"


class InternalFaqState(StrEnum):
    """SPEC §4 internal FAQ: offline, online, draft, topping (online and pinned to the top)."""

    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"
    DRAFT = "DRAFT"
    TOPPING = "TOPPING"
