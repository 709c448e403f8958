from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import select

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import Like, SearchParams, Where
from api.schemas.auth import NewPassword, RoleRef, UserIdentity
from api.schemas.calendars import TimeZone
from api.schemas.types import Int32
from domain.enums import Country, Status, Team
from domain.models.users import User, user_roles

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")
USERNAME = re.compile(r"^[a-z0-9][a-z0-9._@-]*$")


def _username(value: str) -> str:
    value = value.strip().lower()
    if not USERNAME.match(value):
        raise PydanticCustomError("username", "letters, digits and . _ @ -")
    return value


def _email(value: str) -> str:
    value = value.strip().lower()
    if not EMAIL.match(value):
        raise PydanticCustomError("email", "not an email address")
    return value


def _mobile(value: str) -> str:
    """SPEC §5: mobile is 11 digits in the admin form."""
    value = value.strip()
    if not (len(value) == 11 and value.isdigit()):
        raise PydanticCustomError("mobile_digits", "11 digits")
    return value



Username = Annotated[str, Field(min_length=2, max_length=64), AfterValidator(_username)]
# SPEC §5: real name, display name and full name are 2 to 20 characters.
Name20 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=2, max_length=20)]
Email = Annotated[str, Field(max_length=100), AfterValidator(_email)]
Mobile = Annotated[str, AfterValidator(_mobile)]


class UserCreate(CamelModel):
    username: Username
    real_name: Name20
    display_name: Name20
    email: Email
    mobile: Mobile | None = None
    password: NewPassword
    leader_id: int | None = None
    department_id: int | None = None
    role_ids: list[RowId] = []
    status: Status = Status.ENABLED
    country: Country | None = None
    team: Team | None = None
    time_zone: TimeZone | None = None  # unset: the default business calendar's zone


class UserUpdate(CamelModel):
    """Only the fields sent change; a password sent here is set and logs the user out everywhere."""

    id: int
    username: Username | None = None
    real_name: Name20 | None = None
    display_name: Name20 | None = None
    email: Email | None = None
    mobile: Mobile | None = None
    password: NewPassword | None = None
    leader_id: int | None = None
    department_id: int | None = None
    role_ids: list[RowId] | None = None
    status: Status | None = None
    country: Country | None = None
    team: Team | None = None
    time_zone: TimeZone | None = None  # null clears it: back to the default business calendar's zone


class UserPublic(UserIdentity):
    leader_id: int | None
    leader_name: str | None = None
    department_id: int | None
    department_name: str | None = None
    roles: list[RoleRef] = []
    status: Status
    country: str | None
    team: str | None
    time_zone: str | None
    last_login_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, data: Any) -> Any:
        if isinstance(data, User):
            fields = {k: getattr(data, k) for k in cls.model_fields if k not in (
                "leader_name", "department_name", "roles")}
            return {**fields, "roles": data.roles, "leader_name": data.leader.display_name if data.leader else None,
                    "department_name": data.department.name if data.department else None}
        return data


class UserFilters(SearchParams):
    keyword: Annotated[str | None, Like("username", "real_name", "display_name", "email", "mobile")] = None
    username: Annotated[str | None, Like()] = None
    email: Annotated[str | None, Like()] = None
    status: Status | None = None
    department_id: int | None = None
    leader_id: int | None = None
    role_id: Annotated[Int32 | None, Where(lambda v: User.id.in_(
        select(user_roles.c.user_id).where(user_roles.c.role_id == v)))] = None
    country: str | None = None
    team: str | None = None


class UserBrief(CamelModel):
    id: int
    username: str
    real_name: str
    display_name: str
    email: str
    status: Status


class GrantBody(CamelModel):
    """Replace the authorities held directly by one user (the spec's "admin user")."""

    user_id: RowId
    authority_ids: list[RowId]


class AuthorityIds(CamelModel):
    authority_ids: list[int]
    identifiers: list[str]
