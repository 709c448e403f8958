from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


class Session(Base):
    """A login: only the SHA-256 of the opaque token is stored, so a leaked table logs nobody in."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    expires_at: Mapped[datetime]
    last_seen_at: Mapped[datetime] = mapped_column(server_default=func.now())
    revoked_at: Mapped[datetime | None]
    remember: Mapped[bool] = mapped_column(default=False)
    ip: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(256))


class LoginAttempt(Base):
    """One login try. Kept in PostgreSQL, not in memory, so every API replica throttles alike."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_account_at", "account", "at"),
        Index("ix_login_attempts_ip_at", "ip", "at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = mapped_column(server_default=func.now())
    account: Mapped[str] = mapped_column(String(100))  # the name as typed, lower-cased
    ip: Mapped[str] = mapped_column(String(64))
    # None while the password is being checked; `at` is then when the try began, and once settled its outcome's time
    success: Mapped[bool | None]


class AuthEpoch(Base):
    """One counter, raised in the same transaction as any change to who may do what (sessions, users, roles,
    grants, data scopes: triggers in migration 0004). The API keeps each caller's permissions while the epoch
    is unchanged and reads them afresh once it moves, so a revocation still takes effect on the next call."""

    __tablename__ = "auth_epoch"

    id: Mapped[int] = mapped_column(primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger, default=0)
