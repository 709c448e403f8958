"""Financial reconciliation: orders against the channel's settlements (payouts) by merchant and period."""

from __future__ import annotations

from enum import StrEnum


class ReconciliationStatus(StrEnum):
    """A reconciliation run: pulling settlements and comparing; done; failed (the channel did not answer)."""

    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


class ReconciliationStage(StrEnum):
    """Where a running reconciliation is (its progress)."""

    FETCHING = "FETCHING"  # pulling the period's settlements through each shop's channel adapter
    COMPARING = "COMPARING"  # comparing expected against paid, order by order
    DONE = "DONE"


class ReconciliationKind(StrEnum):
    """How one order (or payment) of a run compares: paid what was expected; less; more; an order without a
    payment; a payment without an order of the console."""

    MATCHED = "MATCHED"
    SHORT_PAID = "SHORT_PAID"
    OVER_PAID = "OVER_PAID"
    UNPAID = "UNPAID"
    UNKNOWN_ORDER = "UNKNOWN_ORDER"
