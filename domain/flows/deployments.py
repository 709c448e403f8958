"""The deploy flows' contract: the queue, run and review workflows' names, signals and ids, their search
attributes, and the inputs of the workflows and of their activities.

Pure: the API, services/deployments/, the workflows and the activities share it (docs/deployments.md).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel, Field
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.enums import DeployRunStatus
from domain.rules.deployments import GAP

QUEUE_WORKFLOW = "deploy-queue"  # DeployQueueWorkflow's registered name: one a project
RUN_WORKFLOW = "deploy-run"  # DeployRunWorkflow's registered name: one a run, a child of its project's queue
REVIEW_WORKFLOW = "deploy-review"  # DeployReviewWorkflow's registered name: one a task, its review deadline
ENQUEUE = "enqueue"  # the queue's signal of a run queued (Enqueued); its start signal
FORGET = "forget"  # the queue's signal of a run withdrawn while it waited (Enqueued)
REVISED = "revised"  # the review's signal of a new revision (ReviewClock); its start signal
DECIDE = "decide"  # the review's signal of a decision: the deadline no longer runs

PROJECT = SearchAttributeKey.for_keyword("Project")
ENVIRONMENT = SearchAttributeKey.for_keyword_list("Environment")  # one value (domain/search_attributes.py)
DEPLOY_STATUS = SearchAttributeKey.for_keyword("DeployStatus")


def queue_id(project_code: str) -> str:
    return f"deploy-queue-{project_code}"


def run_id(run: int) -> str:
    return f"deploy-run-{run}"


def review_id(task: int) -> str:
    return f"deploy-review-{task}"


def queue_attributes(project: str) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(PROJECT, project)])


def run_attributes(project: str, environment: str, status: DeployRunStatus) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(PROJECT, project),
                                  SearchAttributePair(ENVIRONMENT, [environment]),
                                  SearchAttributePair(DEPLOY_STATUS, status.value)])


class QueueState(BaseModel):
    """What the queue carries over continue-as-new: the runs waiting, in order, and when the last one ended."""

    project: str
    pending: list[int] = Field(default_factory=list)
    last_end: datetime | None = None
    gap: timedelta = GAP
    idle: timedelta = timedelta(minutes=10)  # the flow ends after this long with nothing queued


class Enqueued(BaseModel):
    run_id: int


class RunInput(BaseModel):
    run_id: int
    project: str
    environment: str
    kind: str
    version: str
    time_limit_minutes: int = 30
    console_url: str | None = None


class BeginRequest(BaseModel):
    run_id: int
    at: datetime  # the queue's clock: freeze windows are judged at the instant the run would start


class BeginResult(BaseModel):
    outcome: Literal["STARTED", "SKIPPED", "FROZEN"]
    run: RunInput | None = None


class RunOutcome(BaseModel):
    status: DeployRunStatus
    exit_code: int | None = None
    error: str | None = None


class FinishRequest(BaseModel):
    run_id: int
    outcome: RunOutcome
    at: datetime


class ReviewClock(BaseModel):
    task_id: int
    revision: int
    due: datetime


class ExpireRequest(BaseModel):
    task_id: int
    revision: int
    at: datetime
