"""Failed-login throttling (docs/decisions/login-throttling.md): progressive delays, never a lock-out.

Three counts, each with free failures and then a doubling wait after the last failure:
- the account from one address: what one guesser at one account meets first;
- the account from every address, and the address over every account: what a spread-out guesser meets. These
  two never slow an account down at an address it has logged in from before, so nobody can keep a real user out
  by failing logins in their name.
The state is in PostgreSQL (login_attempts), so every API replica sees the same counts; an advisory lock per
account makes check-and-record atomic."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import TooMany
from domain.models.auth import LoginAttempt, Session
from domain.rules.auth import ThrottleLimit, retry_after
from domain.settings import get_settings


def limits() -> tuple[ThrottleLimit, ThrottleLimit, ThrottleLimit]:
    """Per account and address, per account, per address."""
    settings = get_settings()
    window = timedelta(minutes=settings.login_window_minutes)
    first = timedelta(seconds=settings.login_first_delay_seconds)
    longest = timedelta(seconds=settings.login_max_delay_seconds)
    return (ThrottleLimit(settings.login_free_failures, window, first, longest),
            ThrottleLimit(settings.login_free_failures_account, window, first, longest),
            ThrottleLimit(settings.login_free_failures_ip, window, first, longest))


async def lock(db: AsyncSession, account: str) -> None:
    """Serialise logins of one account across replicas until the transaction ends."""
    await db.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"login:{account}"))))


async def account_failures(db: AsyncSession, account: str, since: datetime, ip: str | None = None) -> list[datetime]:
    """Failures of the account (from one address, if given) inside the window and after its last success."""
    last_success = (select(func.max(LoginAttempt.at))
                    .where(LoginAttempt.account == account, LoginAttempt.success).scalar_subquery())
    query = select(LoginAttempt.at).where(
        LoginAttempt.account == account, ~LoginAttempt.success, LoginAttempt.at > since,
        LoginAttempt.at > func.coalesce(last_success, since))
    if ip is not None:
        query = query.where(LoginAttempt.ip == ip)
    return list((await db.scalars(query)).all())


async def ip_failures(db: AsyncSession, ip: str, since: datetime) -> list[datetime]:
    query = select(LoginAttempt.at).where(LoginAttempt.ip == ip, ~LoginAttempt.success, LoginAttempt.at > since)
    return list((await db.scalars(query)).all())


async def known_address(db: AsyncSession, user_id: int | None, ip: str) -> bool:
    """Whether the user has opened a session from this address before."""
    if user_id is None:
        return False
    return bool(await db.scalar(select(exists().where(Session.user_id == user_id, Session.ip == ip))))


async def check(db: AsyncSession, account: str, ip: str, now: datetime, *, known: bool) -> None:
    """Refuse with 429 and Retry-After while this try has to wait; `known`: the account logged in from here before."""
    pair, per_account, per_ip = limits()
    since = now - max(pair.window, per_account.window, per_ip.window)
    waits = [retry_after(await account_failures(db, account, since, ip), now, pair)]
    if not known:
        waits += [retry_after(await account_failures(db, account, since), now, per_account),
                  retry_after(await ip_failures(db, ip, since), now, per_ip)]
    seconds = max((w for w in waits if w is not None), default=None)
    if seconds is not None:
        raise TooMany("LOGIN_THROTTLED", seconds=seconds)


async def is_locked(db: AsyncSession, account: str, now: datetime) -> bool:
    """Whether some address has to wait before its next try at this account."""
    pair, per_account, _ = limits()
    since = now - max(pair.window, per_account.window)
    if retry_after(await account_failures(db, account, since), now, per_account) is not None:
        return True
    addresses = (await db.scalars(select(LoginAttempt.ip).distinct().where(
        LoginAttempt.account == account, ~LoginAttempt.success, LoginAttempt.at > since))).all()
    return any([retry_after(await account_failures(db, account, since, ip), now, pair) is not None
                for ip in addresses])


async def clear(db: AsyncSession, account: str) -> int:
    """Forget the account's failures (an administrator unlocks it); the audit log keeps every try."""
    result = await db.execute(delete(LoginAttempt).where(LoginAttempt.account == account, ~LoginAttempt.success))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def prune(db: AsyncSession, account: str, ip: str, now: datetime) -> None:
    """Tries older than a day no longer count for anything (the audit log keeps them): drop this account's
    and this address's, through their indexes, so the table stays small without a cleanup job."""
    await db.execute(delete(LoginAttempt).where(
        or_(LoginAttempt.account == account, LoginAttempt.ip == ip), LoginAttempt.at < now - timedelta(days=1)))
