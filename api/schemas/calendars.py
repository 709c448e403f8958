from __future__ import annotations

from datetime import date, datetime
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import Like, Range, SearchParams
from domain.enums import CalendarDayKind


def _time_zone(value: str | None) -> str | None:
    """An IANA zone name; None passes (a modify body's optional field, refused as null by the kit if need be)."""
    if value is None:
        return None
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise PydanticCustomError("time_zone", "an IANA time zone such as Asia/Jakarta") from exc
    return value


Code = Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, min_length=1, max_length=16,
                                        pattern=r"^[A-Z0-9_-]+$")]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
TimeZone = Annotated[str, Field(max_length=64), AfterValidator(_time_zone)]


class CalendarCreate(CamelModel):
    code: Code
    name: Name
    time_zone: TimeZone
    is_default: bool = False


class CalendarUpdate(CamelModel):
    id: int
    name: Name | None = None
    time_zone: TimeZone | None = None
    is_default: bool | None = None


class CalendarPublic(CamelModel):
    id: int
    code: str
    name: str
    time_zone: str
    is_default: bool
    created_at: datetime
    updated_at: datetime


class CalendarFilters(SearchParams):
    code: Annotated[str | None, Like()] = None
    name: Annotated[str | None, Like()] = None


DayName = Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)]


class CalendarDayCreate(CamelModel):
    calendar_id: int
    day: date
    kind: CalendarDayKind
    name: DayName = ""


class CalendarDayUpdate(CamelModel):
    id: int
    day: date | None = None
    kind: CalendarDayKind | None = None
    name: DayName | None = None


class CalendarDayPublic(CamelModel):
    id: int
    calendar_id: int
    day: date
    kind: CalendarDayKind
    name: str


class CalendarDayFilters(SearchParams):
    calendar_id: int | None = None
    day: Annotated[list[date | None] | None, Range(), Field(max_length=2)] = None
    kind: CalendarDayKind | None = None
    name: Annotated[str | None, Like()] = None
