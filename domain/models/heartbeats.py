"""Console processes (API and worker) and their heartbeats. A process's status is computed in SQL against the
database's clock, from its own beat interval, so no host's clock decides whether another one is dead."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, case, func, literal_column
from sqlalchemy.orm import Mapped, column_property, mapped_column

from domain.db import Base
from domain.enums import AppKind, HeartbeatStatus
from domain.rules.heartbeats import MISSED_BEATS_DEAD


class AppInstance(Base):
    """One running (or once running) API or worker process."""

    __tablename__ = "app_instances"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[AppKind] = mapped_column(String(16), index=True)
    host: Mapped[str] = mapped_column(String(255))
    pid: Mapped[int]
    version: Mapped[str] = mapped_column(String(64))
    interval_seconds: Mapped[float] = mapped_column()
    started_at: Mapped[datetime] = mapped_column(server_default=func.now())
    last_beat_at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    beats: Mapped[int] = mapped_column(BigInteger, default=1)

    status: Mapped[HeartbeatStatus] = column_property(case(
        (last_beat_at > func.now() - literal_column("interval '1 second'") * (interval_seconds * MISSED_BEATS_DEAD),
         HeartbeatStatus.ALIVE.value), else_=HeartbeatStatus.DEAD.value))


class HeartbeatBeat(Base):
    """One beat: when, and what the process reported about itself then (history, kept for a bounded time)."""

    __tablename__ = "heartbeat_beats"
    __table_args__ = (Index("ix_heartbeat_beats_instance_at", "instance_id", "at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    instance_id: Mapped[int] = mapped_column(ForeignKey("app_instances.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    memory_kb: Mapped[int | None] = mapped_column(BigInteger)
    cpu_seconds: Mapped[float | None]
