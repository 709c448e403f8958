from __future__ import annotations

from datetime import datetime

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import SearchParams
from api.schemas.types import Int64


class NotificationFilters(SearchParams):
    unread: bool | None = None


class NotificationPublic(CamelModel):
    id: int
    kind: str
    title: str
    body: str
    link: str | None
    created_at: datetime
    read_at: datetime | None
    mail_sent_at: datetime | None


class ReadBody(CamelModel):
    ids: list[Int64] = Field(default_factory=list, description="empty: every notification of the caller")


class UnreadCount(CamelModel):
    unread: int
