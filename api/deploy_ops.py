"""What the deploy routes share: the caller's checks before a run is queued (the freeze rule and its override;
the run itself is queued by services/deployments/runs.py), loading tasks and runs, and the public shapes of tasks
and runs (docs/deployments.md)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.deps import Principal
from api.flows import temporal_client
from api.resource.scope import unscoped
from api.schemas.deployments import DeployBody, OverrideBody, RunPublic, TaskPublic
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import DeployRunKind
from domain.errors import DomainError, Forbidden, Invalid, NotFound
from domain.flows import deployments as m
from domain.models.deployments import DeployProject, DeployRun, DeployTask
from domain.rules import deployments as rules
from services.deployments import runs
from services.deployments import store as deploy_store
from services.tickets.reads import users_by_id

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
Override = OverrideBody | DeployBody  # what a call says of a freeze window: override it, and why


async def check_freeze(db: AsyncSession, user: Principal | None, environment: str, body: Override) -> None:
    """A run may not be queued into a frozen environment, unless an override holder says so with a reason."""
    if body.override_freeze:
        if user is None or not user.can(OVERRIDE):
            raise Forbidden("DEPLOY_OVERRIDE_FORBIDDEN")
        if not body.override_reason.strip():
            raise Invalid(field="overrideReason", rule="required")
        return
    at = datetime.now(UTC)
    window = rules.freeze_at(await deploy_store.windows(db, environment, at), environment, at)
    if window is not None:
        raise DomainError("DEPLOY_FROZEN", status=409, environment=environment, reason=window.reason,
                          until=window.ends_at.isoformat())


async def queue_run(db: AsyncSession, client: Client | None, user: Principal | None, *, task: DeployTask,
                    kind: DeployRunKind, body: Override, source: DeployTask | DeployRun | None = None,
                    retry_of: int | None = None, check: bool = True) -> DeployRun:
    """The freeze rule checked against the caller (unless `check` is off), then the run queued
    (services/deployments/runs.py queue_run)."""
    src = source or task
    if check:
        await check_freeze(db, user, src.environment, body)
    override = body.override_reason.strip() if body.override_freeze else None
    return await runs.queue_run(db, client, user, task=task, kind=kind, source=source, retry_of=retry_of,
                                override_reason=override)


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
