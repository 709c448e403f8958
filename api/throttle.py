"""Failed-login throttling per account and per address, with its state in PostgreSQL (login_attempts), so
every API replica sees the same counts. An advisory lock per account makes check-and-record atomic."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import TooMany
from domain.models.auth import LoginAttempt
from domain.rules.auth import ThrottleLimit, retry_after
from domain.settings import get_settings


def limits() -> tuple[ThrottleLimit, ThrottleLimit]:
    settings = get_settings()
    window = timedelta(minutes=settings.login_window_minutes)
    return (ThrottleLimit(settings.login_max_failures_account, window),
            ThrottleLimit(settings.login_max_failures_ip, window))


async def lock(db: AsyncSession, account: str) -> None:
    """Serialise logins of one account across replicas until the transaction ends."""
    await db.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"login:{account}"))))


async def account_failures(db: AsyncSession, account: str, since: datetime) -> list[datetime]:
    """Failures of the account inside the window and after its last successful login."""
    last_success = (select(func.max(LoginAttempt.at))
                    .where(LoginAttempt.account == account, LoginAttempt.success).scalar_subquery())
    query = select(LoginAttempt.at).where(
        LoginAttempt.account == account, ~LoginAttempt.success, LoginAttempt.at > since,
        LoginAttempt.at > func.coalesce(last_success, since))
    return list((await db.scalars(query)).all())


async def ip_failures(db: AsyncSession, ip: str, since: datetime) -> list[datetime]:
    query = select(LoginAttempt.at).where(LoginAttempt.ip == ip, ~LoginAttempt.success, LoginAttempt.at > since)
    return list((await db.scalars(query)).all())


async def check(db: AsyncSession, account: str, ip: str, now: datetime) -> None:
    """Refuse with 429 and Retry-After while the account or the address is over its limit."""
    per_account, per_ip = limits()
    since = now - max(per_account.window, per_ip.window)
    for code, failures, limit in (
        ("LOGIN_LOCKED_ACCOUNT", await account_failures(db, account, since), per_account),
        ("LOGIN_LOCKED_IP", await ip_failures(db, ip, since), per_ip),
    ):
        seconds = retry_after(failures, now, limit)
        if seconds is not None:
            raise TooMany(code, seconds=seconds, minutes=max(1, -(-seconds // 60)))


async def is_locked(db: AsyncSession, account: str, now: datetime) -> bool:
    per_account, _ = limits()
    failures = await account_failures(db, account, now - per_account.window)
    return retry_after(failures, now, per_account) is not None


async def clear(db: AsyncSession, account: str) -> int:
    """Forget the account's failures (an administrator unlocks it); the audit log keeps every try."""
    result = await db.execute(delete(LoginAttempt).where(LoginAttempt.account == account, ~LoginAttempt.success))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def prune(db: AsyncSession, account: str, ip: str, now: datetime) -> None:
    """Tries older than a day no longer count for anything (the audit log keeps them): drop this account's
    and this address's, through their indexes, so the table stays small without a cleanup job."""
    await db.execute(delete(LoginAttempt).where(
        or_(LoginAttempt.account == account, LoginAttempt.ip == ip), LoginAttempt.at < now - timedelta(days=1)))
