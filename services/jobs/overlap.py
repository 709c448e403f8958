"""One run of a scheduled task at once, kept by the console (docs/decisions/job-overlap-in-console.md): the task's
records still PROCESSING, which of their runs Temporal still runs, and the closing of the records of runs that
are gone (terminated, timed out, lost with Temporal's database), which would otherwise block the task forever."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowExecutionStatus

from domain.enums import JobRecordResult
from domain.models.jobs import JobRecord
from services.flows import flow_status


class Processing(NamedTuple):
    id: int
    workflow_id: str
    run_id: str


async def processing(db: AsyncSession, job_id: int, besides: str = "") -> list[Processing]:
    """The task's records still PROCESSING (a partial index holds only those), other than `besides`' own."""
    rows = await db.execute(select(JobRecord.id, JobRecord.workflow_id, JobRecord.run_id).where(
        JobRecord.job_id == job_id, JobRecord.result == JobRecordResult.PROCESSING, JobRecord.workflow_id != besides))
    return [Processing(*row) for row in rows]


async def status_of(client: Client, run: Processing) -> str:
    """Temporal's status of the record's own run; NOT_FOUND when Temporal has no such run."""
    status = await flow_status(client, run.workflow_id, run.run_id or None)
    return "NOT_FOUND" if status is None else status.name


async def sort_out(client: Client, runs: list[Processing]) -> tuple[list[Processing], list[tuple[Processing, str]]]:
    """The runs Temporal still runs, and the others with the status they ended in."""
    live: list[Processing] = []
    dead: list[tuple[Processing, str]] = []
    for run in runs:
        status = await status_of(client, run)
        if status == WorkflowExecutionStatus.RUNNING.name:
            live.append(run)
        else:
            dead.append((run, status))
    return live, dead


async def close_dead(db: AsyncSession, dead: list[tuple[Processing, str]]) -> None:
    """FAILED, saying how the run ended; the task's failures in a row are not counted (nobody's job failed)."""
    now = datetime.now(UTC)
    for run, status in dead:
        await db.execute(update(JobRecord).where(
            JobRecord.id == run.id, JobRecord.result == JobRecordResult.PROCESSING).values(
            result=JobRecordResult.FAILED, finished_at=now,
            error=f"The run ended without finishing its record (Temporal: {status})"))
