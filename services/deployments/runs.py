"""Queueing a deploy run (docs/deployments.md): the run's row, the runs it supersedes, their audit entries, then
its project's queue told by signal-with-start; a run whose queue could not be reached is failed, never left
queued in no queue."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain import audit
from domain.db import transaction
from domain.enums import DeployRunKind, DeployRunStatus
from domain.errors import DomainError
from domain.models.deployments import DeployProject, DeployRun, DeployTask
from services.actors import Actor
from services.deployments import flow

log = logging.getLogger("omp.deployments")


def now() -> datetime:
    return datetime.now(UTC)


async def queue_run(db: AsyncSession, client: Client | None, actor: Actor | None, *, task: DeployTask,
                    kind: DeployRunKind, source: DeployTask | DeployRun | None = None, retry_of: int | None = None,
                    override_reason: str | None = None) -> DeployRun:
    """Insert the run (what it deploys copied from `source`, else the task; `override_reason`: queued into a
    frozen environment by `actor`, who may), supersede the runs of the same project and environment still
    waiting, commit, then signal-with-start the project's queue."""
    src = source or task
    project = await db.get_one(DeployProject, task.project_id)
    run = DeployRun(project_id=project.id, task_id=task.id, kind=kind, version=src.version,
                    environment=src.environment, server_ips=list(src.server_ips), params=dict(src.params),
                    requested_by=actor.id if actor else None, retry_of_id=retry_of, status=DeployRunStatus.QUEUED,
                    external_ref={}, log_bytes=0)
    if override_reason is not None and actor is not None:
        run.freeze_override_by, run.freeze_override_reason = actor.id, override_reason
    db.add(run)
    await db.flush()
    operator_id, operator_name = (actor.id, actor.username) if actor else (None, "System")
    await audit.record_change(db, entity="DeployRun", entity_id=run.id, action="create", before=None,
                              after=audit.snapshot(run), operator_id=operator_id, operator_name=operator_name)
    superseded = (await db.scalars(update(DeployRun).where(
        DeployRun.project_id == project.id, DeployRun.environment == run.environment, DeployRun.id != run.id,
        DeployRun.status == DeployRunStatus.QUEUED).values(
        status=DeployRunStatus.SUPERSEDED, superseded_by_id=run.id, finished_at=now()).returning(DeployRun.id))).all()
    for old in superseded:
        await audit.record_change(db, entity="DeployRun", entity_id=old, action="update",
                                  before={"status": DeployRunStatus.QUEUED.value},
                                  after={"status": DeployRunStatus.SUPERSEDED.value, "supersededById": run.id},
                                  operator_id=operator_id, operator_name=operator_name)
    code, run_id = project.code, run.id
    await db.commit()  # no connection held while Temporal is asked
    try:
        if client is None:
            raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal")
        await flow.enqueue(client, code, run_id)
    except Exception as exc:  # never left queued in no queue: the run says why it did not happen
        log.warning("deploy run %s not queued: %s", run_id, exc)
        async with transaction() as tx:
            await tx.execute(update(DeployRun).where(DeployRun.id == run_id, DeployRun.status == DeployRunStatus.QUEUED)
                             .values(status=DeployRunStatus.FAILED, error="not queued: Temporal unreachable",
                                     finished_at=now()))
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    return await db.get_one(DeployRun, run_id)
