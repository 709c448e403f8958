"""Task records (SPEC §2 /system/task/log, §4 task result): one row a run of a scheduled task, written by the run
itself (services/jobs/store.py), kept as long as the task record retention job allows; read and exported."""

from __future__ import annotations

from typing import Annotated

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import aliased

from api.deps import Need, Principal, SessionDep, release
from api.envelope import CamelModel, Reply, ok
from api.flows import temporal_client
from api.resource import Actions, Resource
from api.resource.scope import declares, unscoped
from api.routers.jobs import jobs, refuse_while_running
from api.schemas.jobs import JobRunStarted, RecordFilters, RecordPublic
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import JobRecordResult
from domain.errors import DomainError
from domain.models.jobs import JobRecord, ScheduledJob
from domain.seed.jobs import job_key_under_builtin_name
from services.jobs.flow import start_retry

RETRY = aliased(JobRecord, name="retry")

records = Resource(
    name="JobRecord", model=JobRecord, public=RecordPublic, create=RecordPublic, update=RecordPublic,
    filters=RecordFilters, permission="task-log", actions=Actions(export="job-record#export"),
    scope=unscoped("records of the console's own scheduled tasks, not business data"), default_sort="-started_at",
    computed=lambda: {
        "retried_by": select(RETRY.id).where(RETRY.retry_of == JobRecord.id).scalar_subquery(),
        # a run of a built-in task under its built-in name (its job's English label, domain/seed/jobs.py) is shown by
        # the job's label in the reader's language; a run under a name an operator gave it, by that name
        "job_key": select(job_key_under_builtin_name(JobRecord.job_name)).where(
            ScheduledJob.id == JobRecord.job_id).scalar_subquery(),
    },
)
router = records.router(prefix="/job-record", tags=["job_records"])


class RunLinks(CamelModel):
    """Where a record's run opens in the Temporal Web UI: `workflows` + its workflow id (null: not an operator)."""

    workflows: str | None


@router.get("/links", summary="The Temporal Web UI address of the runs, for holders of temporal#operate",
            openapi_extra={**declares(records.scope), "x-audit": False})
async def links(user: Annotated[Principal, Need("task-log")]) -> Reply[RunLinks]:
    return ok({"workflows": workflow_path("") if user.can(OPERATE) else None})


@router.post("/{record_id}/retry", summary="Retry a failed record: a new run of its task with the record's "
             "parameters, whose record names the failed one (once per failed record)")
async def retry(record_id: int, db: SessionDep, request: Request,
                user: Annotated[Principal, Need("job-record#retry")]) -> Reply[JobRunStarted]:
    record = await records.load(db, user, record_id)
    if record.result != JobRecordResult.FAILED:
        raise DomainError("JOB_RECORD_NOT_FAILED", status=409, id=record.id,
                          result=f"enums.JobRecordResult.{record.result}")
    if record.retried_by is not None:
        raise DomainError("JOB_RECORD_RETRIED", status=409, id=record.id, run=f"#{record.retried_by}")
    row = await jobs.load(db, user, record.job_id)
    client = await temporal_client(request)
    await refuse_while_running(db, client, row.id)
    await records.audit(db, user, record.id, "retry", None, {"params": record.params})
    await release(db)
    workflow_id = await start_retry(client, row, record)
    return ok({"workflow_id": workflow_id,
               "workflow_url": workflow_path(workflow_id) if user.can(OPERATE) else None})
