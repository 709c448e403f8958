"""Dependencies every router uses: the database session, the current user, the permission guard."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import Depends, Request, Response
from sqlalchemy import or_, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from api import security
from api.security import TOKEN_COOKIE
from domain.db import get_sessionmaker
from domain.enums import Status
from domain.errors import Forbidden, Unauthorized
from domain.models.authorities import Authority
from domain.models.data_authority import DataScope
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_authorities, user_roles
from domain.rules.data_authority import UNRESTRICTED, EffectiveScope, merge

RENEWED_TOKEN_HEADER = "X-Auth-Token"


async def get_db() -> AsyncIterator[AsyncSession]:
    """One transaction a call: committed when the route returns, rolled back if it raises."""
    async with get_sessionmaker()() as session, session.begin():
        yield session


SessionDep = Annotated[AsyncSession, Depends(get_db, scope="function")]


@dataclass(frozen=True)
class Principal:
    """The logged-in staff member as the server sees them: identity, permissions, data scope."""

    id: int
    username: str
    display_name: str
    email: str
    session_id: int
    is_super: bool
    permissions: frozenset[str]
    country: str | None = None
    team: str | None = None
    department_id: int | None = None
    scope: EffectiveScope = UNRESTRICTED  # data authority; see domain/rules/data_authority.py
    extra: dict[str, Any] = field(default_factory=dict)

    def can(self, permission: str) -> bool:
        return self.is_super or permission in self.permissions


def bearer_token(request: Request) -> str | None:
    """The token from `Authorization: Bearer`, else from the genie_cms_token cookie."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    cookie = unquote(request.cookies.get(TOKEN_COOKIE, ""))
    if cookie[:7].lower() == "bearer ":
        cookie = cookie[7:]
    return cookie.strip() or None


async def load_permissions(db: AsyncSession, user_id: int) -> tuple[bool, frozenset[str]]:
    roles = (await db.execute(
        select(Role.is_super).join(user_roles, user_roles.c.role_id == Role.id)
        .where(user_roles.c.user_id == user_id, Role.status == Status.ENABLED)
    )).scalars().all()
    via_roles = (
        select(Authority.identifier)
        .join(role_authorities, role_authorities.c.authority_id == Authority.id)
        .join(user_roles, user_roles.c.role_id == role_authorities.c.role_id)
        .join(Role, Role.id == user_roles.c.role_id)
        .where(user_roles.c.user_id == user_id, Role.status == Status.ENABLED)
    )
    direct = (
        select(Authority.identifier)
        .join(user_authorities, user_authorities.c.authority_id == Authority.id)
        .where(user_authorities.c.user_id == user_id)
    )
    identifiers = (await db.execute(union(via_roles, direct))).scalars().all()
    return any(roles), frozenset(identifiers)


async def load_scope(db: AsyncSession, user_id: int) -> EffectiveScope:
    """The data authority of the user's own grants and of their enabled roles' grants."""
    roles = select(user_roles.c.role_id).join(Role, Role.id == user_roles.c.role_id).where(
        user_roles.c.user_id == user_id, Role.status == Status.ENABLED)
    grants = (await db.execute(select(DataScope.scope_type, DataScope.values).where(
        or_(DataScope.user_id == user_id, DataScope.role_id.in_(roles))))).all()
    return merge((kind, values) for kind, values in grants)


async def optional_user(request: Request, response: Response, db: SessionDep) -> Principal | None:
    token = bearer_token(request)
    if token is None:
        return None
    session = await security.find_session(db, token)
    user = await db.get(User, session.user_id) if session else None
    if session is None or user is None or user.status != Status.ENABLED:
        request.state.auth_error = "TOKEN_EXPIRED"  # public routes still answer; guarded ones refuse
        return None
    if security.needs_renewal(session):
        renewed = await security.renew_session(db, session)
        response.headers[RENEWED_TOKEN_HEADER] = renewed
        security.set_token_cookie(response, renewed, remember=session.remember, secure=request.url.scheme == "https")
    is_super, permissions = await load_permissions(db, user.id)
    principal = Principal(
        id=user.id, username=user.username, display_name=user.display_name, email=user.email,
        session_id=session.id, is_super=is_super, permissions=permissions, country=user.country,
        team=user.team, department_id=user.department_id,
        scope=UNRESTRICTED if is_super else await load_scope(db, user.id),
    )
    request.state.principal = principal
    return principal


def require(request: Request, user: Principal | None) -> Principal:
    if user is None:
        raise Unauthorized(getattr(request.state, "auth_error", None))
    return user


async def current_user(request: Request,
                       user: Annotated[Principal | None, Depends(optional_user)]) -> Principal:
    return require(request, user)


CurrentUser = Annotated[Principal, Depends(current_user)]


class Guard:
    """Declares and enforces the permission a route needs; the route test reads `.permission`.
    `also` lists alternatives: a screen shared by two menus (e.g. the authority tree) admits holders of either."""

    def __init__(self, permission: str | None, *also: str) -> None:
        self.permission = permission
        self.also = also

    async def __call__(self, request: Request,
                       user: Annotated[Principal | None, Depends(optional_user)]) -> Principal | None:
        if self.permission is None:  # public route
            return user
        user = require(request, user)
        if self.permission != AUTHENTICATED and not any(user.can(p) for p in (self.permission, *self.also)):
            raise Forbidden()
        return user


AUTHENTICATED = "@authenticated"  # any logged-in user, e.g. their own profile and console state


def Need(permission: str, *also: str) -> Any:
    """`_: None = Need("ticket#claim")` in a route signature; `Need("a", "b")` admits holders of a or b."""
    return Depends(Guard(permission, *also))


PUBLIC = Depends(Guard(None))


def guard_of(route: Any) -> Guard | None:
    """The Guard a route declared, searching its dependency tree."""
    stack = list(route.dependant.dependencies)
    while stack:
        dep = stack.pop()
        if isinstance(dep.call, Guard):
            return dep.call
        stack.extend(dep.dependencies)
    return None
