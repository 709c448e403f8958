"""Inputs and outputs of the timed mail flows and activities, and their search attributes."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey

MAIL_TASK_ID = SearchAttributeKey.for_keyword("MailTaskId")
MAIL_FIRE_TIME = SearchAttributeKey.for_datetime("MailFireTime")


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
