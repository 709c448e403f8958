"""After-sales: returns of shipped channel orders, their lines, packing materials and warehouse content."""

from __future__ import annotations

from enum import StrEnum


class ReturnStatus(StrEnum):
    """A return's state; it changes only through domain/rules/after_sales.TRANSITIONS. RESTOCKED, DEFECTIVE and
    REJECTED are final: RESTOCKED when good units went back on hand, DEFECTIVE when every unit was defective."""

    REQUESTED = "REQUESTED"
    IN_TRANSIT = "IN_TRANSIT"
    RECEIVED = "RECEIVED"
    INSPECTED = "INSPECTED"
    RESTOCKED = "RESTOCKED"
    DEFECTIVE = "DEFECTIVE"
    REJECTED = "REJECTED"


class ReturnAction(StrEnum):
    DISPATCH = "DISPATCH"  # the buyer sent the parcel back: a tracking number
    RECEIVE = "RECEIVE"
    INSPECT = "INSPECT"  # each line's good and defective units
    RESTOCK = "RESTOCK"  # good units back on hand through the ledger, defective ones recorded
    REJECT = "REJECT"


class ReturnReason(StrEnum):
    DAMAGED = "DAMAGED"
    WRONG_ITEM = "WRONG_ITEM"
    NOT_AS_DESCRIBED = "NOT_AS_DESCRIBED"
    SIZE_ISSUE = "SIZE_ISSUE"
    NO_LONGER_NEEDED = "NO_LONGER_NEEDED"
    OTHER = "OTHER"


class ContentAudience(StrEnum):
    """Who a warehouse's content is published to: its staff or the consignors (merchants) storing goods there."""

    STAFF = "STAFF"
    CONSIGNOR = "CONSIGNOR"


class MaterialUnit(StrEnum):
    PIECE = "PIECE"
    ROLL = "ROLL"
    METER = "METER"
    SHEET = "SHEET"
    BOX = "BOX"
