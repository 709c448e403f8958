"""Task records (SPEC §2 /system/task/log, §4 task result): one row a run of a scheduled task, written by the run
itself (services/jobs/store.py), kept as long as the task record retention job allows; read and exported."""

from __future__ import annotations

from typing import Annotated

from api.deps import Need, Principal
from api.envelope import CamelModel, Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import declares, unscoped
from api.schemas.jobs import RecordFilters, RecordPublic
from api.temporal_ui import OPERATE, workflow_path
from domain.models.jobs import JobRecord

records = Resource(
    name="JobRecord", model=JobRecord, public=RecordPublic, create=RecordPublic, update=RecordPublic,
    filters=RecordFilters, permission="task-log", actions=Actions(export="job-record#export"),
    scope=unscoped("records of the console's own scheduled tasks, not business data"), default_sort="-started_at",
)
router = records.router(prefix="/job-record", tags=["job_records"])


class RunLinks(CamelModel):
    """Where a record's run opens in the Temporal Web UI: `workflows` + its workflow id (null: not an operator)."""

    workflows: str | None


@router.get("/links", summary="The Temporal Web UI address of the runs, for holders of temporal#operate",
            openapi_extra={**declares(records.scope), "x-audit": False})
async def links(user: Annotated[Principal, Need("task-log")]) -> Reply[RunLinks]:
    return ok({"workflows": workflow_path("") if user.can(OPERATE) else None})
