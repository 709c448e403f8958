from __future__ import annotations

from typing import Literal

from api.envelope import CamelModel
from api.schemas.calendars import TimeZone


class ProfileSettings(CamelModel):
    """What users set for themselves in the profile center."""

    time_zone: TimeZone | None  # null: follow the default business calendar's zone


class ProfileSettingsPublic(ProfileSettings):
    default_time_zone: str


class LanguageBody(CamelModel):
    """The language chosen in the language menu (SPEC §9: zh-CN, en, id)."""

    language: Literal["en", "zh-CN", "id"]
