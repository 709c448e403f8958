"""Inputs and outputs of the scheduled task flows (workflows/jobs.py) and their activities."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import AwareDatetime, BaseModel
from temporalio.common import SearchAttributeKey

from domain.enums import JobTrigger

TASK_NAME = SearchAttributeKey.for_keyword("TaskName")  # every run of a task carries its name
SCHEDULED_START = SearchAttributeKey.for_datetime("TemporalScheduledStartTime")  # set by the Schedule


class JobRun(BaseModel):
    """What the task's Schedule (or run now) starts a run with; `params` overrides the task's for this run."""

    job_id: int
    trigger: JobTrigger = JobTrigger.SCHEDULE
    params: dict[str, Any] | None = None


class JobBegin(BaseModel):
    job_id: int
    workflow_id: str
    run_id: str
    trigger: JobTrigger
    nominal_at: AwareDatetime
    params: dict[str, Any] | None = None


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
