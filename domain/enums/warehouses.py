"""Warehouses, their products and shelf merges (SPEC §3, §4)."""

from __future__ import annotations

from enum import StrEnum


class ShelfMergeState(StrEnum):
    """A shelf merge (SPEC §4: merging shelves is asynchronous, 3 to 5 minutes): RUNNING until every SKU of the
    source shelves is on the target (COMPLETED), or it is cancelled (what moved stays moved) or fails; a
    cancelled or failed merge can be retried and continues with what is left."""

    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"


class ShelfMergeItemState(StrEnum):
    """One SKU of one source shelf in a merge: PENDING until moved; SKIPPED when the shelf held none of it any
    more when its turn came (taken out by an outbound meanwhile)."""

    PENDING = "PENDING"
    MOVED = "MOVED"
    SKIPPED = "SKIPPED"


class FulfillmentProvider(StrEnum):
    """SPEC §3 third-party fulfillment providers; GINEE_WMS is the seller's own warehouse run in the WMS."""

    GINEE_WMS = "GINEE_WMS"
    FASTOCK = "FASTOCK"
    LAZADA_FULFILLMENT = "LAZADA_FULFILLMENT"
    JNE_FULFILLMENT = "JNE_FULFILLMENT"
    KEEPPACK = "KEEPPACK"
    TOKO_CABANG = "TOKO_CABANG"
    JD_FULFILLMENT = "JD_FULFILLMENT"
    J_AND_T = "J_AND_T"
    YH_GLOBAL = "YH_GLOBAL"
    FIRST_LINE = "FIRST_LINE"
    ECCANG = "ECCANG"
    STOKU = "STOKU"
    FLEXOFAST = "FLEXOFAST"
    OTHER = "OTHER"


class FulfillmentLogistics(StrEnum):
    """SPEC §3 logistics of the fulfillment providers."""

    JET_EXPRESS = "JET_EXPRESS"
    OTHERS = "OTHERS"


class WarehouseType(StrEnum):
    """Who runs a warehouse (SPEC §3 names the field; the values follow the usage modes of SPEC §3)."""

    OWN = "OWN"
    THIRD_PARTY = "THIRD_PARTY"
    OVERSEAS = "OVERSEAS"


class WarehouseUsageMode(StrEnum):
    """SPEC §3 warehouse usage modes."""

    ERP_ONLY_USE_OWN_WAREHOUSE = "ERP_ONLY_USE_OWN_WAREHOUSE"
    ERP_ONLY_USE_THIRD_WAREHOUSE = "ERP_ONLY_USE_THIRD_WAREHOUSE"
    ERP_USE_OWN_WAREHOUSE_AND_THIRD_WAREHOUSE = "ERP_USE_OWN_WAREHOUSE_AND_THIRD_WAREHOUSE"
    WMS_ONLY_USE_GINEE_WMS = "WMS_ONLY_USE_GINEE_WMS"
    WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE = "WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE"
    WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE_AND_OVERSEAS_WAREHOUSE = (
        "WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE_AND_OVERSEAS_WAREHOUSE")
    ERP_AND_OVERSEAS_WAREHOUSE = "ERP_AND_OVERSEAS_WAREHOUSE"
    ONLY_USE_OPEN_API = "ONLY_USE_OPEN_API"


class ProductCategory(StrEnum):
    """SPEC §3 warehouse product categories 1 to 23: the value is the category number."""

    WOMEN_CLOTHING = "1"
    MEN_CLOTHING = "2"
    BEAUTY_CARE = "3"
    HEALTH_CARE = "4"
    FASHION_ACCESSORIES = "5"
    HOUSEHOLD_APPLIANCES = "6"
    MOBILE_AND_ACCESSORIES = "7"
    MUSLIM_CLOTHING = "8"
    WOMEN_BAG = "9"
    WOMEN_SHOES = "10"
    FOOD_AND_BEVERAGE = "11"
    PET = "12"
    BABY_PRODUCT = "13"
    KIDS_WEAR = "14"
    CAMERA_AND_DRONE = "15"
    HOME_LIVING = "16"
    OUTDOOR_SPORT = "17"
    STATIONERY = "18"
    TREASURES = "19"
    AUTOMOTIVE = "20"
    BOOKS_AND_MAGAZINES = "21"
    COMPUTER_ACCESSORIES = "22"
    OTHER = "23"
