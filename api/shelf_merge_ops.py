"""What the shelf-merge routes share: the view the merge's page polls: the row, the flow's progress query while it
runs, its Temporal Web UI link (docs/shelf_merges.md). The statements and flow calls are services/shelf_merges/.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from temporalio.client import Client

from api.deps import Principal
from api.schemas.shelf_merges import MergeEstimate, MergeProgress, ShelfMergePublic, ShelfMergeView, throughput_of
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import ShelfMergeState
from domain.models.shelf_merges import ShelfMerge
from domain.rules import shelf_merges as rules
from services.shelf_merges import store
from services.shelf_merges.flow import live_progress

S = ShelfMergeState


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
    run = await store.run_throughput(db, merge)
    estimate = None
    if merge.state == S.RUNNING:
        left = max(progress.total - progress.moved - progress.skipped, 0)
        found = rules.estimate(left, run, await store.recent_throughput(db, merge.warehouse_id))
        rate = throughput_of(found.rate) if found else None
        estimate = MergeEstimate(remaining_seconds=found.remaining_seconds, rate=rate) if found and rate else None
    return ShelfMergeView(
        **public.model_dump(), workflow_id=workflow_id, rate=throughput_of(run), estimate=estimate,
        workflow_url=workflow_path(workflow_id) if user.can(OPERATE) else None, progress=progress,
        can_cancel=merge.state == S.RUNNING and running and merge.cancel_requested_at is None,
        can_retry=merge.state in rules.RETRYABLE or (merge.state == S.RUNNING and not running))
