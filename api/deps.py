"""Dependencies every router uses: the database session, the current user, the permission guard."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import Depends, Request, Response
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api import csrf, security
from api.kept_callers import EPOCH_DUE, epoch_checked, kept_caller
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


async def read_caller(request: Request, response: Response, db: AsyncSession, token: str) -> Principal | None:
    """The caller holding `token`, read on `db` (api/principals.py), its session renewed when due."""
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


async def optional_user(request: Request, response: Response, db: SessionDep) -> Principal | None:
    csrf.refuse_cross_site(request)
    token = bearer_token(request)
    return None if token is None else await read_caller(request, response, db, token)


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


class Permission:
    """The permission a route needs; the route test and OpenAPI's `x-permission` read `.permission`.
    `also` lists alternatives: a screen shared by two menus (e.g. the authority tree) admits holders of either."""

    def __init__(self, permission: str | None, *also: str) -> None:
        self.permission = permission
        self.also = also

    def admits(self, user: Principal) -> bool:
        return self.permission in (None, AUTHENTICATED) or any(user.can(p) for p in (self.permission, *self.also))

    def admitted(self, request: Request, user: Principal | None) -> Principal:
        """The caller, if they hold the permission (else 401 without a caller, 403 without the right)."""
        user = require(request, user)
        if not self.admits(user):
            raise Forbidden()
        return user


class Guard(Permission):
    """Enforces the permission on the caller read on the call's ORM session (`optional_user`)."""

    async def __call__(self, request: Request,
                       user: Annotated[Principal | None, Depends(optional_user)]) -> Principal | None:
        if self.permission is None:  # public route
            return user
        return self.admitted(request, user)


@dataclass(frozen=True)
class PlainCall:
    """A call admitted to a plain route, and the plain connection its statements all run on (`Plain`)."""

    user: Principal
    db: Executor


class PlainGuard(Permission):
    """Enforces the permission, then hands the route its plain connection: one dependency (`Plain`). A caller kept
    for the token is used at once, its auth epoch checked by the connection's first statement (api/kept_callers.py).
    Any other (first seen, expired, due for renewal, a call run again, or refused while kept, which may be out of
    date) is read afresh on an ORM session of its own, before the connection is taken."""

    async def __call__(self, request: Request, response: Response) -> AsyncIterator[PlainCall]:
        csrf.refuse_cross_site(request)
        token = bearer_token(request)
        kept = kept_caller(request, token) if token is not None else None
        user = kept.principal if kept is not None else None
        if token is not None and (user is None or not self.admits(user)):
            setattr(request.state, EPOCH_DUE, None)  # read afresh: nothing left to check
            async with get_sessionmaker()() as db:
                user = await read_caller(request, response, db, token)
                await db.commit()
        if kept is not None and user is kept.principal:
            request.state.principal = user
        admitted = self.admitted(request, user)
        async with epoch_checked(request) as db:
            yield PlainCall(admitted, db)


AUTHENTICATED = "@authenticated"  # any logged-in user, e.g. their own profile and console state


def Need(permission: str, *also: str) -> Any:
    """`_: None = Need("ticket#claim")` in a route signature; `Need("a", "b")` admits holders of a or b."""
    return Depends(Guard(permission, *also))


PUBLIC = Depends(Guard(None))


def Plain(permission: str, *also: str) -> Any:
    """`call: Annotated[PlainCall, Plain("ticket-list")]` in a route whose statements all run on its plain
    connection: `call.user` admitted, `call.db` the connection, released when the route returns."""
    return Depends(PlainGuard(permission, *also), scope="function")


def guard_of(route: Any) -> Permission | None:
    """The permission a route declared, searching its dependency tree."""
    stack = list(route.dependant.dependencies)
    while stack:
        dep = stack.pop()
        if isinstance(dep.call, Permission):
            return dep.call
        stack.extend(dep.dependencies)
    return None
