from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AwareDatetime, Field, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import or_

from api.envelope import CamelModel
from api.resource.query import Like, SearchParams, Where
from api.schemas.types import harden
from domain.models.tracking import AccessVisit, TrackingEvent

MAX_BATCH = 500


class EventReport(CamelModel):
    """SPEC §3 event tracking: event id, merchant id, user or client id, device info, extra key and value."""

    event_id: str = Field(min_length=1, max_length=64)
    merchant_id: str | None = Field(default=None, max_length=64)
    user_id: str | None = Field(default=None, max_length=64)
    client_id: str | None = Field(default=None, max_length=64)
    device_info: dict[str, Any] | str | None = None
    extra_key: str | None = Field(default=None, max_length=64)
    extra_value: str | None = Field(default=None, max_length=4000)

    @model_validator(mode="after")
    def _someone(self) -> EventReport:
        if not (self.user_id or self.client_id):
            raise PydanticCustomError("user_or_client", "userId or clientId")
        return self


EventBatch = Annotated[list[EventReport], Field(min_length=1, max_length=MAX_BATCH)]


class Accepted(CamelModel):
    accepted: int


class EventFilters(SearchParams):
    start_time: Annotated[AwareDatetime, Where(lambda v: TrackingEvent.at >= v)]
    end_time: Annotated[AwareDatetime, Where(lambda v: TrackingEvent.at <= v)]
    event_id: str | None = None
    merchant_id: str | None = None
    user_id: Annotated[str | None, Where(lambda v: or_(TrackingEvent.user_id == v,
                                                       TrackingEvent.client_id == v))] = None
    extra_key: str | None = None
    extra_value: Annotated[str | None, Like()] = None


class EventPublic(CamelModel):
    id: int
    at: datetime
    event_id: str
    merchant_id: str | None
    user_id: str | None
    client_id: str | None
    device_info: dict[str, Any] | None
    extra_key: str | None
    extra_value: str | None
    reporter_id: int | None
    ip: str | None


class VisitBody(CamelModel):
    name: str = Field(min_length=1, max_length=128)
    access_url: str = Field(min_length=1, max_length=512, alias="accessURL")


class VisitFilters(SearchParams):
    start_time: Annotated[AwareDatetime | None, Where(lambda v: AccessVisit.at >= v)] = None
    end_time: Annotated[AwareDatetime | None, Where(lambda v: AccessVisit.at <= v)] = None
    name: Annotated[str | None, Like()] = None
    access_url: Annotated[str | None, Like()] = Field(default=None, alias="accessURL")
    username: Annotated[str | None, Like()] = None


class VisitPublic(CamelModel):
    id: int
    at: datetime
    user_id: int | None
    username: str | None
    name: str
    access_url: str = Field(alias="accessURL")


harden(EventReport, VisitBody)  # requests: names one line, numbers and times in range
