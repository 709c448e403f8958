from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Like, SearchParams
from domain.enums import AppKind, HeartbeatStatus


class HeartbeatPublic(CamelModel):
    """A console process as its heartbeats show it; `status` is computed by the database's clock."""

    id: int
    kind: AppKind
    host: str
    pid: int
    version: str
    interval_seconds: float
    started_at: datetime
    last_beat_at: datetime
    beats: int
    status: HeartbeatStatus


class HeartbeatFilters(SearchParams):
    kind: AppKind | None = None
    status: HeartbeatStatus | None = None
    host: Annotated[str | None, Like()] = None
    version: Annotated[str | None, Like()] = None


class BeatPublic(CamelModel):
    id: int
    at: datetime
    memory_kb: int | None
    cpu_seconds: float | None


class BeatFilters(SearchParams):
    instance_id: int = Field(ge=1)


class ApplicationStatus(CamelModel):
    """One kind of process at one version: how many are alive and dead, on which hosts, the latest beat."""

    kind: AppKind
    version: str
    alive: int
    dead: int
    hosts: list[str]
    last_beat_at: datetime
