"""Login, logout, the logged-in user's profile and menu, and changing one's own password (SPEC §4, §7)."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Request, Response
from sqlalchemy import or_, select, update
from sqlalchemy.orm import selectinload

from api import security, throttle
from api.deps import AUTHENTICATED, PUBLIC, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.menu_tree import forbidden_paths, user_menus
from api.resource.scope import CALLERS_OWN, declares
from api.schemas.auth import AdoptBody, ChangePasswordBody, LoginBody, MenuNode, SessionPublic, TokenPublic, UserInfo
from domain.db import transaction
from domain.enums import Status
from domain.errors import DomainError, Invalid, Unauthorized
from domain.i18n import pick_language
from domain.models.auth import LoginAttempt
from domain.models.authorities import Authority
from domain.models.users import User
from domain.passwords import (
    HashingBusy,
    hash_password,
    hash_password_off_loop,
    needs_rehash,
    verify_password_off_loop,
)
from domain.rules.auth import password_guessable
from domain.user_languages import offered
from domain.user_time_zones import default_zone_name

router = APIRouter(tags=["auth"])

# Verified when the account does not exist, so a wrong name costs as long as a wrong password.
DUMMY_HASH = hash_password("no such account, no such password")
UNDECIDED_POLL_SECONDS = 0.05  # how often a try waiting for others' outcome looks again


def client_ip(request: Request) -> str:
    """The client's address; behind proxies listed in OMP_TRUSTED_PROXIES, the one they forwarded for."""
    return request.client.host if request.client else "unknown"


def chosen_language(request: Request) -> dict[str, str]:
    """The language the console is used in, kept for the mails written to this person (domain/user_languages.py):
    only when the caller said one (the web always does), so a script's login changes nothing."""
    language = offered(pick_language(request.headers.get("accept-language")))
    return {"language": language} if request.headers.get("accept-language") and language else {}


async def begin_try(account: str, ip: str) -> tuple[User | None, int]:
    """The account named (by username or email) and this try, recorded as undecided once the throttle admits it.
    While only tries still being checked stand in its way it waits for their outcome, polling without holding a
    connection; decided failures (or undecided ones past the patience) answer 429."""
    patience = time.monotonic() + throttle.PATIENCE_SECONDS
    while True:
        async with transaction() as db:  # a refused try is not recorded: its password is not checked
            user = await db.scalar(select(User).where(or_(User.username == account, User.email == account)))
            key = user.username if user else account  # username and email share one failure count
            await throttle.lock(db, key)
            now, known = datetime.now(UTC), await throttle.known_address(db, user.id if user else None, ip)
            if await throttle.admits(db, key, ip, now, known=known, patient=time.monotonic() < patience):
                await throttle.prune(db, key, ip, now)
                attempt = LoginAttempt(account=key, ip=ip, success=None)
                db.add(attempt)
                await db.flush()
                return user, attempt.id
        await asyncio.sleep(UNDECIDED_POLL_SECONDS)


async def settle(attempt_id: int, success: bool | None) -> None:
    async with transaction() as db:
        await throttle.settle(db, attempt_id, success)


async def check_password(user: User | None, attempt_id: int, password: str) -> User:
    """The user when the password is theirs and the account enabled; otherwise the try is settled as failed."""
    try:
        good = await verify_password_off_loop(user.password_hash if user else DUMMY_HASH, password)
    except HashingBusy:
        await settle(attempt_id, None)  # the password was never checked: nothing to count
        raise
    if user is None or not good:
        await settle(attempt_id, False)
        raise DomainError("LOGIN_FAILED", status=400, field="password")
    if user.status != Status.ENABLED:
        await settle(attempt_id, False)
        raise DomainError("ACCOUNT_DISABLED", status=400)
    return user


async def rehashed(user: User, password: str) -> str | None:
    """A hash with today's parameters when the stored one is older; not now when the hashing threads are busy."""
    if not needs_rehash(user.password_hash):
        return None
    try:
        return await hash_password_off_loop(password)
    except HashingBusy:
        return None


@router.post("/auth/login", dependencies=[PUBLIC])
async def login(body: LoginBody, request: Request, response: Response) -> Reply[TokenPublic]:
    """Username or email with the password; a real name is not a login name. Failed tries are throttled."""
    # Short transactions around the password check, so no connection waits on argon2: the first records the try
    # as undecided (counted as failed by anyone arriving meanwhile: a burst of guesses cannot outrun the count),
    # the last settles it and, for a success, opens the session.
    account, ip = body.username.strip().lower(), client_ip(request)
    request.state.audit_operator = (None, account)
    found, attempt_id = await begin_try(account, ip)
    user = await check_password(found, attempt_id, body.password)
    new_hash = await rehashed(user, body.password)
    now = datetime.now(UTC)
    async with transaction() as db:
        await throttle.settle(db, attempt_id, True)
        await db.execute(update(User).where(User.id == user.id).values(
            last_login_at=now, **({"password_hash": new_hash} if new_hash else {}), **chosen_language(request)))
        token = await security.open_session(db, user.id, remember=body.remember_me, ip=ip,
                                            user_agent=request.headers.get("user-agent"))
    request.state.audit_operator = (user.id, user.username)
    security.set_token_cookie(response, token, user_id=user.id, remember=body.remember_me,
                              secure=request.url.scheme == "https")
    return ok({"token": token, "expiresAt": now + security.session_lifetime(body.remember_me)})


@router.post("/auth/adopt", dependencies=[PUBLIC])
async def adopt(body: AdoptBody, db: SessionDep, request: Request, response: Response) -> Reply[SessionPublic]:
    """SPEC §4: a token in the page address counts as a login. The web client hands it here and the server sets
    the session cookies, which no script may write. An unknown or expired token is a 401."""
    session = await security.find_session(db, body.token.removeprefix("Bearer ").strip())
    if session is None:
        raise Unauthorized("TOKEN_EXPIRED")
    security.set_token_cookie(response, body.token.removeprefix("Bearer ").strip(), user_id=session.user_id,
                              remember=session.remember, secure=request.url.scheme == "https")
    return ok({"expiresAt": session.expires_at})


@router.post("/auth/logout")
async def logout(db: SessionDep, response: Response,
                 user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[None]:
    await security.revoke_session(db, user.session_id)
    security.clear_token_cookie(response)
    return ok(None, "auth.logged_out")


async def load_user(db: SessionDep, user_id: int) -> User:
    query = select(User).options(selectinload(User.roles), selectinload(User.department)).where(User.id == user_id)
    return (await db.scalars(query)).one()


@router.get("/user/info", openapi_extra=declares(CALLERS_OWN))
async def user_info(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[UserInfo]:
    row = await load_user(db, user.id)
    permissions = (await db.scalars(select(Authority.identifier))).all() if user.is_super else user.permissions
    scope = user.scope
    return ok(UserInfo.model_validate({
        "id": row.id, "username": row.username, "real_name": row.real_name, "display_name": row.display_name,
        "email": row.email, "mobile": row.mobile, "country": row.country, "team": row.team,
        "roles": [r for r in row.roles if r.status == Status.ENABLED], "department": row.department,
        "permissions": sorted(permissions), "is_super": user.is_super, "last_login_at": row.last_login_at,
        "time_zone": row.time_zone, "default_time_zone": await default_zone_name(db),
        "data_scopes": {"unrestricted": scope.unrestricted, "own": scope.own, "department": scope.department,
                        "countries": sorted(scope.countries) if scope.countries is not None else None,
                        "teams": sorted(scope.teams) if scope.teams is not None else None},
    }))


@router.get("/user/menus", openapi_extra=declares(CALLERS_OWN))
async def menus(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[MenuNode]]:
    """The logged-in user's menu tree: directories and menus (hidden detail routes flagged `hidden`)."""
    return ok(await user_menus(db, user))


@router.get("/user/forbidden-paths", openapi_extra=declares(CALLERS_OWN))
async def forbidden(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[str]]:
    """Paths of the console's screens the logged-in user may not open: the console shows them as forbidden
    (with whom to ask) rather than as missing."""
    return ok(await forbidden_paths(db, user))


@router.post("/user/change-password")
async def change_password(body: ChangePasswordBody, db: SessionDep,
                          user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[None]:
    """Old password required, the repeat must match; every other session of the user is logged out."""
    if body.new_password != body.repeat_password:
        raise Invalid("repeatPassword", "password_repeat")
    row = await db.get(User, user.id, with_for_update=True)
    assert row is not None
    if not await verify_password_off_loop(row.password_hash, body.old_password):
        raise Invalid("oldPassword", "old_password_wrong")
    if body.new_password == body.old_password:
        raise Invalid("newPassword", "password_unchanged")
    problem = password_guessable(body.new_password, row.username)
    if problem:
        raise Invalid("newPassword", problem)
    row.password_hash = await hash_password_off_loop(body.new_password)
    row.password_changed_at = datetime.now(UTC)
    await security.revoke_sessions(db, user.id, keep=user.session_id)
    return ok(None, "auth.password_changed")
