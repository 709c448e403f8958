"""The retention jobs' deletes (domain/rules/jobs.py JOBS `operationLog.purge`, `taskRecords.purge`): rows older
than the job's cutoff, removed in batches."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select

from domain.db import transaction
from domain.enums import JobRecordResult
from domain.models.audit import OperationLog
from domain.models.jobs import JobRecord

PURGE_BATCH = 5000  # rows a statement deletes, so a first purge of years of logs never holds one long lock


async def purge(table: Any, column: Any, cutoff: datetime, beat: Callable[[int], None], *also: Any) -> int:
    """Delete the rows of `table` whose `column` is before `cutoff` (and that meet `also`), a batch a transaction;
    `beat` hears how many are gone after each batch (the activity's heartbeat)."""
    removed = 0
    while True:
        async with transaction() as db:
            ids = select(table.id).where(column < cutoff, *also).limit(PURGE_BATCH).scalar_subquery()
            result = await db.execute(delete(table).where(table.id.in_(ids)))
            count: int = result.rowcount  # type: ignore[attr-defined]  # a DELETE's CursorResult has one
        removed += count
        beat(removed)
        if count < PURGE_BATCH:
            return removed


async def operation_log(keep_days: int, beat: Callable[[int], None]) -> int:
    return await purge(OperationLog, OperationLog.at, datetime.now(UTC) - timedelta(days=keep_days), beat)


async def task_records(keep_days: int, beat: Callable[[int], None]) -> int:
    """Finished records only: a run still PROCESSING keeps its record."""
    return await purge(JobRecord, JobRecord.started_at, datetime.now(UTC) - timedelta(days=keep_days), beat,
                       JobRecord.result != JobRecordResult.PROCESSING)
