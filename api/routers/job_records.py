"""Task records (SPEC §2 /system/task/log, §4 task result): one row a run of a scheduled task, written by the run
itself (activities/job_store.py), kept as long as the task record retention job allows; read and exported."""

from __future__ import annotations

from api.resource import Actions, Resource
from api.resource.scope import unscoped
from api.schemas.jobs import RecordFilters, RecordPublic
from domain.models.jobs import JobRecord

records = Resource(
    name="JobRecord", model=JobRecord, public=RecordPublic, create=RecordPublic, update=RecordPublic,
    filters=RecordFilters, permission="task-log", actions=Actions(export="job-record#export"),
    scope=unscoped("records of the console's own scheduled tasks, not business data"), default_sort="-started_at",
)
router = records.router(prefix="/job-record", tags=["job_records"])
