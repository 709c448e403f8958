from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.schemas.types import harden
from domain.enums import MenuType
from domain.rules.auth import password_guessable, password_problem


def _policy(value: str) -> str:
    """The shape rules, then the common-password list (the username is checked where it is known)."""
    problem = password_problem(value) or password_guessable(value)
    if problem:
        raise PydanticCustomError(problem, "password policy")
    return value


# SPEC §5: 10 to 26 characters with letters, digits and symbols; not a common password.
NewPassword = Annotated[str, AfterValidator(_policy)]


class LoginBody(CamelModel):
    username: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=200)
    remember_me: bool = False


class TokenPublic(CamelModel):
    token: str
    expires_at: datetime


class AdoptBody(CamelModel):
    """A session token from the page address, with or without its `Bearer ` prefix."""

    token: str = Field(min_length=1, max_length=200)


class SessionPublic(CamelModel):
    expires_at: datetime


class ChangePasswordBody(CamelModel):
    old_password: str = Field(min_length=1, max_length=200)
    new_password: NewPassword
    repeat_password: str = Field(min_length=1, max_length=200)


class RoleRef(CamelModel):
    id: int
    name: str
    code: str | None = None
    role_type: str


class DepartmentRef(CamelModel):
    id: int
    name: str
    full_name: str


class ScopePublic(CamelModel):
    """The effective data authority: `unrestricted`, else the countries and teams it is limited to (null: not
    limited on that dimension) and whether only own (`own`) or department (`department`) records are seen."""

    unrestricted: bool
    countries: list[str] | None
    teams: list[str] | None
    own: bool
    department: bool


class UserIdentity(CamelModel):
    """Who a user is, as the user list and the logged-in user's own profile both show it."""

    id: int
    username: str
    real_name: str
    display_name: str
    email: str
    mobile: str | None


class UserInfo(UserIdentity):
    country: str | None
    team: str | None
    roles: list[RoleRef]
    department: DepartmentRef | None
    permissions: list[str]
    is_super: bool
    data_scopes: ScopePublic
    last_login_at: datetime | None
    time_zone: str | None  # the user's own choice; null: `default_time_zone`
    default_time_zone: str  # the default business calendar's zone


class Titles(CamelModel):
    en: str
    zh_cn: str = Field(alias="zh-CN")
    id: str


class MenuNode(CamelModel):
    id: int
    parent_id: int | None
    identifier: str
    menu_type: MenuType
    path: str | None
    title: str  # in the caller's language
    titles: Titles
    icon: str | None
    hidden: bool
    affix: bool
    no_cache: bool
    sort: int
    redirect: str | None = None  # a directory opens its first visible child
    always_show: bool = False
    children: list[MenuNode] = []


harden(LoginBody)  # requests: names one line, numbers and times in range
