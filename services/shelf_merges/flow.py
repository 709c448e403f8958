"""The shelf-merge flow as client calls (docs/shelf_merges.md): a merge's run started (a first run or a retry),
the status of its latest run, its progress query while it runs, its cancel; and what a merge whose flow is gone
records in its place."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import update
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import WorkflowIDReusePolicy
from temporalio.service import RPCError

from domain.db import transaction
from domain.enums import ShelfMergeState
from domain.errors import DomainError
from domain.flows import shelf_merges as m
from domain.models.shelf_merges import ShelfMerge
from domain.rules import shelf_merges as rules
from domain.settings import get_settings
from services import flows
from services.flows import rpc_timeout, watched
from services.shelf_merges import store

log = logging.getLogger("omp.shelf_merges")
S = ShelfMergeState


def start_of(merge: ShelfMerge) -> m.MergeStart:
    """Batch size and heartbeat are read now (not at import), so a test may make them small."""
    return m.MergeStart(merge_id=merge.id, warehouse_id=merge.warehouse_id, attempt=merge.attempt,
                        batch_size=rules.BATCH_SIZE, heartbeat_seconds=m.HEARTBEAT_SECONDS,
                        console_url=get_settings().console_web)


async def start_flow(client: Client | None, merge: ShelfMerge, merchant_id: int | None) -> None:
    """A new run of `shelf-merge-{warehouse}-{id}` (the merge row is committed first). Temporal away, the merge
    says so (FAILED, not started) and can be retried once it is back."""
    start = start_of(merge)
    try:
        if client is None:
            raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal")
        async with watched():
            await client.start_workflow(
                m.WORKFLOW, start, id=rules.workflow_id(merge.warehouse_id, merge.id),
                task_queue=get_settings().task_queue, rpc_timeout=rpc_timeout(),
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
                search_attributes=m.attributes(merchant_id, S.RUNNING),
                static_summary=f"Shelf merge #{merge.id} (run {merge.attempt})")
    except Exception as exc:
        log.warning("shelf merge %s not started: %s", merge.id, exc)
        async with transaction() as tx:
            await tx.execute(update(ShelfMerge).where(ShelfMerge.id == merge.id, ShelfMerge.attempt == merge.attempt,
                                                      ShelfMerge.state == S.RUNNING)
                             .values(state=S.FAILED, error="not started: Temporal unreachable",
                                     finished_at=datetime.now(UTC)))
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc


async def flow_status(client: Client, merge: ShelfMerge) -> WorkflowExecutionStatus | None:
    """The status of the merge's latest run, None when Temporal has none (never started, or forgotten)."""
    async with watched():
        return await flows.flow_status(client, rules.workflow_id(merge.warehouse_id, merge.id))


async def live_progress(client: Client | None, merge: ShelfMerge) -> tuple[m.Progress | None, bool]:
    """The running flow's own progress (its query) and whether a flow runs at all; a merge marked running whose
    flow is gone (terminated in the Temporal Web UI) answers (None, False), so the page offers a retry."""
    if merge.state != S.RUNNING or client is None:  # a finished merge's figures are all in the database
        return None, False
    if await flow_status(client, merge) != WorkflowExecutionStatus.RUNNING:
        return None, False
    handle = client.get_workflow_handle(rules.workflow_id(merge.warehouse_id, merge.id))
    progress: m.Progress | None = None
    try:
        async with watched():
            progress = await handle.query(m.PROGRESS, result_type=m.Progress, rpc_timeout=rpc_timeout())
    except RPCError as exc:  # not picked up by a worker yet: the database's counts stand in
        log.info("progress of shelf merge %s not answered: %s", merge.id, exc)
    return progress, True


async def cancel_flow(client: Client, merge: ShelfMerge) -> None:
    """The running flow stops between two movements and records CANCELLED itself."""
    async with watched():
        await client.get_workflow_handle(rules.workflow_id(merge.warehouse_id, merge.id)).cancel()


async def finish_stuck(merge: ShelfMerge) -> None:
    """A merge marked running whose flow no longer runs, cancelled from the console: recorded as its flow would."""
    await store.finish(m.FinishRequest(merge_id=merge.id, attempt=merge.attempt, state=S.CANCELLED,
                                       batch=merge.batches, at=datetime.now(UTC)))
