"""The notice release flow's writes, starting those flows, and the reconciler of flows never started. Beneath
api/routers/notices.py and activities/notices.py."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from temporalio.client import Client
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from domain.db import transaction
from domain.enums import ContentState
from domain.flows.notices import NOTICE_ID, RESCHEDULE, WORKFLOW, NoticeMark, NoticeRelease, workflow_id
from domain.models.notices import Notice
from domain.settings import get_settings

log = logging.getLogger("omp.notices")
STARTS_AT_ONCE = 20


async def mark_release(mark: NoticeMark) -> bool:
    """One UPDATE, keyed by the notice and the times the run waited for: a retry writes the same value again,
    and a run whose notice got other times (or was deleted) changes nothing and hears so (False)."""
    async with transaction() as db:
        done = await db.execute(
            update(Notice).where(Notice.id == mark.notice_id, Notice.release_at == mark.release_at,
                                 Notice.end_at == mark.end_at, Notice.state != ContentState.DELETE)
            .values(release_status=mark.status, flow_pending=False))
    return bool(done.rowcount)  # type: ignore[attr-defined]  # an UPDATE's result is a CursorResult


def flow_options(notice: Notice, plan: NoticeRelease) -> dict[str, Any]:
    """Signal-with-start: a running flow gets the new plan, a notice without one gets a new run. NoticeId lets
    operators find it in the Temporal Web UI."""
    return {"id": workflow_id(notice.id), "task_queue": get_settings().task_queue,
            "start_signal": RESCHEDULE, "start_signal_args": [plan],
            "search_attributes": TypedSearchAttributes([SearchAttributePair(NOTICE_ID, notice.id)]),
            "static_summary": f"{notice.kind} #{notice.id}: {notice.title}"[:200],
            "rpc_timeout": timedelta(seconds=get_settings().temporal_rpc_seconds)}


async def start_release(client: Client, notice: Notice) -> None:
    """Start the notice's release flow, then clear its pending mark."""
    plan = NoticeRelease(notice_id=notice.id, release_at=notice.release_at, end_at=notice.end_at)
    await client.start_workflow(WORKFLOW, plan, **flow_options(notice, plan))
    async with transaction() as db:
        await db.execute(update(Notice).where(Notice.id == notice.id, Notice.release_at == notice.release_at,
                                              Notice.end_at == notice.end_at).values(flow_pending=False))
    notice.flow_pending = False


async def reconcile(client: Client, older_than: timedelta = timedelta(seconds=30), limit: int = 500) -> int:
    """Start the flows of notices saved while Temporal was unreachable; returns how many."""
    cutoff = datetime.now(UTC) - older_than
    async with transaction() as db:
        rows = (await db.scalars(select(Notice).where(Notice.flow_pending, Notice.updated_at <= cutoff,
                                                      Notice.state != ContentState.DELETE)
                                 .order_by(Notice.id).limit(limit))).all()
    gate = asyncio.Semaphore(STARTS_AT_ONCE)

    async def start_one(notice: Notice) -> None:
        async with gate:
            await start_release(client, notice)

    await asyncio.gather(*(start_one(n) for n in rows))
    if rows:
        log.info("started %d pending notice flows", len(rows))
    return len(rows)
