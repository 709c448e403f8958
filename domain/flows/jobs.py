"""The scheduled task flows' contract (workflows/jobs.py, docs/jobs.md): their workflow names and signals, the
names they go by in Temporal (schedule and workflow ids), their search attributes, and the inputs and outputs of
the flows and their activities.

Pure: the workflows, the activities, services/jobs/ and the API share it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import AwareDatetime, BaseModel
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import JobTrigger

WORKFLOW = "scheduled-job"  # JobRunWorkflow's registered name: what a task's Schedule and run now start
INCIDENT_WORKFLOW = "job-incident"  # JobIncidentWorkflow's registered name
FAILED = "failed"  # the incident's signal of a failed run (JobFailure); its start signal
RECOVERED = "recovered"  # the incident's signal of a run that succeeded again

TASK_NAME = SearchAttributeKey.for_keyword("TaskName")  # every run of a task carries its name
SCHEDULED_START = SearchAttributeKey.for_datetime("TemporalScheduledStartTime")  # set by the Schedule


# ---- names in Temporal ----------------------------------------------------------------------------------------

def schedule_id(job_id: int) -> str:
    return f"job-{job_id}"


def run_workflow_prefix(job_id: int) -> str:
    """The Schedule appends the nominal time to it: `job-7-2026-11-25T02:00:00Z`."""
    return f"job-{job_id}"


def manual_workflow_id(job_id: int, at: datetime) -> str:
    return f"job-{job_id}-run-{at:%Y%m%dT%H%M%S%f}"


def retry_workflow_id(job_id: int, record_id: int) -> str:
    """One retry of a failed record: the id is refused while or after it ran once (REJECT_DUPLICATE)."""
    return f"job-{job_id}-retry-{record_id}"


def incident_workflow_id(job_id: int) -> str:
    return f"job-incident-{job_id}"


def task_name(name: str) -> TypedSearchAttributes:
    """The search attribute every run of a task carries (and the schedules of the console's own checks)."""
    return TypedSearchAttributes([SearchAttributePair(TASK_NAME, name)])


class JobRun(BaseModel):
    """What the task's Schedule (or run now) starts a run with; `params` overrides the task's for this run."""

    job_id: int
    trigger: JobTrigger = JobTrigger.SCHEDULE
    params: dict[str, Any] | None = None
    retry_of: int | None = None  # the failed record this run retries (with its parameters)


class JobBegin(BaseModel):
    job_id: int
    workflow_id: str
    run_id: str
    trigger: JobTrigger
    nominal_at: AwareDatetime
    params: dict[str, Any] | None = None
    retry_of: int | None = None


class JobBegun(BaseModel):
    found: bool  # False: the task was deleted before its run began
    record_id: int = 0
    handler: str = ""
    method: str = ""
    params: dict[str, Any] = {}
    retries: int = 0
    short: bool = False  # the catalogue's job is done in seconds: run as a local activity (runs begun before: False)
    skipped: str | None = None  # the fire was recorded SKIPPED, with this note: another run of the task was live


class JobCall(BaseModel):
    record_id: int
    handler: str
    method: str
    params: dict[str, Any]


class JobFinish(BaseModel):
    record_id: int
    job_id: int
    succeeded: bool
    output: str | None = None
    error: str | None = None
    at: datetime


class IncidentStart(BaseModel):
    """The incident of one failing task: mails its people, reminds every `remind_every_seconds`, ends recovered."""

    job_id: int
    remind_every_seconds: int


class JobFailure(BaseModel):
    failures: int  # in a row, this one included
    error: str | None = None


class AlarmMail(BaseModel):
    job_id: int
    kind: str  # FAILING, REMINDER, RECOVERED
    key: str  # the incident and the mail's number in it: one mail per key and recipient
    failures: int = 0
    error: str | None = None
