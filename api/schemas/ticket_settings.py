"""Ticket settings: the managed lists of categories and applications, and the people on duty."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, StringConstraints

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import Like, SearchParams
from api.schemas.tickets import UserRef

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
OtherName = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]  # empty: the English one shows
CategoryCode = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
ApplicationCode = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
Sort = Annotated[int, Field(ge=0, le=9999)]


class ListEntryNames(CamelModel):
    name_en: Name
    name_zh: OtherName = ""
    name_id: OtherName = ""
    enabled: bool = True
    sort: Sort = 0


class CategoryCreate(ListEntryNames):
    code: CategoryCode


class ApplicationCreate(ListEntryNames):
    code: ApplicationCode


class ListEntryUpdate(CamelModel):
    """The code stays: tickets hold it."""

    id: int
    name_en: Name | None = None
    name_zh: OtherName | None = None
    name_id: OtherName | None = None
    enabled: bool | None = None
    sort: Sort | None = None


class ListEntryPublic(CamelModel):
    id: int
    code: str
    name_en: str
    name_zh: str
    name_id: str
    enabled: bool
    sort: int
    updated_at: datetime


class ListEntryFilters(SearchParams):
    code: Annotated[str | None, Like()] = None
    name_en: Annotated[str | None, Like()] = None
    enabled: bool | None = None


class ListOption(CamelModel):
    """An entry for the pickers and the lists' labels: its code and its name in the caller's language."""

    code: str
    name: str
    enabled: bool


class OnDuty(CamelModel):
    users: list[UserRef]


class OnDutyUpdate(CamelModel):
    user_ids: Annotated[list[RowId], Field(max_length=50)]
