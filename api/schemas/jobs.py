"""Scheduled tasks and task records on the wire (SPEC §3, §4, §5)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, AwareDatetime, Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, Range, SearchParams
from api.schemas.calendars import TimeZone
from api.schemas.mail import Address, distinct
from api.schemas.types import Moment
from domain.enums import JobAlarm, JobMisfire, JobPauseReason, JobRecordResult, JobStatus, JobTrigger
from domain.rules import jobs as rules
from domain.rules.inputs import FieldRule

MAX_EMAILS = 20


Emails = Annotated[list[Address], Field(max_length=MAX_EMAILS), AfterValidator(distinct)]
Name = Annotated[str, Field(min_length=1, max_length=100)]
Key = Annotated[str, Field(min_length=1, max_length=40)]
Cron = Annotated[str, Field(min_length=1, max_length=120)]
PauseAfter = Annotated[int, Field(ge=0, le=100)]
Retries = Annotated[int, Field(ge=0, le=5)]


# The task's rules across its fields, named with the schema's own refusals in one reply (api/errors.py)
TASK_RULES = (FieldRule(rules.task_problems),)


class JobCreate(CamelModel):
    __rules__: ClassVar = TASK_RULES
    name: Name
    handler: Key
    method: Key
    cron: Cron
    time_zone: TimeZone = "Asia/Jakarta"
    params: dict[str, Any] = {}
    owner_id: int | None = None
    emails: Emails = []
    pause_after_failures: PauseAfter = 0
    retries: Retries = 0
    misfire: JobMisfire = JobMisfire.SKIP_MISSED


class JobUpdate(CamelModel):
    __rules__: ClassVar = TASK_RULES
    id: int
    name: Name | None = None
    handler: Key | None = None
    method: Key | None = None
    cron: Cron | None = None
    time_zone: TimeZone | None = None
    params: dict[str, Any] | None = None
    owner_id: int | None = None
    emails: Emails | None = None
    pause_after_failures: PauseAfter | None = None
    retries: Retries | None = None
    misfire: JobMisfire | None = None


class JobPublic(CamelModel):
    id: int
    name: str
    handler: str
    method: str
    cron: str
    time_zone: str
    params: dict[str, Any]
    owner_id: int | None
    owner_name: str | None = None
    emails: list[str]
    pause_after_failures: int
    retries: int
    misfire: JobMisfire
    status: JobStatus
    paused_reason: JobPauseReason | None
    pause_note: str | None
    consecutive_failures: int
    alarm: JobAlarm
    builtin: bool
    job_key: str | None = None  # a built-in task still under its built-in name: named by its job (JobKey)
    updated_at: datetime


class JobFilters(SearchParams):
    name: Annotated[str | None, Like("name", "handler", "method")] = None
    handler: Annotated[str | None, Eq()] = None
    status: Annotated[list[JobStatus] | None, In()] = None
    alarm: Annotated[list[JobAlarm] | None, In()] = None


class JobParamView(CamelModel):
    name: str
    kind: str
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    required: bool


class JobHandlerView(CamelModel):
    """One job of the catalogue: what a task's handler and method may name, with its parameter schema."""

    handler: str
    method: str
    params: list[JobParamView]


class JobRunBody(CamelModel):
    """Run now; `params` overrides the task's parameters for this run only (checked against the schema)."""

    params: dict[str, Any] | None = None


class JobReasonBody(CamelModel):
    reason: str = Field(min_length=1, max_length=150)


class JobBackfillBody(CamelModel):
    """A window of past fires; its end after its start (checked with the task's own window rules by the route)."""

    __rules__: ClassVar = (FieldRule(lambda v: rules.window_problems(v.get("start_at"), v.get("end_at"))),)
    start_at: Moment
    end_at: Moment


class JobRunStarted(CamelModel):
    workflow_id: str
    workflow_url: str | None


class JobRecentAction(CamelModel):
    nominal_at: datetime
    started_at: datetime
    workflow_id: str


class JobScheduleView(CamelModel):
    """What Temporal says of the task's schedule (DescribeSchedule): what is shown is what will run."""

    schedule_id: str
    found: bool
    paused: bool = False
    note: str | None = None
    next_times: list[datetime] = []
    recent: list[JobRecentAction] = []
    schedule_url: str | None = None


class RecordPublic(CamelModel):
    id: int
    job_id: int
    job_name: str
    workflow_id: str
    run_id: str
    trigger: JobTrigger
    params: dict[str, Any]
    nominal_at: datetime
    started_at: datetime
    finished_at: datetime | None
    duration_ms: int | None
    attempt: int
    result: JobRecordResult
    output: str | None
    error: str | None
    retry_of: int | None = None  # the failed record this run retried
    retried_by: int | None = None  # the record of this failed record's retry
    job_key: str | None = None  # a built-in task's run: its job (JobKey), named in the reader's language


class RecordFilters(SearchParams):
    job_id: Annotated[int | None, Eq()] = None
    job_name: Annotated[str | None, Like("job_name")] = None
    result: Annotated[list[JobRecordResult] | None, In()] = None
    trigger: Annotated[list[JobTrigger] | None, In()] = None
    started_at: Annotated[list[AwareDatetime] | None, Range()] = None
