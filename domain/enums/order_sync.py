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
