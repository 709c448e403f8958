from __future__ import annotations

from typing import Literal

from api.envelope import CamelModel


class InfoPublic(CamelModel):
    name: str
    version: str
    commit: str
    build_time: str
    app_title: str
    temporal_ui: str


class ComponentHealth(CamelModel):
    status: Literal["UP", "DOWN"]
    latency_ms: float | None = None
    detail: str | None = None


class HealthPublic(CamelModel):
    status: Literal["UP", "DOWN"]
    components: dict[str, ComponentHealth]


class EnumOption(CamelModel):
    value: str
    label: str
