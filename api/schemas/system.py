from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from api.envelope import CamelModel


class InfoPublic(CamelModel):
    name: str
    version: str
    commit: str
    build_time: str
    app_title: str
    temporal_ui: str


class FailingActivity(CamelModel):
    activity: str
    since: datetime
    failures: int
    error: str


class BreakerHealth(CamelModel):
    """The API process's Temporal breaker: CLOSED asks Temporal; OPEN answers 503 at once until `until`;
    HALF_OPEN lets one call try (under way until `until`, or none yet)."""

    state: Literal["CLOSED", "OPEN", "HALF_OPEN"]
    until: datetime | None = None


class ComponentHealth(CamelModel):
    status: Literal["UP", "DEGRADED", "DOWN"]
    latency_ms: float | None = None
    detail: str | None = None
    failing: list[FailingActivity] | None = Field(default=None, description="activities failing for long")
    breaker: BreakerHealth | None = None


class ProcessHealth(CamelModel):
    """A part the launcher supervises; a dead one is restarted with backoff."""

    status: Literal["UP", "RESTARTING"]
    pid: int | None = None
    restarts: int = 0
    last_restart: datetime | None = None
    last_exit: str | None = None


class HealthPublic(CamelModel):
    status: Literal["UP", "DEGRADED", "DOWN"]  # DEGRADED only in the operators' report
    components: dict[str, ComponentHealth] | None = None  # only for holders of the health screen
    processes: dict[str, ProcessHealth] | None = None


class EnumOption(CamelModel):
    value: str
    label: str
