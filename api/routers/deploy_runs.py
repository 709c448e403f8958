"""Deploy runs: queue, withdraw or cancel, retry, roll back; the lists of the CI, CD and release-log screens;
the logs, as pages of chunks, as a download and as server-sent events (docs/deployments.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import select, update

from api.deploy_ops import DEPLOYS, RUN_READERS, load_run, load_task, queue_run, runs_public
from api.deps import Need, Principal, SessionDep, release
from api.envelope import Page, Reply, ok
from api.flows import TemporalDep
from api.resource.bounds import narrow_filters
from api.resource.query import apply_filters, apply_sort, page_reply, page_rows
from api.resource.scope import declares
from api.schemas.deployments import (
    DeployBody,
    OverrideBody,
    RollbackBody,
    RollbackTarget,
    RunDetail,
    RunFilters,
    RunPublic,
)
from api.schemas.types import Int32
from domain import audit
from domain.enums import DeployEnvironment, DeployRunKind, DeployRunStatus
from domain.errors import DomainError
from domain.models.deployments import DeployProject, DeployRun
from domain.rules import deployments as rules
from services.deployments import flow, store

router = APIRouter(prefix="/deploy/run", tags=["deploy_runs"])
narrow_filters(DeployRun, RunFilters)  # each integer filter held to its column's range
SORTABLE = {"id", "version", "environment", "status", "kind", "created_at", "started_at", "finished_at"}


async def one(db: SessionDep, run: DeployRun, user: Principal) -> RunPublic:
    return (await runs_public(db, [run], user))[0]


@router.post("/search", openapi_extra=declares(DEPLOYS),
             summary="Search deploy runs (CI, CD and release log)")
async def search(params: RunFilters, db: SessionDep,
                 user: Annotated[Principal, Need(*RUN_READERS)]) -> Reply[Page[RunPublic]]:
    query = apply_sort(apply_filters(select(DeployRun), DeployRun, params), DeployRun, params.sort, SORTABLE, "-id")
    rows, counted = await page_rows(db, query, params)
    return ok(page_reply(await runs_public(db, rows, user), counted, params))


@router.get("/detail/{run_id}", openapi_extra=declares(DEPLOYS),
            summary="One deploy run, with the last lines of its log")
async def detail(run_id: int, db: SessionDep, user: Annotated[Principal, Need(*RUN_READERS)]) -> Reply[RunDetail]:
    run = await load_run(db, run_id)
    tail = rules.log_tail(await store.log_end(db, run_id))
    return ok(RunDetail(**(await one(db, run, user)).model_dump(), log_tail=tail))


@router.post("/add", summary="Queue a run of an approved deploy task")
async def add(body: DeployBody, db: SessionDep,
              user: Annotated[Principal, Need("deploy#run")], flows: TemporalDep) -> Reply[RunPublic]:
    task = await load_task(db, body.task_id)
    rules.ensure_deployable(task.status)
    run = await queue_run(db, flows, user, task=task, kind=DeployRunKind.DEPLOY, body=body)
    return ok(await one(db, run, user))


@router.post("/{run_id}/retry", summary="Queue a failed or cancelled run again")
async def retry(run_id: int, body: OverrideBody, db: SessionDep,
                user: Annotated[Principal, Need("deploy#run")], flows: TemporalDep) -> Reply[RunPublic]:
    old = await load_run(db, run_id)
    if old.status not in rules.RETRYABLE:
        raise DomainError("DEPLOY_NOT_RETRYABLE", status=409)
    task = await load_task(db, old.task_id)
    run = await queue_run(db, flows, user, task=task, kind=DeployRunKind.RETRY, body=body, source=old,
                          retry_of=old.id)
    return ok(await one(db, run, user))


async def rollback_source(db: SessionDep, project_id: int, environment: str) -> tuple[DeployRun, DeployRun]:
    """The run in place (the newest success) and the one a rollback deploys again (the newest success of
    another version); refused when there is none."""
    runs = (await db.scalars(select(DeployRun).where(
        DeployRun.project_id == project_id, DeployRun.environment == environment,
        DeployRun.status == DeployRunStatus.SUCCEEDED).order_by(DeployRun.id.desc()).limit(200))).all()
    target = rules.rollback_target([rules.PastRun(r.id, r.version, r.status) for r in runs])
    if target is None:
        raise DomainError("DEPLOY_NO_ROLLBACK_TARGET", status=409)
    return runs[0], next(r for r in runs if r.id == target.id)


@router.get("/rollback-target", openapi_extra=declares(DEPLOYS),
            summary="What a rollback of a project's environment would put back, to confirm it")
async def rollback_preview(project_id: Annotated[Int32, Query(alias="projectId")], environment: DeployEnvironment,
                           db: SessionDep, _: Annotated[Principal, Need("deploy#run")]) -> Reply[RollbackTarget]:
    current, source = await rollback_source(db, project_id, environment)
    return ok(RollbackTarget(project_code=await project_code(db, source), environment=environment,
                             current_version=current.version, target_version=source.version))


@router.post("/rollback", summary="Queue a run of the previous good version of a project in an environment")
async def rollback(body: RollbackBody, db: SessionDep,
                   user: Annotated[Principal, Need("deploy#run")], flows: TemporalDep) -> Reply[RunPublic]:
    _, source = await rollback_source(db, body.project_id, body.environment)
    task = await load_task(db, source.task_id)
    run = await queue_run(db, flows, user, task=task, kind=DeployRunKind.ROLLBACK, body=body, source=source)
    return ok(await one(db, run, user))


@router.post("/{run_id}/cancel", summary="Withdraw a queued run, or cancel a running one")
async def cancel(run_id: int, db: SessionDep,
                 user: Annotated[Principal, Need("deploy#cancel")], flows: TemporalDep) -> Reply[RunPublic]:
    run = await load_run(db, run_id, lock=True)
    if run.status == DeployRunStatus.QUEUED:
        before = audit.snapshot(run)
        await db.execute(update(DeployRun).where(DeployRun.id == run_id).values(status=DeployRunStatus.WITHDRAWN))
        await db.refresh(run)
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="DeployRun",
                                  entity_id=run_id, action="update", before=before, after=audit.snapshot(run))
        public, code = await one(db, run, user), await project_code(db, run)
        await release(db)
        await flow.forget(flows, code, run_id)
        return ok(public)
    if run.status != DeployRunStatus.RUNNING:
        raise DomainError("DEPLOY_NOT_CANCELLABLE", status=409)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="DeployRun",
                              entity_id=run_id, action="cancel", before=None, after={"cancelRequested": True})
    public = await one(db, run, user)
    await release(db)
    await flow.cancel_run(flows, run_id)
    return ok(public)


async def project_code(db: SessionDep, run: DeployRun) -> str:
    return (await db.get_one(DeployProject, run.project_id)).code
