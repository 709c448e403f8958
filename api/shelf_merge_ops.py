"""What the shelf-merge routes share: starting a merge's flow (a first run or a retry), and the view the
merge's page polls: the row, the flow's progress query while it runs, its Temporal Web UI link (docs/shelf_merges.md).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from activities import shelf_merge_store as store
from api.deps import Principal
from api.schemas.shelf_merges import MergeProgress, ShelfMergePublic, ShelfMergeView
from api.temporal_ui import OPERATE, workflow_path
from domain.db import transaction
from domain.enums import ShelfMergeState
from domain.errors import DomainError
from domain.models.shelf_merges import ShelfMerge
from domain.rules import shelf_merges as rules
from domain.settings import get_settings
from services.flows import rpc_timeout, watched
from workflows import shelf_merge_models as m

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
    try:
        async with watched():
            described = await client.get_workflow_handle(
                rules.workflow_id(merge.warehouse_id, merge.id)).describe(rpc_timeout=rpc_timeout())
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return None
        raise
    return described.status


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
            progress = await handle.query("progress", result_type=m.Progress, rpc_timeout=rpc_timeout())
    except RPCError as exc:  # not picked up by a worker yet: the database's counts stand in
        log.info("progress of shelf merge %s not answered: %s", merge.id, exc)
    return progress, True


async def publics(db: AsyncSession, merges: list[ShelfMerge]) -> list[ShelfMergePublic]:
    names = await store.names_of(db, merges)
    for merge in merges:
        for key, value in names[merge.id].items():
            set_committed_value(merge, key, value)
    return [ShelfMergePublic.model_validate(merge) for merge in merges]


async def view_of(db: AsyncSession, client: Client | None, merge: ShelfMerge, user: Principal) -> ShelfMergeView:
    public = (await publics(db, [merge]))[0]
    live, running = await live_progress(client, merge)
    if live is not None and live.total >= merge.total:
        progress = MergeProgress(total=live.total, moved=live.moved, skipped=live.skipped, batch=live.batch,
                                 percent=live.percent, live=True)
    else:
        done = merge.moved + merge.skipped
        progress = MergeProgress(total=merge.total, moved=merge.moved, skipped=merge.skipped, batch=merge.batches,
                                 percent=rules.percent(done, merge.total) if merge.total or merge.state == S.COMPLETED
                                 else 0, live=False)  # nothing planned yet is not "all done"
    workflow_id = rules.workflow_id(merge.warehouse_id, merge.id)
    return ShelfMergeView(
        **public.model_dump(), workflow_id=workflow_id,
        workflow_url=workflow_path(workflow_id) if user.can(OPERATE) else None, progress=progress,
        can_cancel=merge.state == S.RUNNING and running and merge.cancel_requested_at is None,
        can_retry=merge.state in rules.RETRYABLE or (merge.state == S.RUNNING and not running))


async def running_merges(db: AsyncSession, warehouse_id: int, *, other_than: int | None = None
                         ) -> list[rules.RunningMerge]:
    query = select(ShelfMerge.id, ShelfMerge.source_shelf_ids, ShelfMerge.target_shelf_id).where(
        ShelfMerge.warehouse_id == warehouse_id, ShelfMerge.state == S.RUNNING)
    if other_than is not None:
        query = query.where(ShelfMerge.id != other_than)
    return [rules.RunningMerge(i, frozenset([*sources, target])) for i, sources, target in (await db.execute(query))]


async def finish_stuck(merge: ShelfMerge) -> None:
    """A merge marked running whose flow no longer runs, cancelled from the console: recorded as its flow would."""
    await store.finish(m.FinishRequest(merge_id=merge.id, attempt=merge.attempt, state=S.CANCELLED,
                                       batch=merge.batches, at=datetime.now(UTC)))
