"""The deploy flows' writes: each one transaction, each safe to repeat (a compare-and-set on the status, or a
unique (run_id, seq) for log chunks), so a retried activity changes nothing twice."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.db import transaction
from domain.enums import DeployRunStatus, DeployTaskStatus
from domain.flows import deployments as m
from domain.models.deployments import DeployFreezeWindow, DeployLogChunk, DeployProject, DeployRun, DeployTask
from domain.rules import deployments as rules
from domain.settings import get_settings

SYSTEM = "System"


async def record(db: AsyncSession, entity: str, entity_id: int, before: dict[str, Any], after: dict[str, Any],
                 operator_id: int | None = None, operator_name: str = SYSTEM) -> None:
    await audit.record_change(db, operator_id=operator_id, operator_name=operator_name, entity=entity,
                              entity_id=entity_id, action="update", before=before, after=after)


async def windows(db: AsyncSession, environment: str, at: datetime) -> list[rules.Window]:
    rows = (await db.scalars(select(DeployFreezeWindow).where(
        DeployFreezeWindow.environment == environment, DeployFreezeWindow.ends_at > at,
        DeployFreezeWindow.starts_at <= at))).all()
    return [rules.Window(w.environment, w.starts_at, w.ends_at, w.reason) for w in rows]


async def begin(request: m.BeginRequest) -> m.BeginResult:
    """QUEUED -> RUNNING when no freeze window covers the instant (or an override holder allowed it), else
    QUEUED -> FROZEN; a run no longer queued (withdrawn, superseded) is skipped."""
    async with transaction() as db:
        run = await db.get(DeployRun, request.run_id, with_for_update=True)
        if run is None or run.status != DeployRunStatus.QUEUED:
            return m.BeginResult(outcome="SKIPPED")
        before = audit.snapshot(run)
        frozen = rules.freeze_at(await windows(db, run.environment, request.at), run.environment, request.at)
        if frozen is not None and run.freeze_override_by is None:
            run.status, run.finished_at = DeployRunStatus.FROZEN, request.at
            run.error = frozen.reason
            await record(db, "DeployRun", run.id, before, audit.snapshot(run))
            return m.BeginResult(outcome="FROZEN")
        project = await db.get_one(DeployProject, run.project_id)
        run.status, run.started_at = DeployRunStatus.RUNNING, request.at
        await record(db, "DeployRun", run.id, before, audit.snapshot(run))
        return m.BeginResult(outcome="STARTED", run=m.RunInput(
            run_id=run.id, project=project.code, environment=run.environment, kind=run.kind, version=run.version,
            time_limit_minutes=project.time_limit_minutes, console_url=get_settings().console_web))


async def finish(request: m.FinishRequest) -> None:
    async with transaction() as db:
        run = await db.get(DeployRun, request.run_id, with_for_update=True)
        if run is None or run.status in rules.FINISHED:
            return
        before = audit.snapshot(run)
        run.status, run.finished_at = request.outcome.status, request.at
        run.exit_code, run.error = request.outcome.exit_code, request.outcome.error
        await record(db, "DeployRun", run.id, before, audit.snapshot(run))


async def expire(request: m.ExpireRequest) -> bool:
    async with transaction() as db:
        task = await db.get(DeployTask, request.task_id, with_for_update=True)
        if task is None or task.revision != request.revision or task.status != DeployTaskStatus.PENDING_REVIEW:
            return False
        before = audit.snapshot(task)
        task.status = DeployTaskStatus.EXPIRED
        await record(db, "DeployTask", task.id, before, audit.snapshot(task))
        return True


async def expire_overdue(limit: int) -> tuple[int, int]:
    """Unreviewed deploy tasks past their review deadline whose `deploy-review` flow never ran (Temporal was
    down when they were written) or was lost: expired now through the flow's own guarded step (`expire`, a
    compare-and-set under a row lock), so each expires once whoever comes first, and a task reviewed or revised
    meanwhile is left alone. Returns how many expired of how many were due (at most `limit`)."""
    now = datetime.now(UTC)
    async with transaction() as db:
        due = (await db.execute(select(DeployTask.id, DeployTask.revision).where(
            DeployTask.status == DeployTaskStatus.PENDING_REVIEW, DeployTask.review_due_at <= now)
            .order_by(DeployTask.review_due_at).limit(limit))).all()
    expired = 0
    for task_id, revision in due:
        expired += await expire(m.ExpireRequest(task_id=task_id, revision=revision, at=now))
    return expired, len(due)


class RunContext:
    """What a runner needs of its run, read once per attempt."""

    def __init__(self, run: DeployRun, project: DeployProject, last_seq: int, offset: int) -> None:
        self.run_id, self.project, self.version = run.id, project.code, run.version
        self.environment, self.server_ips, self.params = run.environment, list(run.server_ips), dict(run.params)
        self.command, self.time_limit = project.deploy_command, project.time_limit_minutes * 60
        self.jenkins_job, self.external_ref = project.jenkins_job, dict(run.external_ref)
        self.last_seq, self.offset = last_seq, offset


async def load_context(run_id: int) -> RunContext:
    async with transaction() as db:
        run = await db.get_one(DeployRun, run_id)
        project = await db.get_one(DeployProject, run.project_id)
        last = (await db.execute(select(DeployLogChunk.seq, DeployLogChunk.end_offset).where(
            DeployLogChunk.run_id == run_id).order_by(DeployLogChunk.seq.desc()).limit(1))).first()
        return RunContext(run, project, last.seq if last else 0, last.end_offset if last else 0)


async def set_runner(run_id: int, runner: str, external_ref: dict[str, Any]) -> None:
    """Where the run is executing (the Jenkins queue item, then the build): a resumed attempt follows it
    instead of starting a second deploy."""
    async with transaction() as db:
        await db.execute(update(DeployRun).where(DeployRun.id == run_id).values(
            runner=runner, external_ref=external_ref))


async def log_end(db: AsyncSession, run_id: int, chunks: int = 2) -> str:
    """The end of a run's log: its last chunks (at most 64 KB each, cut at line ends), in order."""
    rows = (await db.scalars(select(DeployLogChunk.content).where(DeployLogChunk.run_id == run_id)
                             .order_by(DeployLogChunk.seq.desc()).limit(chunks))).all()
    return "".join(reversed(rows))


async def append_chunk(run_id: int, seq: int, content: str, end_offset: int) -> None:
    async with transaction() as db:
        await db.execute(insert(DeployLogChunk).values(run_id=run_id, seq=seq, content=content,
                                                       end_offset=end_offset).on_conflict_do_nothing())
        await db.execute(update(DeployRun).where(DeployRun.id == run_id).values(log_bytes=end_offset))
