"""The notice release flow's contract: its workflow name, signal name and id, its search attribute, and the inputs
of the flow and of its activity (pydantic, one model each)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey

from domain.enums import ReleaseStatus

WORKFLOW = "notice-release"  # the workflow type's registered name
RESCHEDULE = "reschedule"  # its signal of a new plan (NoticeRelease)
RECONCILE_WORKFLOW = "notice-reconcile"  # the reconciler flow of earlier releases (kept for their histories)
NOTICE_ID = SearchAttributeKey.for_int("NoticeId")  # lets operators find a notice's flow in the Temporal Web UI


def workflow_id(notice_id: int) -> str:
    return f"notice-{notice_id}"


class NoticeRelease(BaseModel):
    """The instants one notice's flow waits for; a change of either starts a new run in place of the old one."""

    notice_id: int
    release_at: datetime
    end_at: datetime


class NoticeMark(BaseModel):
    """Write `status` on the notice if its times are still the ones this run waited for."""

    notice_id: int
    release_at: datetime
    end_at: datetime
    status: ReleaseStatus
