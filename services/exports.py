"""Export tasks (docs/exports.md): the task's row through its life, its flow started (and retried), its file kept in
the uploads' storage and removed when it expires.

The rows of the export itself are written by the kit (api/resource/export_tasks.py), where the lists are declared;
this module keeps what every step records, each a compare-and-set on the task's attempt, so a late step of an older
run never overwrites a newer one.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import WorkflowIDReusePolicy

from domain.db import transaction
from domain.enums import ExportState
from domain.errors import DomainError
from domain.flows import ended_unfinished
from domain.flows import exports as x
from domain.models.exports import ExportTask
from domain.models.users import User
from domain.rules import exports as rules
from domain.rules.files import XLSX
from domain.settings import get_settings
from domain.storage import get_storage
from services.flows import rpc_timeout, watched

log = logging.getLogger("omp.exports")
S = ExportState


def public_columns() -> dict[str, Any]:
    """What a task's row shows beside its ids (the list and the detail)."""
    return {"requested_by_name": select(User.username).where(User.id == ExportTask.requested_by).scalar_subquery()}


def retention_seconds() -> float:
    return get_settings().export_retention_hours * 3600


def start_of(task: ExportTask) -> x.ExportStart:
    """Read now (not at import), so a test may shorten the retention or the heartbeat."""
    settings = get_settings()
    return x.ExportStart(task_id=task.id, attempt=task.attempt, retention_seconds=retention_seconds(),
                         queue=settings.export_task_queue, heartbeat_seconds=x.HEARTBEAT_SECONDS,
                         console_url=settings.console_web)


async def start_flow(client: Client, task: ExportTask, username: str) -> None:
    """A new run of `export-task-{id}` (the task row is committed first). Temporal away, the task says so
    (DOWNLOAD_FAILED, not started) and can be retried once it is back."""
    try:
        async with watched():
            await client.start_workflow(
                x.WORKFLOW, start_of(task), id=rules.workflow_id(task.id), task_queue=get_settings().task_queue,
                rpc_timeout=rpc_timeout(), id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
                search_attributes=x.attributes(task.id, username, task.resource, S.PROCESSING),
                static_summary=f"Export of {task.resource} #{task.id} (run {task.attempt})")
    except Exception as exc:
        log.warning("export task %s not started: %s", task.id, exc)
        async with transaction() as tx:
            await tx.execute(update(ExportTask).where(*current(task.id, task.attempt)).values(
                state=S.DOWNLOAD_FAILED, error="not started: Temporal unreachable", finished_at=datetime.now(UTC)))
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc


async def close_lost(workflow_id: str, status: WorkflowExecutionStatus | None) -> bool:
    """The task of this flow, while still PROCESSING, failed saying how its flow ended (terminated in the Temporal
    Web UI): it can be retried. Whether it was."""
    async with transaction() as tx:
        closed = await tx.scalar(update(ExportTask).where(
            ExportTask.id == rules.task_of(workflow_id), ExportTask.state == S.PROCESSING).values(
            state=S.DOWNLOAD_FAILED, error=ended_unfinished(status), finished_at=datetime.now(UTC))
            .returning(ExportTask.id))
    return closed is not None


def current(task_id: int, attempt: int, state: ExportState = S.PROCESSING) -> tuple[Any, ...]:
    """The task's run `attempt`, still in `state`: what a step of that run may change."""
    return ExportTask.id == task_id, ExportTask.attempt == attempt, ExportTask.state == state


async def writing(task_id: int, attempt: int) -> ExportTask | None:
    """The task as its writer reads it, None once the run is no longer the task's current one."""
    async with transaction() as tx:
        return await tx.scalar(select(ExportTask).where(*current(task_id, attempt)))


async def progress(task_id: int, attempt: int, rows: int, total: int | None = None) -> None:
    """Rows written so far (and the total, counted when the writing starts), for the list's progress bar."""
    values: dict[str, Any] = {"rows_written": rows} if total is None else {"rows_written": rows, "total": total}
    async with transaction() as tx:
        await tx.execute(update(ExportTask).where(*current(task_id, attempt)).values(**values))


async def keep_file(task_id: int, attempt: int, filename: str, path: Path, rows: int) -> x.Written:
    """The finished workbook into the uploads' storage, under the task and its attempt."""
    key = rules.file_key(task_id, attempt, filename)
    await get_storage().put_file(key, path, XLSX)
    return x.Written(rows=rows, file_key=key, size=path.stat().st_size)


async def finish(request: x.FinishRequest) -> ExportState:
    """ACTIVE with its file and expiry, or DOWNLOAD_FAILED with the reason; a later run's task is left alone."""
    written = request.written
    if written is None:
        values: dict[str, Any] = {"state": S.DOWNLOAD_FAILED, "error": (request.error or "failed")[:2000],
                                  "finished_at": request.at}
    else:
        values = {"state": S.ACTIVE, "file_key": written.file_key, "file_size": written.size,
                  "rows_written": written.rows, "total": written.rows, "finished_at": request.at,
                  "expires_at": request.at + timedelta(seconds=request.retention_seconds)}
    async with transaction() as tx:
        done = await tx.scalar(update(ExportTask).where(*current(request.task_id, request.attempt)).values(**values)
                               .returning(ExportTask.state))
    if done is None and written is not None:  # the run is no longer current: its file is nobody's
        await get_storage().delete(written.file_key)
    return done or S.DOWNLOAD_FAILED


async def expire(request: x.ExpireRequest) -> None:
    """The retention has passed: the file is removed and the task says EXPIRED (once; a repeat finds it so)."""
    async with transaction() as tx:
        key = await tx.scalar(select(ExportTask.file_key).where(*current(request.task_id, request.attempt, S.ACTIVE))
                              .with_for_update())
        if key is None:
            return
        await get_storage().delete(key)
        await tx.execute(update(ExportTask).where(ExportTask.id == request.task_id)
                         .values(state=S.EXPIRED, file_key=None))


async def retry(db: AsyncSession, task: ExportTask) -> None:
    """A failed task's next run: its progress cleared, PROCESSING again (the caller commits, then starts it)."""
    rules.check_retryable(task.state)
    task.attempt += 1
    task.state, task.rows_written, task.total, task.error = S.PROCESSING, 0, None, None
    task.finished_at = task.expires_at = None
    await db.flush()


def stream(task: ExportTask) -> AsyncIterator[bytes]:
    rules.check_downloadable(task.state)
    if task.file_key is None:  # ACTIVE always has its file (CHECK active_has_file)
        raise DomainError("EXPORT_EXPIRED", status=410)
    return get_storage().stream(task.file_key)


Written = Callable[[int], Awaitable[None]]  # told the rows written so far, every `rules.PROGRESS_EVERY`


class Tally:
    """Counts the rows an export writes and tells `written` (the task's progress, a heartbeat) every
    `rules.PROGRESS_EVERY` rows; the one counter of every list's writer."""

    def __init__(self, written: Written | None = None) -> None:
        self.rows = 0
        self.written = written

    async def add(self) -> None:
        self.rows += 1
        if self.written is not None and self.rows % rules.PROGRESS_EVERY == 0:
            await self.written(self.rows)
