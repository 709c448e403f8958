"""Opaque session tokens: random, given to the client once, stored only as SHA-256."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from fastapi import Response
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api import csrf
from domain.models.auth import Session
from domain.settings import get_settings

RENEWAL_GRACE = timedelta(seconds=60)  # an old token keeps working this long after renewal
TOKEN_COOKIE = "genie_cms_token"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def session_lifetime(remember: bool) -> timedelta:
    settings = get_settings()
    return timedelta(days=settings.remember_me_days) if remember else timedelta(hours=settings.token_ttl_hours)


async def open_session(db: AsyncSession, user_id: int, *, remember: bool, ip: str | None,
                       user_agent: str | None) -> str:
    token = secrets.token_urlsafe(32)
    db.add(Session(token_hash=token_hash(token), user_id=user_id, remember=remember, ip=ip,
                   user_agent=(user_agent or "")[:256], expires_at=now() + session_lifetime(remember)))
    await db.flush()
    return token


async def find_session(db: AsyncSession, token: str) -> Session | None:
    found = await db.scalar(select(Session).where(Session.token_hash == token_hash(token)))
    if found is None or found.revoked_at is not None or found.expires_at <= now():
        return None
    return found


def needs_renewal(expires_at: datetime, remember: bool) -> bool:
    """Renew once less than half of the session's lifetime is left."""
    return expires_at - now() < session_lifetime(remember) / 2


async def renew_session(db: AsyncSession, old: Session) -> str:
    token = await open_session(db, old.user_id, remember=old.remember, ip=old.ip, user_agent=old.user_agent)
    old.expires_at = min(old.expires_at, now() + RENEWAL_GRACE)
    return token


async def revoke_sessions(db: AsyncSession, user_id: int, *, keep: int | None = None) -> None:
    query = update(Session).where(Session.user_id == user_id, Session.revoked_at.is_(None))
    if keep is not None:
        query = query.where(Session.id != keep)
    await db.execute(query.values(revoked_at=now()))


def set_token_cookie(response: Response, token: str, *, user_id: int, remember: bool, secure: bool) -> None:
    """SPEC §7: the token rides in the genie_cms_token cookie, kept 7 days only when "remember me" was asked.
    HttpOnly, so no script reads it (docs/decisions/token-cookie.md); beside it, with the same lifetime, the
    readable CSRF proof, whose presence also tells the web client that it is signed in."""
    max_age = int(session_lifetime(True).total_seconds()) if remember else None
    response.set_cookie(TOKEN_COOKIE, token, max_age=max_age, path="/", samesite="lax", secure=secure,
                        httponly=True)
    response.set_cookie(csrf.CSRF_COOKIE, csrf.csrf_token(user_id), max_age=max_age, path="/", samesite="lax",
                        secure=secure, httponly=False)


def clear_token_cookie(response: Response) -> None:
    response.delete_cookie(TOKEN_COOKIE, path="/", samesite="lax", httponly=True)
    response.delete_cookie(csrf.CSRF_COOKIE, path="/", samesite="lax")


async def revoke_session(db: AsyncSession, session_id: int) -> None:
    await db.execute(update(Session).where(Session.id == session_id, Session.revoked_at.is_(None))
                     .values(revoked_at=now()))
