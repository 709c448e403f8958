"""Deployments on the wire: projects and freeze windows (resource kit), tasks and reviews, runs and logs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.bounds import bound_integers
from api.resource.query import Eq, In, Like, Range, SearchParams
from api.schemas.types import Int32, harden
from domain.enums import (
    DeployDecision,
    DeployEnvironment,
    DeployRunKind,
    DeployRunner,
    DeployRunStatus,
    DeployTaskStatus,
)
from domain.errors import Invalid
from domain.models.deployments import DeployRun, DeployTask
from domain.rules import deployments as rules


def _project_code(value: str) -> str:
    if not rules.PROJECT_CODE.match(value):
        raise PydanticCustomError("project_code", "lower-case letters, digits and hyphens, 1 to 40")
    return value


def _invalid_to_pydantic(check: Any) -> Any:
    """A rule of domain.rules raised as pydantic's error, so the 422 names the field and the rule."""
    def run(value: Any) -> Any:
        try:
            return check(value)
        except Invalid as exc:
            raise PydanticCustomError(str(exc.params.get("rule", "invalid")), "{rule}",
                                      {"rule": exc.params.get("rule"), **exc.params}) from None
    return run


ProjectCode = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_project_code)]
ServerIps = Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=rules.MAX_SERVERS),
                      AfterValidator(_invalid_to_pydantic(rules.server_ips))]
TaskName = Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_invalid_to_pydantic(rules.task_name))]
Params = Annotated[dict[str, Any], AfterValidator(_invalid_to_pydantic(rules.params))]
TimeLimit = Annotated[int, Field(ge=1, le=rules.TIME_LIMIT_MAX_MINUTES)]


# ---- projects (resource kit) ------------------------------------------------------------------------

class ProjectCreate(CamelModel):
    code: ProjectCode
    name: str = Field(min_length=1, max_length=100)
    deploy_command: str = Field(default="", max_length=4000)
    time_limit_minutes: TimeLimit = 30
    jenkins_job: str | None = Field(default=None, max_length=200)
    auto_deploy: bool = False


class ProjectUpdate(CamelModel):
    id: int
    name: str | None = Field(default=None, min_length=1, max_length=100)
    deploy_command: str | None = Field(default=None, max_length=4000)
    time_limit_minutes: TimeLimit | None = None
    jenkins_job: str | None = Field(default=None, max_length=200)
    auto_deploy: bool | None = None


class ProjectPublic(CamelModel):
    id: int
    code: str
    name: str
    deploy_command: str
    time_limit_minutes: int
    jenkins_job: str | None
    auto_deploy: bool
    updated_at: datetime


class ProjectFilters(SearchParams):
    code: Annotated[str | None, Like("code", "name")] = None
    auto_deploy: bool | None = None


class ProjectOption(CamelModel):
    id: int
    code: str
    name: str


# ---- freeze windows (resource kit) ----------------------------------------------------------------

class FreezeCreate(CamelModel):
    environment: DeployEnvironment
    starts_at: AwareDatetime
    ends_at: AwareDatetime
    reason: str = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _ordered(self) -> FreezeCreate:
        if self.ends_at <= self.starts_at:
            raise PydanticCustomError("end_after_start", "the end must come after the start")
        return self


class FreezeUpdate(CamelModel):
    id: int
    environment: DeployEnvironment | None = None
    starts_at: AwareDatetime | None = None
    ends_at: AwareDatetime | None = None
    reason: str | None = Field(default=None, min_length=1, max_length=200)


class FreezePublic(CamelModel):
    id: int
    environment: DeployEnvironment
    starts_at: AwareDatetime
    ends_at: AwareDatetime
    reason: str
    created_by: int | None
    updated_at: datetime


class FreezeFilters(SearchParams):
    environment: Annotated[list[DeployEnvironment] | None, In()] = None
    ends_at: Annotated[list[AwareDatetime] | None, Range()] = None


# ---- tasks and reviews ----------------------------------------------------------------------------

class TaskBody(CamelModel):
    """SPEC §3 Deployment: project, version, environment, server IP; §5: task name required."""

    name: TaskName
    project_id: int
    version: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._\-+/]+$")
    environment: DeployEnvironment
    server_ips: ServerIps
    params: Params = Field(default_factory=dict)
    description: str = Field(default="", max_length=2000)


class TaskModify(TaskBody):
    id: int


class TaskPublic(CamelModel):
    id: int
    name: str
    project_id: int
    project_code: str = ""
    version: str
    environment: DeployEnvironment
    server_ips: list[str]
    params: dict[str, Any]
    description: str
    status: DeployTaskStatus
    revision: int
    author_id: int
    author_name: str = ""
    review_due_at: datetime
    reviewer_id: int | None
    reviewer_name: str | None = None
    reviewed_at: datetime | None
    created_at: datetime
    updated_at: datetime


class TaskFilters(SearchParams):
    name: Annotated[str | None, Like("name", "version")] = None
    project_id: Annotated[int | None, Eq()] = None
    environment: Annotated[list[DeployEnvironment] | None, In()] = None
    status: Annotated[list[DeployTaskStatus] | None, In()] = None
    author_id: Annotated[int | None, Eq()] = None


class ReviewBody(CamelModel):
    decision: DeployDecision
    comment: str = Field(default="", max_length=2000, validate_default=True)

    @field_validator("comment")
    @classmethod
    def _comment_on_reject(cls, comment: str, info: ValidationInfo) -> str:
        """A rejection or a plain comment needs its text: refused on the comment field itself, so the form marks
        that field (an approval may go without one)."""
        decision = info.data.get("decision")
        if decision is not None and decision != DeployDecision.APPROVE and not comment.strip():
            raise PydanticCustomError("comment_required", "a rejection or a comment needs its text")
        return comment


class ReviewPublic(CamelModel):
    id: int
    revision: int
    reviewer_id: int
    reviewer_name: str = ""
    decision: DeployDecision
    comment: str
    created_at: datetime


class RevisionPublic(CamelModel):
    revision: int
    content: dict[str, Any]
    author_id: int
    created_at: datetime


class RevisionChange(CamelModel):
    field: str
    before: Any
    after: Any


# ---- runs ------------------------------------------------------------------------------------------

class DeployBody(CamelModel):
    """Queue a run of an approved task; in a freeze window only with `overrideFreeze` and its reason."""

    task_id: int
    override_freeze: bool = False
    override_reason: str = Field(default="", max_length=500)


class OverrideBody(CamelModel):
    override_freeze: bool = False
    override_reason: str = Field(default="", max_length=500)


class RollbackBody(OverrideBody):
    project_id: Int32
    environment: DeployEnvironment


class RollbackTarget(CamelModel):
    """What a rollback would do, for its confirmation: the project's environment goes from one version to another."""

    project_code: str
    environment: DeployEnvironment
    current_version: str
    target_version: str


class RunPublic(CamelModel):
    id: int
    project_id: int
    project_code: str = ""
    task_id: int
    task_name: str = ""
    kind: DeployRunKind
    version: str
    environment: DeployEnvironment
    server_ips: list[str]
    status: DeployRunStatus
    runner: DeployRunner | None
    requested_by: int | None
    requested_by_name: str | None = None
    retry_of_id: int | None
    superseded_by_id: int | None
    freeze_override_by: int | None
    freeze_override_reason: str | None
    exit_code: int | None
    error: str | None
    log_bytes: int
    started_at: datetime | None
    finished_at: datetime | None
    created_at: datetime
    workflow_id: str = ""
    workflow_url: str | None = None


class RunDetail(RunPublic):
    """One run as its detail shows it: with the last lines of its log (why a failed run failed, at a glance)."""

    log_tail: list[str] = Field(default_factory=list)


class RunFilters(SearchParams):
    project_id: Annotated[int | None, Eq()] = None
    task_id: Annotated[int | None, Eq()] = None
    version: Annotated[str | None, Like()] = None
    environment: Annotated[list[DeployEnvironment] | None, In()] = None
    status: Annotated[list[DeployRunStatus] | None, In()] = None
    kind: Annotated[list[DeployRunKind] | None, In()] = None
    created_at: Annotated[list[AwareDatetime] | None, Range()] = None


class LogChunk(CamelModel):
    seq: int
    text: str


class LogPage(CamelModel):
    """Chunks of a run's log; `first` and `last` bound the whole log, so a reader knows what is left."""

    chunks: list[LogChunk]
    first: int
    last: int
    bytes: int
    finished: bool


class TaskDetail(CamelModel):
    task: TaskPublic
    revisions: list[RevisionPublic]
    reviews: list[ReviewPublic]
    runs: list[RunPublic]
    can_review: bool
    can_edit: bool


# Written to the task's and the run's columns by hand-written routes: the columns' integer ranges hold here too.
bound_integers(DeployTask, TaskBody, TaskModify)
bound_integers(DeployRun, DeployBody)


harden(TaskBody, TaskModify)  # requests: names one line, numbers and times in range
