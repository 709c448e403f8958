"""Dependencies every router uses: the database session, the current user, the permission guard."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import Depends, Request, Response
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api import csrf, security
from api.kept_callers import CALLER_DEPENDENCIES, PLAIN_DEPENDENCIES, SESSION_DEPENDENCIES, kept_caller, plain_db
from api.principals import Principal as Principal  # routers import it from here, with the dependencies
from api.principals import caller_of
from api.security import TOKEN_COOKIE
from domain.db import Executor, get_sessionmaker
from domain.enums import Status
from domain.errors import DomainError, Forbidden, Unauthorized
from domain.models.auth import Session
from domain.models.data_authority import DataScope
from domain.models.roles import Role
from domain.models.users import user_roles
from domain.rules.data_authority import EffectiveScope, merge

RENEWED_TOKEN_HEADER = "X-Auth-Token"


async def get_db() -> AsyncIterator[AsyncSession]:
    """One transaction a call: committed when the route returns, rolled back if it raises. A route that waits
    on another service commits first (`release`); the session then begins a new transaction when used again."""
    session = get_sessionmaker()()
    try:
        yield session
    except BaseException:
        await session.rollback()
        await session.close()
        raise
    # A session nothing used (a route on the plain connection, whose kept caller needed none) costs nothing more.
    if session.in_transaction() or session.new or session.dirty or session.deleted:
        await session.commit()
    if session.in_transaction() or session.identity_map:
        await session.close()


async def release(db: AsyncSession) -> None:
    """Commit what the call did so far and hand its connection back to the pool: before any wait on Temporal,
    so a slow or hung flow never holds a database connection (or a transaction's locks) while it lasts."""
    await db.commit()


SessionDep = Annotated[AsyncSession, Depends(get_db, scope="function")]


def from_header(request: Request) -> bool:
    """Whether the caller sends its token itself (a script, an integration) rather than through the cookie."""
    return request.headers.get("authorization", "")[:7].lower() == "bearer "


def bearer_token(request: Request) -> str | None:
    """The token from `Authorization: Bearer`, else from the genie_cms_token cookie."""
    if from_header(request):
        return request.headers["authorization"][7:].strip() or None
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


async def optional_user(request: Request, response: Response, db: SessionDep) -> Principal | None:
    csrf.refuse_cross_site(request)
    token = bearer_token(request)
    if token is None:
        return None
    kept = kept_caller(request, token)  # checked by the route's first statement (api/kept_callers.py)
    if kept is not None:
        request.state.principal = kept.principal
        return kept.principal
    caller = await caller_of(db, token)
    if caller is None:
        request.state.auth_error = "TOKEN_EXPIRED"  # public routes still answer; guarded ones refuse
        return None
    if caller.needs_renewal:  # rare (once per half lifetime): load the session to renew it
        session = await db.get_one(Session, caller.principal.session_id)
        renewed = await security.renew_session(db, session)
        if from_header(request):  # the web client gets the new cookies only: its script never sees a token
            response.headers[RENEWED_TOKEN_HEADER] = renewed
        security.set_token_cookie(response, renewed, user_id=session.user_id, remember=session.remember,
                                  secure=request.url.scheme == "https")
    request.state.principal = caller.principal
    return caller.principal


# For calls that only read: a plain psycopg connection in autocommit (domain/db.py get_plain_pool), whose first
# statement carries a kept caller's auth check (api/kept_callers.py); an endpoint runs its SQL through
# `Executor.execute` only.
ReadDep = Annotated[Executor, Depends(plain_db, scope="function")]

# For a call that writes one statement (atomic by itself) or opens its own transactions: the same connection in
# autocommit. A call is run again when its first statement finds the kept caller's epoch moved (nothing of it ran)
# or its connection broken (it may have run): only routes idempotent under a key take a WriteDep.
WriteDep = Annotated[Executor, Depends(plain_db, scope="function")]


def require(request: Request, user: Principal | None) -> Principal:
    """The caller, for a route that needs one; a cookie session must prove the call is the console's own."""
    if user is None:
        raise Unauthorized(getattr(request.state, "auth_error", None))
    if not from_header(request) and not csrf.passes(request, user.id):
        raise DomainError("CSRF_FAILED", status=403)
    return user


async def current_user(request: Request,
                       user: Annotated[Principal | None, Depends(optional_user)]) -> Principal:
    return require(request, user)


CurrentUser = Annotated[Principal, Depends(current_user)]
PLAIN_DEPENDENCIES.add(plain_db)
SESSION_DEPENDENCIES.add(get_db)
CALLER_DEPENDENCIES.add(optional_user)


class Guard:
    """Declares and enforces the permission a route needs; the route test reads `.permission`.
    `also` lists alternatives: a screen shared by two menus (e.g. the authority tree) admits holders of either."""

    def __init__(self, permission: str | None, *also: str) -> None:
        self.permission = permission
        self.also = also

    def admits(self, user: Principal) -> bool:
        return self.permission in (None, AUTHENTICATED) or any(user.can(p) for p in (self.permission, *self.also))

    async def __call__(self, request: Request,
                       user: Annotated[Principal | None, Depends(optional_user)]) -> Principal | None:
        if self.permission is None:  # public route
            return user
        user = require(request, user)
        if not self.admits(user):
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
