"""Dependencies every router uses: the database session, the current user, the permission guard."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import Depends, Request, Response
from sqlalchemy import or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from api import security
from api.security import TOKEN_COOKIE
from domain.db import get_sessionmaker
from domain.enums import Status
from domain.errors import Forbidden, Unauthorized
from domain.models.auth import Session
from domain.models.data_authority import DataScope
from domain.models.roles import Role
from domain.models.users import user_roles
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


async def load_scope(db: AsyncSession, user_id: int) -> EffectiveScope:
    """The data authority of the user's own grants and of their enabled roles' grants."""
    roles = select(user_roles.c.role_id).join(Role, Role.id == user_roles.c.role_id).where(
        user_roles.c.user_id == user_id, Role.status == Status.ENABLED)
    grants = (await db.execute(select(DataScope.scope_type, DataScope.values).where(
        or_(DataScope.user_id == user_id, DataScope.role_id.in_(roles))))).all()
    return merge((kind, values) for kind, values in grants)


# Everything a call needs to know about its caller, in one round trip: the session, the user, whether an
# enabled role is super, the permission identifiers (via enabled roles and direct grants) and the data-scope
# grants. Read afresh on every call, so a revoked token, role or permission takes effect on the next request.
PRINCIPAL_SQL = text("""
with caller as (
  select s.id as session_id, s.user_id, s.expires_at, s.remember, s.revoked_at, u.username, u.display_name, u.email,
         u.status, u.country, u.team, u.department_id
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = :token_hash),
roles_held as (
  select r.id, r.is_super from caller c join user_roles ur on ur.user_id = c.user_id
  join roles r on r.id = ur.role_id where r.status = :enabled)
select c.*, coalesce((select bool_or(is_super) from roles_held), false) as is_super,
       array(select a.identifier from authorities a join role_authorities ra on ra.authority_id = a.id
             where ra.role_id in (select id from roles_held)
             union
             select a.identifier from authorities a join user_authorities ua on ua.authority_id = a.id
             where ua.user_id = c.user_id) as permissions,
       (select coalesce(json_agg(json_build_array(d.scope_type, d.values)), '[]') from data_scopes d
        where d.user_id = c.user_id or d.role_id in (select id from roles_held)) as grants
from caller c""")


async def optional_user(request: Request, response: Response, db: SessionDep) -> Principal | None:
    token = bearer_token(request)
    if token is None:
        return None
    row = (await db.execute(PRINCIPAL_SQL, {"token_hash": security.token_hash(token),
                                            "enabled": Status.ENABLED.value})).first()
    now = security.now()
    if row is None or row.revoked_at is not None or row.expires_at <= now or row.status != Status.ENABLED:
        request.state.auth_error = "TOKEN_EXPIRED"  # public routes still answer; guarded ones refuse
        return None
    if security.needs_renewal(row):  # rare (once per half lifetime): load the session to renew it
        session = await db.get_one(Session, row.session_id)
        renewed = await security.renew_session(db, session)
        response.headers[RENEWED_TOKEN_HEADER] = renewed
        security.set_token_cookie(response, renewed, remember=session.remember, secure=request.url.scheme == "https")
    principal = Principal(
        id=row.user_id, username=row.username, display_name=row.display_name, email=row.email,
        session_id=row.session_id, is_super=row.is_super, permissions=frozenset(row.permissions),
        country=row.country, team=row.team, department_id=row.department_id,
        scope=UNRESTRICTED if row.is_super else merge((kind, values) for kind, values in row.grants),
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
