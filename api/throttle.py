"""Failed-login throttling (docs/decisions/login-throttling.md): progressive delays, never a lock-out.

Three counts, each with free failures and then a doubling wait after the last failure:
- the account from one address: what one guesser at one account meets first;
- the account from every address, and the address over every account: what a spread-out guesser meets. These
  two never slow an account down at an address it has logged in from before, so nobody can keep a real user out
  by failing logins in their name.
The state is in PostgreSQL (login_attempts), so every API replica sees the same counts; an advisory lock per
account makes check-and-record atomic.

A try is recorded before its password is checked (undecided: `success` NULL) and counts as failed until its
outcome is known, so a burst of guesses cannot outrun the count. A try that only undecided tries stand in the
way of waits for their outcome instead of being refused: correct logins arriving together all get in, and a
guess among them still meets every failure. A success forgives the failures decided before it from its own
address only (never a try still undecided): the owner logging in elsewhere gives a guesser no fresh tries."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, and_, delete, exists, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.errors import TooMany
from domain.models.auth import LoginAttempt, Session
from domain.rules.auth import ThrottleLimit, retry_after
from domain.settings import get_settings

# An undecided try older than this lost its process (killed between its two transactions): it counts as failed.
UNDECIDED_FOR = timedelta(seconds=60)
# How long a try waits for the outcome of undecided tries before they count against it as failures.
PATIENCE_SECONDS = 10.0


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


def counted(ip: str | None = None) -> ColumnElement[bool]:
    """A try that counts against its account: undecided, or failed with no success from its address after it
    (times are of the outcome once known)."""
    later = aliased(LoginAttempt)
    forgiven = exists().where(later.account == LoginAttempt.account, later.ip == LoginAttempt.ip,
                              later.success.is_(True), later.at > LoginAttempt.at)
    return and_(or_(LoginAttempt.success.is_(None), LoginAttempt.success.is_(False) & ~forgiven),
                *([LoginAttempt.ip == ip] if ip is not None else []))


Try = tuple[datetime, bool | None]  # when, and its outcome (None: its password is being checked)


async def account_tries(db: AsyncSession, account: str, since: datetime, ip: str | None = None) -> list[Try]:
    query = select(LoginAttempt.at, LoginAttempt.success).where(
        LoginAttempt.account == account, LoginAttempt.at > since, counted(ip))
    return [(at, success) for at, success in (await db.execute(query)).all()]


async def account_failures(db: AsyncSession, account: str, since: datetime, ip: str | None = None) -> list[datetime]:
    """The tries that count against the account (from one address, if given) inside the window."""
    return [at for at, _ in await account_tries(db, account, since, ip)]


async def ip_tries(db: AsyncSession, ip: str, since: datetime) -> list[Try]:
    query = select(LoginAttempt.at, LoginAttempt.success).where(
        LoginAttempt.ip == ip, LoginAttempt.success.is_not(True), LoginAttempt.at > since)
    return [(at, success) for at, success in (await db.execute(query)).all()]


async def known_address(db: AsyncSession, user_id: int | None, ip: str) -> bool:
    """Whether the user has opened a session from this address before."""
    if user_id is None:
        return False
    return bool(await db.scalar(select(exists().where(Session.user_id == user_id, Session.ip == ip))))


def wait_of(counts: list[tuple[list[Try], ThrottleLimit]], now: datetime, *, undecided: bool) -> int | None:
    """Seconds to wait by the decided failures, or by the undecided tries too."""
    def failed(tries: list[Try]) -> list[datetime]:
        return [at for at, success in tries if undecided or success is False or now - at > UNDECIDED_FOR]
    waits = [retry_after(failed(tries), now, limit) for tries, limit in counts]
    return max((w for w in waits if w is not None), default=None)


async def admits(db: AsyncSession, account: str, ip: str, now: datetime, *, known: bool, patient: bool) -> bool:
    """Whether this try may go on now. False: only tries still being checked stand in its way, and it may wait
    for their outcome (`patient`). Refused with 429 and Retry-After when it has to wait for its turn, by decided
    failures, or by undecided ones once patience is out. `known`: the account logged in from here before."""
    pair, per_account, per_ip = limits()
    since = now - max(pair.window, per_account.window, per_ip.window)
    counts = [(await account_tries(db, account, since, ip), pair)]
    if not known:
        counts += [(await account_tries(db, account, since), per_account), (await ip_tries(db, ip, since), per_ip)]
    decided = wait_of(counts, now, undecided=False)
    if decided is not None:
        raise TooMany("LOGIN_THROTTLED", seconds=decided)
    undecided = wait_of(counts, now, undecided=True)
    if undecided is None:
        return True
    if patient:
        return False
    raise TooMany("LOGIN_THROTTLED", seconds=undecided)


async def settle(db: AsyncSession, attempt_id: int, success: bool | None) -> None:
    """The try's outcome, timed now; None: its password was never checked (too busy), so it does not count."""
    if success is None:
        await db.execute(delete(LoginAttempt).where(LoginAttempt.id == attempt_id))
        return
    await db.execute(update(LoginAttempt).where(LoginAttempt.id == attempt_id).values(success=success, at=func.now()))


async def is_locked(db: AsyncSession, account: str, now: datetime) -> bool:
    """Whether some address has to wait before its next try at this account."""
    pair, per_account, _ = limits()
    since = now - max(pair.window, per_account.window)
    if retry_after(await account_failures(db, account, since), now, per_account) is not None:
        return True
    addresses = (await db.scalars(select(LoginAttempt.ip).distinct().where(
        LoginAttempt.account == account, counted(), LoginAttempt.at > since))).all()
    return any([retry_after(await account_failures(db, account, since, ip), now, pair) is not None
                for ip in addresses])


async def clear(db: AsyncSession, account: str) -> int:
    """Forget the account's failures (an administrator unlocks it); the audit log keeps every try."""
    result = await db.execute(delete(LoginAttempt).where(LoginAttempt.account == account,
                                                         LoginAttempt.success.is_not(True)))
    # a DELETE's result is a CursorResult; execute() types it as Result
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def prune(db: AsyncSession, account: str, ip: str, now: datetime) -> None:
    """Tries older than a day no longer count for anything (the audit log keeps them): drop this account's
    and this address's, through their indexes, so the table stays small without a cleanup job."""
    await db.execute(delete(LoginAttempt).where(
        or_(LoginAttempt.account == account, LoginAttempt.ip == ip), LoginAttempt.at < now - timedelta(days=1)))
