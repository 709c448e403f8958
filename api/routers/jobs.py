"""Scheduled tasks (SPEC §2 /system/task/schedule, §3, §5; docs/jobs.md): the list on the resource kit; create,
edit, delete, pause and resume commit the row, then bring the task's Temporal Schedule to it (api/schedule_saves.py:
a save that finds Temporal down is kept and the reconciliation puts its schedule); the next fire times are
Temporal's own; run now and backfill act on the schedule."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.query import picked_or_named
from api.resource.scope import CONFIGURATION, declares
from api.routers import order_stats
from api.schedule_saves import follow, saved
from api.schemas.jobs import (
    JobBackfillBody,
    JobCreate,
    JobFilters,
    JobHandlerView,
    JobPublic,
    JobReasonBody,
    JobRunBody,
    JobRunStarted,
    JobScheduleView,
    JobUpdate,
)
from api.schemas.options import JobOption, PickedIds, Typed
from api.schemas.order_stats import OrderStatsBackfillView
from api.temporal_ui import OPERATE, UI_PATH, workflow_path
from api.user_center import ensure_person_put
from domain.enums import JobKey, JobPauseReason, JobStatus
from domain.errors import DomainError
from domain.flows.jobs import schedule_id
from domain.models.jobs import ScheduledJob
from domain.models.users import real_name_of
from domain.outbound import check_job_urls
from domain.rules import jobs as rules
from domain.rules.inputs import Problems
from domain.seed.jobs import job_key_under_builtin_name
from domain.settings import get_settings
from services.flows import watched
from services.jobs import overlap
from services.jobs.flow import start_run
from services.jobs.schedules import backfill, describe_schedule, drop_schedule, follow_pause, put_schedule

log = logging.getLogger("omp.jobs")
MENU = "task-schedule"


async def check_job(db: AsyncSession, row: Any, user: Principal) -> None:
    """SPEC §5: the handler and method name a job of the catalogue, its parameters fit the job's schema (a number
    where labelled), the cron is one Temporal and the preview read alike, the person in charge is one the caller's
    data authority reaches."""
    problems = Problems()  # the schema's rules on the saved row (rules.task_problems), the URLs and the person
    job = problems.check(rules.job_of, row.handler, row.method)
    cron = problems.check(rules.check_cron, row.cron)
    params = problems.check(rules.check_params, job, row.params) if job else None
    if job and params is not None:
        with problems.catching():
            await check_job_urls(job, params)
    with problems.catching():
        await ensure_person_put(db, user, row, "owner_id", "ownerId")
    problems.raise_any()
    row.params, row.cron = params, cron


async def refuse_builtin(_: AsyncSession, row: Any, __: Principal) -> None:
    if row.builtin:  # it would come back at the next start (domain/seed/jobs.py): pause it instead
        raise DomainError("JOB_BUILTIN", status=409)


def with_owner() -> dict[str, Any]:
    return {"owner_name": real_name_of(ScheduledJob.owner_id), "job_key": job_key_under_builtin_name(ScheduledJob.name)}


jobs = Resource(
    name="ScheduledJob", model=ScheduledJob, public=JobPublic, create=JobCreate, update=JobUpdate,
    filters=JobFilters, permission=MENU, actions=Actions(export="job#export"), scope=CONFIGURATION,
    prepare=check_job, check_delete=refuse_builtin, unique={"uq_scheduled_jobs_name": "name"}, default_sort="name",
    computed=with_owner,
)
router = jobs.router(prefix="/job", tags=["jobs"])


@router.get("/options", openapi_extra=declares(CONFIGURATION),
            summary="Scheduled tasks whose name contains what is typed (the first 20), or the given ids, for the task "
            "records' task filter")
async def options(db: SessionDep, _: Annotated[Principal, Need(MENU, "task-log")], q: Typed = None,
                  ids: PickedIds = None) -> Reply[list[JobOption]]:
    query = select(ScheduledJob).order_by(ScheduledJob.name, ScheduledJob.id)
    rows = await db.scalars(picked_or_named(query, [ScheduledJob.name], q, ScheduledJob.id, ids))
    return ok([JobOption.model_validate(row) for row in rows])
SCOPE = declares(CONFIGURATION)


async def put(request: Request, db: AsyncSession, row: ScheduledJob) -> bool:
    """Commit the saved task, then put its schedule as the row says; False: Temporal did not answer, the
    reconciliation puts it."""
    try:
        return await follow(request, db, lambda client: put_schedule(client, row))
    except RPCError as exc:
        if exc.status != RPCStatusCode.INVALID_ARGUMENT:  # what the cron rule let through and Temporal did not
            raise
        log.error("Temporal refused the schedule of task %s (cron %r): %s", row.id, row.cron, exc)
        return False


@router.post("/add", summary="Create a scheduled task and its Temporal Schedule")
async def add(body: JobCreate, db: SessionDep, request: Request,
              user: Annotated[Principal, Need("job#add")]) -> Reply[JobPublic]:
    row = await jobs.add_row(db, user, body)
    followed = await put(request, db, row)
    return saved(JobPublic.model_validate(await jobs.shown(db, user, row)), followed)


@router.post("/modify", summary="Edit a scheduled task; its schedule follows")
async def modify(body: JobUpdate, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("job#edit")]) -> Reply[JobPublic]:
    row = await jobs.modify_row(db, user, body)
    followed = await put(request, db, row)
    return saved(JobPublic.model_validate(await jobs.shown(db, user, row)), followed)


@router.delete("/delete/{job_id}", summary="Delete a scheduled task, its schedule and its records")
async def delete(job_id: int, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("job#delete")]) -> Reply[None]:
    await jobs.delete_row(db, user, job_id)
    return saved(None, await follow(request, db, lambda client: drop_schedule(client, job_id)))


@router.get("/handlers", summary="The jobs a task may run, with their parameter schemas",
            openapi_extra={**SCOPE, "x-audit": False})
async def handlers(_: Annotated[Principal, Need(MENU)]) -> Reply[list[JobHandlerView]]:
    return ok([{"handler": j.handler, "method": j.method, "params": [p.__dict__ for p in j.params]}
               for j in rules.JOBS.values()])


def schedule_url(job_id: int, user: Principal) -> str | None:
    if not user.can(OPERATE):
        return None
    return f"{UI_PATH}/namespaces/{get_settings().temporal_namespace}/schedules/{schedule_id(job_id)}"


@router.get("/{job_id}/schedule", summary="The task's schedule as Temporal describes it: the next 5 fire times",
            openapi_extra=SCOPE)
async def schedule(job_id: int, db: SessionDep, request: Request,
                   user: Annotated[Principal, Need(MENU)]) -> Reply[JobScheduleView]:
    await jobs.load(db, user, job_id)
    await release(db)
    client = await temporal_client(request)
    async with watched():
        found = await describe_schedule(client, job_id)
    view: dict[str, Any] = {"schedule_id": schedule_id(job_id), "found": found is not None,
                            "schedule_url": schedule_url(job_id, user)}
    if found is not None:
        view |= {"paused": found.schedule.state.paused, "note": found.schedule.state.note or None,
                 "next_times": found.info.next_action_times[:5],
                 "recent": [{"nominal_at": a.scheduled_at, "started_at": a.started_at,
                             "workflow_id": getattr(a, "workflow_id", "")} for a in found.info.recent_actions[-5:]]}
    return ok(view)


async def changed(db: AsyncSession, user: Principal, row: ScheduledJob, action: str, before: dict | None,
                  after: dict | None) -> None:
    await jobs.audit(db, user, row.id, action, before, after)


async def refuse_while_running(db: AsyncSession, client: Client, job_id: int) -> None:
    """One run of a task at once (docs/decisions/job-overlap-in-console.md): run now says so while a run is live,
    rather than start a run whose begin would only record it SKIPPED. A record of a run that is gone blocks
    nothing (the next run's begin closes it)."""
    others = await overlap.processing(db, job_id)
    if not others:
        return
    await release(db)  # no connection held while Temporal is asked
    async with watched():
        live, _ = await overlap.sort_out(client, others)
    if live:
        raise DomainError("JOB_RUNNING", status=409, workflowId=live[0].workflow_id)


@router.post("/{job_id}/run", summary="Run now, with parameters overriding the task's for this run only")
async def run_now(job_id: int, body: JobRunBody, db: SessionDep, request: Request,
                  user: Annotated[Principal, Need("job#run")]) -> Reply[JobRunStarted]:
    row = await jobs.load(db, user, job_id)
    job = rules.job_of(row.handler, row.method)
    override = rules.check_params(job, body.params, partial=True) if body.params else None
    await check_job_urls(job, override or {})
    client = await temporal_client(request)
    await refuse_while_running(db, client, row.id)
    await changed(db, user, row, "run", None, {"params": override or {}})
    await release(db)
    workflow_id = await start_run(client, row, override)
    return ok({"workflow_id": workflow_id,
               "workflow_url": workflow_path(workflow_id) if user.can(OPERATE) else None})


async def set_paused(db: AsyncSession, request: Request, user: Principal, job_id: int, paused: bool,
                     reason: str) -> tuple[ScheduledJob, bool]:
    """The row first (committed), then its schedule; the bool: whether Temporal followed at once."""
    row = await jobs.load(db, user, job_id, lock=True)
    if (row.status == JobStatus.PAUSED) == paused:
        raise DomainError("JOB_ALREADY_PAUSED" if paused else "JOB_NOT_PAUSED", status=409)
    before = {"status": row.status, "pauseNote": row.pause_note}
    row.status = JobStatus.PAUSED if paused else JobStatus.RUNNING
    row.paused_reason = JobPauseReason.MANUAL if paused else None
    row.pause_note = rules.pause_note(JobPauseReason.MANUAL, user.username, reason) if paused else None
    if not paused:
        row.consecutive_failures = 0  # a resumed task gets its N failures afresh
    await db.flush()
    await changed(db, user, row, "pause" if paused else "resume", before,
                  {"status": row.status, "reason": reason})
    note = (rules.pause_note(JobPauseReason.MANUAL, user.username, reason) if paused
            else f"resumed by {user.username}: {reason}")
    return row, await follow(request, db, lambda client: follow_pause(client, job_id, paused, note))


@router.post("/{job_id}/pause", summary="Pause the task's schedule, with a reason")
async def pause(job_id: int, body: JobReasonBody, db: SessionDep, request: Request,
                user: Annotated[Principal, Need("job#pause")]) -> Reply[JobPublic]:
    row, followed = await set_paused(db, request, user, job_id, True, body.reason)
    return saved(JobPublic.model_validate(await jobs.shown(db, user, row)), followed)


@router.post("/{job_id}/resume", summary="Resume the task's schedule, with a reason")
async def resume(job_id: int, body: JobReasonBody, db: SessionDep, request: Request,
                 user: Annotated[Principal, Need("job#pause")]) -> Reply[JobPublic]:
    row, followed = await set_paused(db, request, user, job_id, False, body.reason)
    return saved(JobPublic.model_validate(await jobs.shown(db, user, row)), followed)


@router.post("/{job_id}/backfill", summary="Run the fires the cron had in a past window (missed while paused or down)")
async def backfill_window(job_id: int, body: JobBackfillBody, db: SessionDep, request: Request,
                          user: Annotated[Principal, Need("job#run")]) -> Reply[OrderStatsBackfillView | None]:
    """The order statistics rollup rolls every hour of the range again, in batches with progress (its reply);
    any other task runs its cron's fires of the window."""
    row = await jobs.load(db, user, job_id)
    Problems.of(rules.window_problems(body.start_at, body.end_at)).raise_any()
    if f"{row.handler}.{row.method}" == JobKey.ORDER_STATS_ROLLUP:
        await changed(db, user, row, "backfill", None,
                      {"startAt": body.start_at.isoformat(), "endAt": body.end_at.isoformat()})
        return ok(await order_stats.backfill(db, request, user, body))
    Problems.of(rules.backfill_problems(body.start_at, body.end_at, datetime.now(UTC))).raise_any()
    await changed(db, user, row, "backfill", None,
                  {"startAt": body.start_at.isoformat(), "endAt": body.end_at.isoformat()})
    client = await temporal_client(request)
    await release(db)
    async with watched():
        await backfill(client, job_id, body.start_at, body.end_at)
    return ok(None)
