"""Order sync (SPEC §3 shop sync times, §8 'some orders failed, retry later', 'sync failed', 'retry succeeded')."""

from __future__ import annotations

from enum import StrEnum


class OrderSyncKind(StrEnum):
    """What started a sync run: the shop's Schedule, "Sync now", or "Retry" of a run's failed orders."""

    SCHEDULED = "SCHEDULED"
    MANUAL = "MANUAL"
    RETRY = "RETRY"


class OrderSyncStatus(StrEnum):
    """A sync run: running; succeeded; partial (some orders failed, retry later); failed (sync failed)."""

    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    PARTIAL = "PARTIAL"
    FAILED = "FAILED"


class ProductSyncKind(StrEnum):
    """What started a product sync run (the goods list's listings): the shop's Schedule or "Sync products"."""

    SCHEDULED = "SCHEDULED"
    MANUAL = "MANUAL"


class ProductSyncStatus(StrEnum):
    """A product sync run: as an order sync run's, where partial is some products failed, retry later."""

    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    PARTIAL = "PARTIAL"
    FAILED = "FAILED"
