"""Pure rules of shelf merges (SPEC §4: merging shelves is asynchronous, 3 to 5 minutes; docs/shelf_merges.md):
no clock, no database, no I/O."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.enums import ShelfMergeState
from domain.errors import DomainError, Invalid
from domain.rules.inputs import Problems
from domain.rules.stock import MAX_TEXT

S = ShelfMergeState
# One activity moves at most this many SKUs (one movement each) before the flow records progress; small enough
# that the progress bar moves every few seconds, large enough that history stays short (10,000 SKUs: 200 batches).
BATCH_SIZE = 50
MAX_SOURCES = 50
FINISHED = frozenset({S.COMPLETED, S.CANCELLED, S.FAILED})
RETRYABLE = frozenset({S.CANCELLED, S.FAILED})
# The stock movement's idempotency key is bounded; a longer key (a very long SKU) is hashed to fit.
KEY_MAX = MAX_TEXT["idempotency_key"]


@dataclass(frozen=True)
class Shelf:
    """What the rules need to know of a shelf."""

    id: int
    warehouse_id: int
    code: str
    enabled: bool = True


@dataclass(frozen=True)
class RunningMerge:
    """A merge under way and the shelves it holds (its sources and its target)."""

    id: int
    shelf_ids: frozenset[int]


def workflow_id(warehouse_id: int, merge_id: int) -> str:
    """One merge, one flow: `shelf-merge-{warehouse}-{id}` (a retry is a new run under the same id)."""
    return f"shelf-merge-{warehouse_id}-{merge_id}"


def source_ids(values: Iterable[int]) -> list[int]:
    """The source shelves in the order picked, each once; at least one, at most MAX_SOURCES."""
    seen = list(dict.fromkeys(values))
    if not seen:
        raise Invalid(field="sourceShelfIds", rule="required")
    if len(seen) > MAX_SOURCES:
        raise Invalid(field="sourceShelfIds", rule="max_items", max_length=MAX_SOURCES)
    return seen


def check_shelves(warehouse_id: int, sources: Sequence[Shelf], target: Shelf) -> None:
    """A merge moves stock within one warehouse onto a shelf that is not one of its sources and takes stock."""
    problems = Problems()  # the sources and the target named together
    strangers = [s.code for s in sources if s.warehouse_id != warehouse_id]
    if strangers:
        problems.add("sourceShelfIds", "other_warehouse", shelves=", ".join(strangers))
    if any(s.id == target.id for s in sources):
        problems.add("targetShelfId", "target_is_source", shelf=target.code)
    elif target.warehouse_id != warehouse_id:
        problems.add("targetShelfId", "other_warehouse", shelves=target.code)
    elif not target.enabled:
        problems.add("targetShelfId", "shelf_disabled", shelf=target.code)
    problems.raise_any()


def check_not_busy(shelves: Sequence[Shelf], running: Iterable[RunningMerge]) -> None:
    """A shelf takes part in one running merge at a time: two merges over the same shelves would move the same
    stock back and forth, and neither's progress would mean anything."""
    codes = {s.id: s.code for s in shelves}
    for merge in running:
        taken = sorted(codes[i] for i in merge.shelf_ids & codes.keys())
        if taken:
            raise DomainError("SHELF_MERGE_SHELF_BUSY", status=409, field="sourceShelfIds", shelves=", ".join(taken),
                              merge=merge.id)


def item_key(merge_id: int, shelf_id: int, sku: str) -> str:
    """The movement's idempotency key: the same merge, shelf and SKU always make the same key, so a batch that
    is replayed or retried after a worker died moves each SKU of each shelf once."""
    key = f"shelf-merge:{merge_id}:{shelf_id}:{sku}"
    if len(key) <= KEY_MAX:
        return key
    digest = hashlib.sha256(sku.encode()).hexdigest()[:40]
    return f"shelf-merge:{merge_id}:{shelf_id}:#{digest}"


def percent(moved: int, total: int) -> int:
    """The progress bar: whole percent rounded down (never 100 before the last SKU), 100 with nothing to move."""
    if total <= 0:
        return 100
    return min(moved * 100 // total, 100)


def ensure_cancellable(state: ShelfMergeState) -> None:
    if state != S.RUNNING:
        raise DomainError("SHELF_MERGE_NOT_RUNNING", status=409, data={"state": str(state)})


def ensure_retryable(state: ShelfMergeState, flow_running: bool) -> None:
    """A cancelled or failed merge, or one still marked running whose flow is gone (terminated in the Temporal
    Web UI), continues with what is left."""
    if state in RETRYABLE or (state == S.RUNNING and not flow_running):
        return
    raise DomainError("SHELF_MERGE_NOT_RETRYABLE", status=409, data={"state": str(state)})


# ---- how long a merge takes: measured, never assumed ---------------------------------------------------------------

# The warehouse's last completed merges give the rate until a run has processed a batch of its own.
RECENT_MERGES = 20


@dataclass(frozen=True)
class Throughput:
    """SKUs processed (moved or skipped) over the seconds they took: `run` for the merge's current run so far,
    `recent` for the warehouse's last completed merges (each from its last run's start to its finish)."""

    items: int
    seconds: float
    basis: str

    @property
    def per_minute(self) -> float:
        return round(self.items * 60 / self.seconds, 1) if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Estimate:
    rate: Throughput
    remaining_seconds: int


def estimate(remaining: int, run: Throughput | None, recent: Throughput | None) -> Estimate | None:
    """The time left of a running merge at a measured rate: its own run's once the run has processed a batch, else
    the warehouse's recent merges'; none when nothing has been measured, rather than a guess."""
    measured = [rate for rate in (run, recent) if rate is not None and rate.items > 0 and rate.seconds > 0]
    trusted = [rate for rate in measured if rate.basis != "run" or rate.items >= BATCH_SIZE]
    if not trusted:
        return None
    rate = trusted[0]
    return Estimate(rate=rate, remaining_seconds=round(remaining * rate.seconds / rate.items))
