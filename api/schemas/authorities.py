from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from api.envelope import CamelModel
from api.resource.query import Like, SearchParams, Where
from api.schemas.types import Int32
from domain.enums import MenuType
from domain.models.authorities import Authority

IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9-]*(#[a-z0-9][a-z0-9-]*)?$")


def _natural(value: int) -> int:
    """SPEC §5: sort is a positive integer (natural number)."""
    if value < 1:
        raise PydanticCustomError("natural_number", "a natural number")
    return value


def _identifier(value: str) -> str:
    value = value.strip()
    if not IDENTIFIER.match(value):
        raise PydanticCustomError("identifier", "lower-case words joined by -, and #action for a button")
    return value



Text64 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Text128 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128)]
Sort = Annotated[Int32, AfterValidator(_natural)]
Identifier = Annotated[str, Field(min_length=1, max_length=128), AfterValidator(_identifier)]


class AuthorityCreate(CamelModel):
    """SPEC §5: title, identifier, descriptions and sort are required; sort is a natural number."""

    parent_id: int | None = None
    menu_type: MenuType
    title: Text64
    identifier: Identifier
    icon: str | None = Field(default=None, max_length=64)
    description_en: Text128
    description_zh: Text128
    description_id: Text128
    sort: Sort
    path: str | None = Field(default=None, max_length=256)
    hidden: bool = False
    affix: bool = False
    no_cache: bool = False


class AuthorityUpdate(CamelModel):
    id: int
    parent_id: int | None = None
    menu_type: MenuType | None = None
    title: Text64 | None = None
    identifier: Identifier | None = None
    icon: str | None = Field(default=None, max_length=64)
    description_en: Text128 | None = None
    description_zh: Text128 | None = None
    description_id: Text128 | None = None
    sort: Sort | None = None
    path: str | None = Field(default=None, max_length=256)
    hidden: bool | None = None
    affix: bool | None = None
    no_cache: bool | None = None


class AuthorityPublic(CamelModel):
    id: int
    parent_id: int | None
    menu_type: MenuType
    title: str
    identifier: str
    icon: str | None
    description_en: str
    description_zh: str
    description_id: str
    sort: int
    path: str | None
    hidden: bool
    affix: bool
    no_cache: bool
    created_at: datetime
    updated_at: datetime


class AuthorityFilters(SearchParams):
    """`parentId` lists one level (0: the top level); the other filters search the whole tree."""

    parent_id: Annotated[Int32 | None, Where(lambda v: Authority.parent_id.is_(None) if v == 0
                                           else Authority.parent_id == v)] = None
    title: Annotated[str | None, Like("title", "description_en", "description_zh", "description_id")] = None
    identifier: Annotated[str | None, Like()] = None
    menu_type: MenuType | None = None
    path: Annotated[str | None, Like()] = None
    hidden: bool | None = None


class AuthorityTreeNode(AuthorityPublic):
    children: list[AuthorityTreeNode] = []


class RoleUsage(CamelModel):
    id: int
    name: str
    code: str | None
    role_type: str
    status: str


class UserUsage(CamelModel):
    """A user holding the authority: directly (`direct`) and/or through the listed roles."""

    id: int
    username: str
    real_name: str
    display_name: str
    email: str
    direct: bool
    roles: list[str]


class IdentifierQuery(SearchParams):
    identifier: str = Field(min_length=1, max_length=128)
