from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, StringConstraints

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import Like, SearchParams
from domain.enums import RoleType, Status

RoleName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class RoleCreate(CamelModel):
    name: RoleName
    role_type: RoleType = RoleType.CUSTOM
    status: Status = Status.ENABLED
    member_ids: list[int] = []
    authority_ids: list[int] = []


class RoleUpdate(CamelModel):
    id: int
    name: RoleName | None = None
    role_type: RoleType | None = None
    status: Status | None = None


class RolePublic(CamelModel):
    id: int
    code: str | None = Field(description="set for built-in roles, which cannot be deleted")
    name: str
    role_type: str
    status: Status
    is_super: bool
    member_count: int | None = None
    authority_count: int | None = None
    created_at: datetime
    updated_at: datetime


class RoleFilters(SearchParams):
    name: Annotated[str | None, Like()] = None
    role_type: RoleType | None = None
    status: Status | None = None


class MembersBody(CamelModel):
    role_id: RowId
    user_ids: list[RowId]


class SwitchMembersBody(CamelModel):
    """Move members from one role to another: the listed users, or every member when none are listed."""

    source_role_id: RowId
    target_role_id: RowId
    user_ids: list[RowId] = []


class RoleGrantBody(CamelModel):
    role_id: RowId
    authority_ids: list[RowId]


class BatchGrantBody(CamelModel):
    role_ids: list[RowId] = Field(min_length=1)
    authority_ids: list[RowId] = Field(min_length=1)


class CopyGrantBody(CamelModel):
    """Give the target roles the source role's authorities; `replace` drops what the targets held before."""

    source_role_id: RowId
    target_role_ids: list[RowId] = Field(min_length=1)
    replace: bool = False


class Moved(CamelModel):
    moved: int


class RoleOption(CamelModel):
    id: int
    name: str
    code: str | None
    role_type: str
    status: Status
