"""Enumerations several modules share: record status, menus, countries, sales channels, couriers, source systems
and currencies."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    ENABLED = "ENABLED"
    DISABLED = "DISABLED"


class MenuType(StrEnum):
    DIRECTORY = "DIRECTORY"
    MENU = "MENU"
    BUTTON = "BUTTON"


class Country(StrEnum):
    ID = "ID"
    PH = "PH"
    CN = "CN"
    MY = "MY"
    TH = "TH"
    VN = "VN"
    SG = "SG"
    TW = "TW"
    US = "US"


class Channel(StrEnum):
    SHOPEE_ID = "SHOPEE_ID"
    TOKOPEDIA_ID = "TOKOPEDIA_ID"
    BUKALAPAK_ID = "BUKALAPAK_ID"
    LAZADA_ID = "LAZADA_ID"
    LAZADA_CHOICE = "LAZADA_CHOICE"
    BLIBLI_ID = "BLIBLI_ID"
    SHOPIFY_ID = "SHOPIFY_ID"
    JD_ID = "JD_ID"
    JD_V2 = "JD_V2"
    TIKTOK_ID = "TIKTOK_ID"
    ZALORA_ID = "ZALORA_ID"
    AKULAKU_ID = "AKULAKU_ID"
    WOO_COMMERCE_ID = "WOO_COMMERCE_ID"
    TIKI_ID = "TIKI_ID"
    MOKA_POS = "MOKA_POS"
    LINE_SHOPPING_TH = "LINE_SHOPPING_TH"
    GINEE_POS = "GINEE_POS"
    MAGENTO = "MAGENTO"
    MANUAL = "MANUAL"
    ALIBABA_CN = "ALIBABA_CN"
    ALIBABA_INTL_CN = "ALIBABA_INTL_CN"


class ShippingMethod(StrEnum):
    PICK_UP = "PICK_UP"
    DROP_OFF = "DROP_OFF"
    MANUAL_SHIP = "MANUAL_SHIP"


class CourierStatus(StrEnum):
    LIVE = "LIVE"
    DISABLED = "DISABLED"


class SourceSystem(StrEnum):
    """SPEC §3: the systems a call or an event comes from; the audit log's application."""

    SYS_ERP = "SYS_ERP"
    SYS_WMS = "SYS_WMS"
    SYS_CHAT = "SYS_CHAT"
    SYS_TRACK = "SYS_TRACK"
    SYS_POS = "SYS_POS"
    GENIE_IAM = "GENIE_IAM"
    GENIE_CRM = "GENIE_CRM"
    TOOLS_DATA = "TOOLS_DATA"
    TOOLS_SCRAPER = "TOOLS_SCRAPER"
    AINEE_MERCHANT = "AINEE_MERCHANT"
    AINEE_MEMBER = "AINEE_MEMBER"
    AINEE_STORE = "AINEE_STORE"
    AINEE_OFFICIAL_SITE = "AINEE_OFFICIAL_SITE"
    MKT_ADS = "MKT_ADS"
    GENIE_SAAS_OFFICIAL_SITE = "GENIE_SAAS_OFFICIAL_SITE"
    GENIE_CMS = "GENIE_CMS"
    OTHERS = "OTHERS"


class Currency(StrEnum):
    """SPEC §3: the currencies packages and payments are in."""

    IDR = "IDR"
    CNY = "CNY"
    USD = "USD"
    VND = "VND"
    MYR = "MYR"
    PHP = "PHP"
    THB = "THB"
    SGD = "SGD"
