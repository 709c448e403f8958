"""A run's log: pages of chunks (the tail first, earlier pages on demand), the whole as a download, and the
live part as server-sent events that resume after the last chunk seen (`Last-Event-ID` or `after`).

The stream holds no database connection between polls: each poll is one short read.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, Query
from fastapi.responses import StreamingResponse
from sqlalchemy import func, select
from sse_starlette import EventSourceResponse, ServerSentEvent

from api.deploy_ops import DEPLOYS, RUN_READERS, load_run
from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.resource.scope import declares
from api.schemas.deployments import LogPage
from api.schemas.types import Int64
from domain.db import get_sessionmaker
from domain.models.deployments import DeployLogChunk, DeployRun
from domain.rules.deployments import FINISHED

router = APIRouter(prefix="/deploy/run", tags=["deploy_logs"])
POLL_SECONDS = 0.5
STREAM_BATCH = 64  # chunks a poll sends at most (64 KB each)
DOWNLOAD_BATCH = 256
PAGE_MAX = 64


async def chunks_after(run_id: int, after: int) -> tuple[list[tuple[int, str]], bool]:
    """The next chunks after `after`, and whether the run has finished (read before the chunks, so a run that
    finished has all its chunks in this or an earlier read)."""
    async with get_sessionmaker()() as db:
        status = await db.scalar(select(DeployRun.status).where(DeployRun.id == run_id))
        rows = (await db.execute(select(DeployLogChunk.seq, DeployLogChunk.content).where(
            DeployLogChunk.run_id == run_id, DeployLogChunk.seq > after).order_by(DeployLogChunk.seq)
            .limit(STREAM_BATCH))).all()
    return list(rows), status in FINISHED


async def events(run_id: int, after: int) -> AsyncIterator[ServerSentEvent]:
    while True:
        rows, finished = await chunks_after(run_id, after)
        for seq, text in rows:
            after = seq
            yield ServerSentEvent(data=json.dumps(text), event="chunk", id=str(seq))
        if len(rows) == STREAM_BATCH:
            continue
        if finished:
            yield ServerSentEvent(data="end", event="end", id=str(after))
            return
        await asyncio.sleep(POLL_SECONDS)


@router.get("/{run_id}/log/stream", openapi_extra=declares(DEPLOYS),
            summary="The run's log as server-sent events, from after the last chunk seen",
            response_class=EventSourceResponse, responses={200: {"content": {"text/event-stream": {}}}})
async def stream(run_id: int, db: SessionDep, _: Annotated[Principal, Need(*RUN_READERS)],
                 after: Annotated[Int64, Query(ge=0)] = 0,
                 last_event_id: Annotated[str | None, Header(max_length=20)] = None) -> EventSourceResponse:
    await load_run(db, run_id)
    await release(db)
    if last_event_id and last_event_id.isdigit():  # the browser's reconnection says where it was
        after = int(last_event_id)
    return EventSourceResponse(events(run_id, after), ping=15, headers={"X-Accel-Buffering": "no"})


@router.get("/{run_id}/log", openapi_extra=declares(DEPLOYS),
            summary="A page of the run's log: the tail, or the chunks before `before`")
async def page(run_id: int, db: SessionDep, _: Annotated[Principal, Need(*RUN_READERS)],
               before: Annotated[Int64 | None, Query(ge=1)] = None,
               limit: Annotated[int, Query(ge=1, le=PAGE_MAX)] = 8) -> Reply[LogPage]:
    run = await load_run(db, run_id)
    query = select(DeployLogChunk.seq, DeployLogChunk.content).where(DeployLogChunk.run_id == run_id)
    if before is not None:
        query = query.where(DeployLogChunk.seq < before)
    rows = (await db.execute(query.order_by(DeployLogChunk.seq.desc()).limit(limit))).all()
    first, last = (await db.execute(select(func.min(DeployLogChunk.seq), func.max(DeployLogChunk.seq)).where(
        DeployLogChunk.run_id == run_id))).one()
    return ok({"chunks": [{"seq": s, "text": t} for s, t in reversed(rows)], "first": first or 0, "last": last or 0,
               "bytes": run.log_bytes, "finished": run.status in FINISHED})


async def whole(run_id: int) -> AsyncIterator[bytes]:
    after = 0
    while True:
        async with get_sessionmaker()() as db:
            rows = (await db.execute(select(DeployLogChunk.seq, DeployLogChunk.content).where(
                DeployLogChunk.run_id == run_id, DeployLogChunk.seq > after).order_by(DeployLogChunk.seq)
                .limit(DOWNLOAD_BATCH))).all()
        if not rows:
            return
        after = rows[-1][0]
        yield "".join(text for _, text in rows).encode()


@router.get("/{run_id}/log/download", openapi_extra=declares(DEPLOYS),
            summary="The run's whole log as text (ANSI colours kept)",
            response_class=StreamingResponse, responses={200: {"content": {"text/plain": {}}}})
async def download(run_id: int, db: SessionDep, _: Annotated[Principal, Need(*RUN_READERS)]) -> StreamingResponse:
    await load_run(db, run_id)
    await release(db)
    return StreamingResponse(whole(run_id), media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="deploy-run-{run_id}.log"'})
