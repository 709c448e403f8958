"""The account cache calls of SPEC §7 (`common/redis/account/*`), mapped onto our own state in PostgreSQL:
LOGIN_LOCK is the failed-login throttle of an account, SESSION its open sessions. Both are limited to the
users within the caller's data authority (a name outside it is answered as unknown) and both are recorded in
the operation log; a removal is also a field-level change of the user."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import func, or_, select

from api import security, throttle
from api.deps import Need, Principal, SessionDep
from api.envelope import CamelModel, Reply, ok
from api.resource.scope import declares
from api.user_center import USER_SCOPE
from domain import audit
from domain.enums import AccountKeyType
from domain.errors import NotFound
from domain.models.auth import Session
from domain.models.users import User

router = APIRouter(prefix="/common/redis/account", tags=["account_state"])
AUDITED = {"x-audit": True}  # reading someone's lock or sessions is an operation worth a log row


class AccountState(CamelModel):
    key_type: AccountKeyType
    account: str
    exists: bool
    count: int  # failed logins still counted, or open sessions


class Removed(CamelModel):
    key_type: AccountKeyType
    account: str
    removed: int


async def find_user(db: SessionDep, caller: Principal, account: str) -> User | None:
    """The user by username or email, if within the caller's data authority."""
    return await db.scalar(USER_SCOPE(select(User).where(or_(User.username == account, User.email == account)),
                                      caller))


async def names_of(db: SessionDep, caller: Principal, account: str) -> set[str]:
    """Login tries are kept under the name typed: the username and the email both count as the account. A
    caller restricted by data authority reaches only the names of users within it."""
    user = await find_user(db, caller, account)
    if user is None and USER_SCOPE.conditions(caller):
        raise NotFound(entity="User")
    return {account} | ({user.username, user.email} if user else set())


async def open_sessions(db: SessionDep, user: User | None) -> int:
    if user is None:
        return 0
    return await db.scalar(select(func.count()).where(
        Session.user_id == user.id, Session.revoked_at.is_(None), Session.expires_at > func.now())) or 0


@router.get("/exist", summary="Whether an account is locked out (LOGIN_LOCK) or has open sessions (SESSION)",
            openapi_extra=declares(USER_SCOPE, **AUDITED))
async def exist(db: SessionDep, caller: Annotated[Principal, Need("user-management")],
                redis_key: Annotated[AccountKeyType, Query(alias="redisKey")],
                account: Annotated[str, Query(min_length=1, max_length=100)]) -> Reply[AccountState]:
    account = account.strip().lower()
    if redis_key == AccountKeyType.LOGIN_LOCK:
        now, names = datetime.now(UTC), await names_of(db, caller, account)
        since = now - throttle.limits()[0].window
        failures = [at for name in names for at in await throttle.account_failures(db, name, since)]
        locked = [name for name in names if await throttle.is_locked(db, name, now)]
        return ok({"keyType": redis_key, "account": account, "exists": bool(locked), "count": len(failures)})
    user = await find_user(db, caller, account)
    if user is None and USER_SCOPE.conditions(caller):
        raise NotFound(entity="User")
    count = await open_sessions(db, user)
    return ok({"keyType": redis_key, "account": account, "exists": count > 0, "count": count})


@router.post("/remove", summary="Unlock an account's logins (LOGIN_LOCK) or end its sessions (SESSION)")
async def remove(db: SessionDep, caller: Annotated[Principal, Need("user#unlock")],
                 key_type: Annotated[AccountKeyType, Query(alias="keyType")],
                 account: Annotated[str, Query(min_length=1, max_length=100)]) -> Reply[Removed]:
    account = account.strip().lower()
    if key_type == AccountKeyType.LOGIN_LOCK:
        removed = sum([await throttle.clear(db, n) for n in await names_of(db, caller, account)])
        user = await find_user(db, caller, account)
    else:
        user = await find_user(db, caller, account)
        if user is None:
            raise NotFound(entity="User")
        removed = await open_sessions(db, user)
        await security.revoke_sessions(db, user.id)
    if removed:
        await audit.record_change(db, operator_id=caller.id, operator_name=caller.username, entity="User",
                                  entity_id=user.id if user else account, action="update",
                                  before={key_type.value: removed}, after={key_type.value: 0})
    return ok({"keyType": key_type, "account": account, "removed": removed})
