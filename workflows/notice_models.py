"""The inputs of the notice release flow and of its activity (pydantic, one model each)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from domain.enums import ReleaseStatus

WORKFLOW = "notice-release"


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
