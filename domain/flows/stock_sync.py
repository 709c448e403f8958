"""The sync stock flow's contract (workflows/stock_sync.py): its registered name, workflow id, search attribute and
query, and the inputs and outputs of the flow and its activities."""

from __future__ import annotations

from pydantic import AwareDatetime, BaseModel
from temporalio.common import SearchAttributeKey

from domain.enums import JobResult

WORKFLOW = "stock-sync"  # the workflow type's registered name
STATUS = "status"  # the query answering its SyncProgress
MERCHANT_ID = SearchAttributeKey.for_int("MerchantId")  # operators find a merchant's syncs in the Web UI


def workflow_id(event_id: int) -> str:
    """One sync of one store, one flow: the stock event that asked for it names it."""
    return f"stock-sync-{event_id}"


def event_of(flow_id: str) -> int | None:
    """The stock event of a `stock-sync-{event}` flow (None for any other id)."""
    prefix, _, event_id = flow_id.rpartition("-")
    return int(event_id) if prefix == "stock-sync" and event_id.isdigit() else None


class StockSyncStart(BaseModel):
    event_id: int
    requested_at: AwareDatetime


class PushBatch(BaseModel):
    """Plan and write the pushes of the next batch of SKUs after `after_sku` (in SKU order)."""

    event_id: int
    requested_at: AwareDatetime
    pushed_at: AwareDatetime
    after_sku: str | None = None


class PushedBatch(BaseModel):
    last_sku: str | None  # the cursor of the next batch; None once every sku is written
    written: int  # SKUs of this batch (a retried batch counts them again; the totals are counted from rows)


class SyncFinish(BaseModel):
    event_id: int
    result: JobResult
    message: str | None = None


class SyncProgress(BaseModel):
    """What the flow's query answers: SKUs written so far and where it is."""

    skus: int = 0
    batches: int = 0
    last_sku: str | None = None
    done: bool = False
