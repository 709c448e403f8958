"""Console notifications: one row a recipient; (key, user_id) makes a retried sender harmless."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Index, String, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


class Notification(Base):
    __tablename__ = "notifications"
    __table_args__ = (
        UniqueConstraint("key", "user_id", name="uq_notifications_key_user_id"),
        Index("ix_notifications_user_id_id", "user_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    key: Mapped[str] = mapped_column(String(128))  # the idempotency key of the event, e.g. ticket-7-12
    kind: Mapped[str] = mapped_column(String(32))  # message key under notifications.<kind>.title/body
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    link: Mapped[str | None] = mapped_column(String(256))
    read_at: Mapped[datetime | None]
    mail_sent_at: Mapped[datetime | None]
