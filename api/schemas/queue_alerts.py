"""Queue alert rules and alerts on the wire (SPEC §2 /system/task/alter-mq)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Like, SearchParams
from api.schemas.jobs import Emails
from domain.enums import QueueAlertStatus, QueueKind

TaskQueueName = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9._:/-]+$")]
MaxBacklog = Annotated[int, Field(ge=0, le=10_000_000)]
MaxAge = Annotated[int, Field(ge=1, le=30 * 24 * 3600)]


class QueueAlertRuleCreate(CamelModel):
    task_queue: TaskQueueName
    queue_kind: QueueKind = QueueKind.WORKFLOW
    max_backlog: MaxBacklog | None = None
    max_age_seconds: MaxAge | None = None
    owner_id: int | None = None
    emails: Emails = []
    enabled: bool = True
    description: Annotated[str, Field(max_length=200)] | None = None


class QueueAlertRuleUpdate(CamelModel):
    id: int
    task_queue: TaskQueueName | None = None
    queue_kind: QueueKind | None = None
    max_backlog: MaxBacklog | None = None
    max_age_seconds: MaxAge | None = None
    owner_id: int | None = None
    emails: Emails | None = None
    enabled: bool | None = None
    description: Annotated[str, Field(max_length=200)] | None = None


class QueueAlertRulePublic(CamelModel):
    id: int
    task_queue: str
    queue_kind: QueueKind
    max_backlog: int | None
    max_age_seconds: int | None
    owner_id: int | None
    owner_name: str | None = None
    emails: list[str]
    enabled: bool
    description: str | None
    checked_at: datetime | None
    backlog: int | None
    age_seconds: float | None
    alerting: bool
    updated_at: datetime


class QueueAlertRuleFilters(SearchParams):
    task_queue: Annotated[str | None, Like()] = None
    queue_kind: QueueKind | None = None
    enabled: bool | None = None
    alerting: bool | None = None


class QueueAlertMailPublic(CamelModel):
    recipient: str
    kind: QueueAlertStatus
    sent_at: datetime | None = None
    skipped: str | None = None  # why it was not sent: it is not retried


class QueueAlertPublic(CamelModel):
    id: int
    rule_id: int
    task_queue: str
    status: QueueAlertStatus
    reasons: list[str]
    opened_at: datetime
    recovered_at: datetime | None
    backlog: int
    age_seconds: float
    peak_backlog: int
    peak_age_seconds: float
    mails: list[QueueAlertMailPublic] = []


class QueueAlertFilters(SearchParams):
    rule_id: int | None = None
    task_queue: Annotated[str | None, Like()] = None
    status: QueueAlertStatus | None = None
