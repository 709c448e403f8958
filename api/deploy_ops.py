"""What the deploy routes share: queueing a run (freeze rule, supersede, signal-with-start of the project's
queue), starting a task's review clock, and the public shapes of tasks and runs (docs/deployments.md)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from activities import deploy_store
from api.deps import Principal, release
from api.flows import temporal_client
from api.resource.scope import unscoped
from api.schemas.deployments import OverrideBody, RunPublic, TaskPublic
from api.temporal_ui import OPERATE, workflow_path
from domain import audit
from domain.db import transaction
from domain.enums import DeployRunKind, DeployRunStatus
from domain.errors import DomainError, Forbidden, Invalid, NotFound
from domain.models.deployments import DeployProject, DeployRun, DeployTask
from domain.rules import deployments as rules
from domain.settings import get_settings
from services.flows import rpc_timeout, watched
from services.tickets.reads import users_by_id
from workflows import deploy_models as m

log = logging.getLogger("omp.deployments")
OVERRIDE = "deploy#override-freeze"
# Who may read runs and their logs, and who may read tasks: every deploy screen.
# Deploy tasks, runs and logs belong to the console's projects, not to a country, team or owner of business data.
DEPLOYS = unscoped("operations records: deploys belong to projects, not to business data")
RUN_READERS = ("jenkins-deploy", "audit-ci", "audit-cd", "auto-deploy", "review-detail", "review-management")
TASK_READERS = ("jenkins-deploy", "review-management", "review-detail", "review-modify")


async def optional_client(request: Request) -> Client | None:
    """Temporal for what may do without it (a review clock, a signal): a task is saved while Temporal is down."""
    try:
        return await temporal_client(request)
    except DomainError:
        return None


OptionalTemporal = Annotated[Client | None, Depends(optional_client)]


def now() -> datetime:
    return datetime.now(UTC)


async def check_freeze(db: AsyncSession, user: Principal | None, environment: str, body: OverrideBody) -> None:
    """A run may not be queued into a frozen environment, unless an override holder says so with a reason."""
    if body.override_freeze:
        if user is None or not user.can(OVERRIDE):
            raise Forbidden("DEPLOY_OVERRIDE_FORBIDDEN")
        if not body.override_reason.strip():
            raise Invalid(field="overrideReason", rule="required")
        return
    at = now()
    window = rules.freeze_at(await deploy_store.windows(db, environment, at), environment, at)
    if window is not None:
        raise DomainError("DEPLOY_FROZEN", status=409, environment=environment, reason=window.reason,
                          until=window.ends_at.isoformat())


async def queue_run(db: AsyncSession, client: Client | None, user: Principal | None, *, task: DeployTask,
                    kind: DeployRunKind, body: OverrideBody, source: DeployTask | DeployRun | None = None,
                    retry_of: int | None = None, check: bool = True) -> DeployRun:
    """Insert the run (what it deploys copied from `source`, else the task), supersede the runs of the same
    project and environment still waiting, commit, then signal-with-start the project's queue."""
    src = source or task
    if check:
        await check_freeze(db, user, src.environment, body)
    project = await db.get_one(DeployProject, task.project_id)
    run = DeployRun(project_id=project.id, task_id=task.id, kind=kind, version=src.version,
                    environment=src.environment, server_ips=list(src.server_ips), params=dict(src.params),
                    requested_by=user.id if user else None, retry_of_id=retry_of, status=DeployRunStatus.QUEUED,
                    external_ref={}, log_bytes=0)
    if body.override_freeze and user is not None:
        run.freeze_override_by, run.freeze_override_reason = user.id, body.override_reason.strip()
    db.add(run)
    await db.flush()
    who = {"operator_id": user.id if user else None, "operator_name": user.username if user else "System"}
    await audit.record_change(db, entity="DeployRun", entity_id=run.id, action="create", before=None,
                              after=audit.snapshot(run), **who)
    superseded = (await db.scalars(update(DeployRun).where(
        DeployRun.project_id == project.id, DeployRun.environment == run.environment, DeployRun.id != run.id,
        DeployRun.status == DeployRunStatus.QUEUED).values(
        status=DeployRunStatus.SUPERSEDED, superseded_by_id=run.id, finished_at=now()).returning(DeployRun.id))).all()
    for old in superseded:
        await audit.record_change(db, entity="DeployRun", entity_id=old, action="update",
                                  before={"status": DeployRunStatus.QUEUED.value},
                                  after={"status": DeployRunStatus.SUPERSEDED.value, "supersededById": run.id}, **who)
    code, run_id = project.code, run.id
    await release(db)
    try:
        if client is None:
            raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal")
        async with watched():
            await client.start_workflow(
                "deploy-queue", m.QueueState(project=code), id=m.queue_id(code),
                task_queue=get_settings().deploy_task_queue, start_signal="enqueue",
                start_signal_args=[m.Enqueued(run_id=run_id)], rpc_timeout=rpc_timeout(),
                search_attributes=m.queue_attributes(code), static_summary=f"Deploy queue of {code}")
    except Exception as exc:  # never left queued in no queue: the run says why it did not happen
        log.warning("deploy run %s not queued: %s", run_id, exc)
        async with transaction() as tx:
            await tx.execute(update(DeployRun).where(DeployRun.id == run_id, DeployRun.status == DeployRunStatus.QUEUED)
                             .values(status=DeployRunStatus.FAILED, error="not queued: Temporal unreachable",
                                     finished_at=now()))
        raise DomainError("SERVICE_UNAVAILABLE", status=503, service="Temporal") from exc
    return await db.get_one(DeployRun, run_id)


async def start_review_clock(client: Client | None, task: DeployTask) -> None:
    """The task's review deadline as a durable timer; without Temporal the review route still refuses a late
    decision (the deadline is on the row), so this only logs a failure."""
    clock = m.ReviewClock(task_id=task.id, revision=task.revision, due=task.review_due_at)
    if client is None:
        log.warning("review clock of deploy task %s not started: Temporal unreachable", task.id)
        return
    try:
        async with watched():
            await client.start_workflow(
                "deploy-review", clock, id=m.review_id(task.id), task_queue=get_settings().deploy_task_queue,
                start_signal="revised", start_signal_args=[clock], rpc_timeout=rpc_timeout(),
                static_summary=f"Review deadline of deploy task #{task.id}")
    except Exception as exc:
        log.warning("review clock of deploy task %s not started: %s", task.id, exc)


async def signal_quietly(client: Client | None, workflow_id: str, signal: str, *args: Any) -> None:
    """Fire and forget: the database already holds the truth, the flow only learns of it sooner."""
    if client is None:
        return
    try:
        async with watched():
            await client.get_workflow_handle(workflow_id).signal(signal, *args, rpc_timeout=rpc_timeout())
    except Exception as exc:
        log.info("signal %s to %s not delivered: %s", signal, workflow_id, exc)


async def load_task(db: AsyncSession, task_id: int, *, lock: bool = False) -> DeployTask:
    task = await db.get(DeployTask, task_id, with_for_update=lock)
    if task is None:
        raise NotFound(entity="DeployTask")
    return task


async def load_run(db: AsyncSession, run_id: int, *, lock: bool = False) -> DeployRun:
    run = await db.get(DeployRun, run_id, with_for_update=lock)
    if run is None:
        raise NotFound(entity="DeployRun")
    return run


async def project_codes(db: AsyncSession, ids: set[int]) -> dict[int, str]:
    rows = await db.execute(select(DeployProject.id, DeployProject.code).where(DeployProject.id.in_(ids)))
    return dict(rows.all())


async def tasks_public(db: AsyncSession, tasks: Sequence[DeployTask]) -> list[TaskPublic]:
    codes = await project_codes(db, {t.project_id for t in tasks})
    people = await users_by_id(db, [i for t in tasks for i in (t.author_id, t.reviewer_id)])
    return [TaskPublic.model_validate(t).model_copy(update={
        "project_code": codes.get(t.project_id, ""), "author_name": people.get(t.author_id, {}).get("username", ""),
        "reviewer_name": people.get(t.reviewer_id, {}).get("username") if t.reviewer_id else None}) for t in tasks]


async def runs_public(db: AsyncSession, runs: Sequence[DeployRun], user: Principal) -> list[RunPublic]:
    codes = await project_codes(db, {r.project_id for r in runs})
    people = await users_by_id(db, [r.requested_by for r in runs])
    names = dict((await db.execute(select(DeployTask.id, DeployTask.name).where(
        DeployTask.id.in_({r.task_id for r in runs})))).all())
    operator = user.can(OPERATE)
    return [RunPublic.model_validate(r).model_copy(update={
        "project_code": codes.get(r.project_id, ""), "task_name": names.get(r.task_id, ""),
        "requested_by_name": people.get(r.requested_by, {}).get("username") if r.requested_by else None,
        "workflow_id": m.run_id(r.id),
        "workflow_url": workflow_path(m.run_id(r.id)) if operator and r.started_at else None}) for r in runs]
