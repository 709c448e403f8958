"""Enumerations shared by the API, the workflows and the web (served at /cms/common/enums).

Labels are translated in domain/locales under `enums.<Enum>.<VALUE>`.
"""

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


# Every enumeration the web may ask for, by name.
ALL: dict[str, type[StrEnum]] = {
    e.__name__: e for e in (Status, MenuType, Country, Channel, ShippingMethod, CourierStatus)
}
