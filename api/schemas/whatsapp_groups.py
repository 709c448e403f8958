from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, SearchParams
from api.schemas.merchants import checked
from domain.enums import Country
from domain.rules import whatsapp_groups as rules

GroupName = Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX), AfterValidator(str.strip)]
InviteLink = Annotated[str, Field(max_length=rules.LINK_MAX), AfterValidator(checked(rules.invite_link))]
Remark = Annotated[str | None, Field(max_length=rules.REMARK_MAX)]


class WhatsappGroupCreate(CamelModel):
    name: GroupName
    country: Country
    link: InviteLink
    enabled: bool = True
    remark: Remark = None


class WhatsappGroupUpdate(CamelModel):
    """The country stays: the group's members are merchants of that country."""

    id: int
    name: GroupName | None = None
    link: InviteLink | None = None
    enabled: bool | None = None
    remark: Remark = None


class WhatsappGroupPublic(CamelModel):
    id: int
    name: str
    country: Country
    link: str
    enabled: bool
    remark: str | None
    member_count: int | None = None
    created_at: datetime
    updated_at: datetime


class WhatsappGroupOption(CamelModel):
    id: int
    name: str
    country: Country
    link: str


class WhatsappGroupFilters(SearchParams):
    name: Annotated[str | None, Field(max_length=rules.NAME_MAX), Like()] = None
    country: Annotated[list[Country] | None, In()] = None
    enabled: Annotated[bool | None, Eq()] = None
