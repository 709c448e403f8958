from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Index, String, Text, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


class TrackingEvent(Base):
    """One reported event (SPEC §3 event tracking): append-only, searched by time first."""

    __tablename__ = "tracking_events"
    __table_args__ = (Index("ix_tracking_events_event_id_at", "event_id", "at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    event_id: Mapped[str] = mapped_column(String(64))
    merchant_id: Mapped[str | None] = mapped_column(String(64), index=True)
    user_id: Mapped[str | None] = mapped_column(String(64))
    client_id: Mapped[str | None] = mapped_column(String(64))
    device_info: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    extra_key: Mapped[str | None] = mapped_column(String(64))
    extra_value: Mapped[str | None] = mapped_column(Text)
    reporter_id: Mapped[int | None]
    ip: Mapped[str | None] = mapped_column(String(64))


class AccessVisit(Base):
    """A visit to a named console page (access tracking)."""

    __tablename__ = "access_visits"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    user_id: Mapped[int | None] = mapped_column(index=True)
    username: Mapped[str | None] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128), index=True)
    access_url: Mapped[str] = mapped_column(String(512))
