"""The stock ledger: movement types, buckets and reconciliation (SPEC §3, §4, §8)."""

from __future__ import annotations

from enum import StrEnum


class StockMovementType(StrEnum):
    """SPEC §3 stock movement types, then the order steps that move reserved or in-transit stock (SPEC §4: an
    inbound order's in-transit stock, an outbound order's locked stock, promotion and spare stock). Which buckets
    each one changes is in domain/rules/stock.py."""

    PACKAGE_OUTBOUND = "package_outbound"
    MANUAL_OUTBOUND = "manual_outbound"
    RECEIVE_INBOUND = "receive_inbound"
    MANUAL_INBOUND = "manual_inbound"
    TRANSFER_INBOUND = "transfer_inbound"
    TRANSFER_OUTBOUND = "transfer_outbound"
    MOVE_SHELF = "move_shelf"
    DEFECTIVE_GOOD = "defective_good"
    PLAN_INBOUND = "plan_inbound"
    CANCEL_INBOUND = "cancel_inbound"
    LOCK_OUTBOUND = "lock_outbound"
    RELEASE_OUTBOUND = "release_outbound"
    RESERVE_PROMOTION = "reserve_promotion"
    RELEASE_PROMOTION = "release_promotion"
    RESERVE_SPARE = "reserve_spare"
    RELEASE_SPARE = "release_spare"


class StockReconcileStatus(StrEnum):
    """A reconciliation run: OK when every balance equals the sum of its change records, DRIFT otherwise."""

    OK = "OK"
    DRIFT = "DRIFT"


class StockBucket(StrEnum):
    """The stock figures of one sku in one warehouse (SPEC §3 stock levels). AVAILABLE is derived:
    on hand - spare - locked - promotion; transit is stock on its way in and not yet on hand."""

    ON_HAND = "on_hand"
    SPARE = "spare"
    LOCKED = "locked"
    PROMOTION = "promotion"
    TRANSIT = "transit"
    AVAILABLE = "available"
