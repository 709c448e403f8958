"""Inbound and outbound stock orders (SPEC §4)."""

from __future__ import annotations

from enum import StrEnum


class WarehouseDocumentStatus(StrEnum):
    """SPEC §4 warehouse document (inbound and outbound order) status."""

    CREATE = "CREATE"
    PENDING = "PENDING"
    COMPLETE = "COMPLETE"
    INVALID = "INVALID"
    PART_COMPLETE = "PART_COMPLETE"
    PART_INVALID = "PART_INVALID"


class OutboundWorkingStatus(StrEnum):
    """SPEC §4 outbound working status."""

    CREATE = "CREATE"
    SYNC_SUCCESS = "SYNC_SUCCESS"
    SYNC_FAIL = "SYNC_FAIL"
    RECEIVED = "RECEIVED"
    ALLOCATED = "ALLOCATED"
    PICKING_PROCESS = "PICKING_PROCESS"
    SORTING_AND_REVIEWING = "SORTING_AND_REVIEWING"
    PACKED = "PACKED"
    WAITING_PICKUP = "WAITING_PICKUP"
    CANCELING = "CANCELING"
    CANCEL_FAIL = "CANCEL_FAIL"
    OUTBOUND_DONE = "OUTBOUND_DONE"


class WarehousePushStatus(StrEnum):
    """SPEC §4 push status of a warehouse document."""

    NORMAL = "NORMAL"
    RECEIVED = "RECEIVED"
    FAIL = "FAIL"
    SUCCESS = "SUCCESS"
    SUCCESS_WITHOUT_AWB = "SUCCESS_WITHOUT_AWB"
    RECEIVED_PULL_AWB = "RECEIVED_PULL_AWB"


class PrintStatus(StrEnum):
    """SPEC §4 print status."""

    NOT_PRINTED = "NOT_PRINTED"
    PRINTED = "PRINTED"
    UNKNOWN = "UNKNOWN"


class WmsOrderStatus(StrEnum):
    """SPEC §4 WMS order status (also the order tabs of SPEC §3, with 'all')."""

    PENDING = "PENDING"
    SHIPPING = "SHIPPING"
    COMPLETED = "COMPLETED"
    ABNORMAL = "ABNORMAL"
    CANCELLED = "CANCELLED"


class WmsProcessAction(StrEnum):
    """A step of the order process (domain/rules/wms_orders.py), taken on a selection of outbound orders."""

    ALLOCATE = "ALLOCATE"  # the stock (locked at creation) allotted to the order's pick: ALLOCATED
    WAVE = "WAVE"  # the selection becomes one pick wave: PICKING_PROCESS
    PICKED = "PICKED"  # picked: SORTING_AND_REVIEWING
    PACK = "PACK"  # packed with its carrier and tracking number: PACKED
    HANDOVER = "HANDOVER"  # handed to the carrier: shipped through the outbound path, OUTBOUND_DONE
    ABNORMAL = "ABNORMAL"  # a step failed (a short pick ...): held with a reason
    RESUME = "RESUME"  # the abnormal package resumes where it stood
    CANCEL = "CANCEL"  # the order is voided, its lock released


class AbnormalReason(StrEnum):
    """Why a package of the order process is abnormal."""

    SHORT_PICK = "SHORT_PICK"
    DAMAGED = "DAMAGED"
    WRONG_ITEM = "WRONG_ITEM"
    LABEL_ERROR = "LABEL_ERROR"
    OTHER = "OTHER"


class StockOrderDirection(StrEnum):
    """An inbound order brings stock into a warehouse, an outbound order takes it out."""

    INBOUND = "INBOUND"
    OUTBOUND = "OUTBOUND"


class StockOrderType(StrEnum):
    """Why stock comes in (purchase, a buyer's return, a transfer from another warehouse) or goes out (a sale's
    package, a transfer to another warehouse, a return to the supplier); the direction follows the type."""

    PURCHASE_INBOUND = "PURCHASE_INBOUND"
    RETURN_INBOUND = "RETURN_INBOUND"
    TRANSFER_INBOUND = "TRANSFER_INBOUND"
    SALES_OUTBOUND = "SALES_OUTBOUND"
    TRANSFER_OUTBOUND = "TRANSFER_OUTBOUND"
    SUPPLIER_RETURN_OUTBOUND = "SUPPLIER_RETURN_OUTBOUND"


class StockOrderAction(StrEnum):
    """What is done to an inbound or outbound order; each is one entry of the order's history."""

    CREATE = "CREATE"
    RECEIVE = "RECEIVE"  # inbound: part or all of what is in transit arrives
    SHIP = "SHIP"  # outbound: part or all of what is locked leaves
    CANCEL = "CANCEL"  # inbound: the rest will not arrive
    VOID = "VOID"  # outbound: the rest will not leave
    DELETE = "DELETE"  # outbound awaiting outbound only: the order disappears, its lock released
    PUSH = "PUSH"  # sent to its warehouse: pending there (push status SUCCESS), or refused (FAIL)
    PRINT = "PRINT"  # outbound: its picking list printed
    PICK = "PICK"  # outbound: the warehouse starts picking it
    PACK = "PACK"  # outbound: picked and packed, waiting to ship
    # the warehouse's replies and steps after a push (SPEC §4 push and outbound working statuses)
    CONFIRM = "CONFIRM"  # the warehouse took the pushed order: push RECEIVED (or RECEIVED_PULL_AWB), working RECEIVED
    ALLOCATE = "ALLOCATE"  # outbound: the warehouse allocated the stock to it (ALLOCATED)
    REVIEW = "REVIEW"  # outbound: what was picked is sorted and reviewed (SORTING_AND_REVIEWING)
    HANDOVER = "HANDOVER"  # outbound: the packed parcel waits for the courier (WAITING_PICKUP)
    CANCEL_DONE = "CANCEL_DONE"  # outbound, CANCELING: the warehouse cancelled it; the lock is released
    CANCEL_REFUSED = "CANCEL_REFUSED"  # outbound, CANCELING: the warehouse had shipped it already (CANCEL_FAIL)
