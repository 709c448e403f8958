"""ERP settings of a merchant (SPEC §2 ERP settings): the choices its settings and templates offer."""

from __future__ import annotations

from enum import StrEnum


class MasterProductMode(StrEnum):
    """How channel products become master products: matched by SKU, or bound by hand."""

    MATCH_BY_SKU = "MATCH_BY_SKU"
    MANUAL_BIND = "MANUAL_BIND"


class SkuRule(StrEnum):
    """The characters a merchant's master SKUs may hold."""

    ANY = "ANY"
    LETTERS_DIGITS = "LETTERS_DIGITS"
    LETTERS_DIGITS_DASH = "LETTERS_DIGITS_DASH"


class OrderSplitRule(StrEnum):
    """How an order whose lines cannot leave together is split into packages."""

    NO_SPLIT = "NO_SPLIT"
    BY_WAREHOUSE = "BY_WAREHOUSE"
    BY_STOCK = "BY_STOCK"
    BY_LINE = "BY_LINE"


class StockReserveOn(StrEnum):
    """When an order reserves its stock: as soon as it arrives, once paid, or once accepted."""

    CREATED = "CREATED"
    PAID = "PAID"
    ACCEPTED = "ACCEPTED"


class LabelSize(StrEnum):
    """Paper of a shipping label or a printed template."""

    A4 = "A4"
    A5 = "A5"
    A6 = "A6"
    SIZE_100X100 = "SIZE_100X100"
    SIZE_100X150 = "SIZE_100X150"
    SIZE_76X130 = "SIZE_76X130"


class HandoverMode(StrEnum):
    """How parcels reach the courier: the courier picks them up, or the merchant drops them off."""

    PICKUP = "PICKUP"
    DROP_OFF = "DROP_OFF"


class ErpTemplateKind(StrEnum):
    """SPEC §2 ERP settings: basic, order and shipping templates (logistics templates are a list of their own)."""

    BASIC = "BASIC"
    ORDER = "ORDER"
    SHIPPING = "SHIPPING"


class TemplateField(StrEnum):
    """What a printed or exported template shows."""

    ORDER_NO = "ORDER_NO"
    CHANNEL_ORDER_NO = "CHANNEL_ORDER_NO"
    SHOP_NAME = "SHOP_NAME"
    BUYER_NAME = "BUYER_NAME"
    RECIPIENT = "RECIPIENT"
    PHONE = "PHONE"
    ADDRESS = "ADDRESS"
    SKU = "SKU"
    PRODUCT_NAME = "PRODUCT_NAME"
    QUANTITY = "QUANTITY"
    PRICE = "PRICE"
    TOTAL = "TOTAL"
    COURIER = "COURIER"
    TRACKING_NO = "TRACKING_NO"
    BARCODE = "BARCODE"
    REMARK = "REMARK"
    WEIGHT = "WEIGHT"
    CREATED_AT = "CREATED_AT"


class PushRuleMode(StrEnum):
    """A store's stock push rule: a share of the available stock, or a fixed quantity."""

    RATIO = "RATIO"
    FIXED = "FIXED"
