from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Index, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps


class EntityChange(Base):
    """Field-level before/after values of one change to one entity, tied to the call that made it."""

    __tablename__ = "entity_changes"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    transaction_id: Mapped[str] = mapped_column(String(64), index=True)
    operator_id: Mapped[int | None]
    operator_name: Mapped[str | None] = mapped_column(String(64))
    entity: Mapped[str] = mapped_column(String(64))
    entity_id: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(16))
    changes: Mapped[dict[str, Any]] = mapped_column(JSONB)


class OperationLog(Base):
    """One mutating call (or login): who, what, from where, with which result and how long it took."""

    __tablename__ = "operation_logs"
    __table_args__ = (Index("ix_operation_logs_operator_id_at", "operator_id", "at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    application: Mapped[str] = mapped_column(String(32))
    operator_id: Mapped[int | None]
    operator_name: Mapped[str | None] = mapped_column(String(100))
    url: Mapped[str] = mapped_column(String(512))
    method: Mapped[str] = mapped_column(String(8))
    http_status: Mapped[int]
    code: Mapped[str] = mapped_column(String(64))
    request_data: Mapped[str | None] = mapped_column(Text)
    response_data: Mapped[str | None] = mapped_column(Text)
    remote_ip: Mapped[str | None] = mapped_column(String(64))
    location: Mapped[str | None] = mapped_column(String(64))
    transaction_id: Mapped[str] = mapped_column(String(64), index=True)
    business_id: Mapped[str | None] = mapped_column(String(64), index=True)
    duration_ms: Mapped[int]


class ActionMapping(Base, Timestamps):
    """Names an operation-log row: calls of this application to this URL (`*` matches any part), with
    this reply code when one is given, read as `action_name`."""

    __tablename__ = "action_mappings"
    __table_args__ = (UniqueConstraint("application_type", "url", "code", name="uq_action_mappings_url_code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    action_name: Mapped[str] = mapped_column(String(64))
    application_type: Mapped[str] = mapped_column(String(32))
    url: Mapped[str] = mapped_column(String(256))
    code: Mapped[str] = mapped_column(String(64), default="")  # empty: any reply code
