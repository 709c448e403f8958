"""The timed mail flows' contract: the fire's workflow name, signal names and id, each task's schedule id, their
search attributes, and the inputs and outputs of the fire and its activities."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

WORKFLOW = "mail-fire"  # MailFireWorkflow's registered name
RECOVER = "recover"  # its signal: the task was recovered, send what was not sent
RETRY = "retry"  # its signal: failed rows of this fire were put back to pending
FIRE_STAMP = "%Y-%m-%dT%H:%M:%SZ"  # how Temporal Schedules suffix the ids of the runs they start

MAIL_TASK_ID = SearchAttributeKey.for_keyword("MailTaskId")
MAIL_FIRE_TIME = SearchAttributeKey.for_datetime("MailFireTime")


def task_schedule_id(task_id: int) -> str:
    return f"mail-task-{task_id}"


def fire_workflow_prefix(task_id: int) -> str:
    """The Schedule action's workflow id: Temporal appends `-{nominal time}` to it for every run."""
    return f"mail-{task_id}"


def fire_workflow_id(task_id: int, fire_time: datetime) -> str:
    """`mail-{taskId}-{nominalTime}`: one fire, one flow, whether the schedule or a person started it."""
    return f"{fire_workflow_prefix(task_id)}-{fire_time.astimezone(UTC).strftime(FIRE_STAMP)}"


def fire_time_of(workflow_id: str) -> datetime:
    """The nominal time a fire's workflow id carries (the inverse of `fire_workflow_id`)."""
    stamp = workflow_id.split("-", 2)[2]
    return datetime.strptime(stamp, FIRE_STAMP).replace(tzinfo=UTC)


def task_id_of(workflow_id: str) -> int:
    return int(workflow_id.split("-", 2)[1])


def search_attributes(task_id: int) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(MAIL_TASK_ID, str(task_id))])


def flow_summary(task_id: int) -> str:
    return f"Timed mail #{task_id}"


class MailFireStart(BaseModel):
    """What a Schedule (or a person's "send again") starts a fire with; the nominal time is in the workflow id."""

    task_id: int


class FireRef(BaseModel):
    task_id: int
    fire_time: datetime
    workflow_id: str


class Prepared(BaseModel):
    found: bool  # False: the task was deleted before its fire ran
    pending: int = 0


class BatchResult(BaseModel):
    sent: int = 0
    failed: int = 0
    remaining: int = 0
    paused: bool = False  # the task is paused (by a person, or by itself after SMTP failures)


class FireResult(BaseModel):
    sent: int = 0
    failed: int = 0
    found: bool = True
