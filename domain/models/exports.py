"""Export tasks (docs/exports.md): a large list's xlsx export written in the background by its workflow.

The task keeps what the request was (the list, its filters and columns, the requester's language, time zone and data
authority at the time), the writing's progress (rows written of the total) and the file, until it expires.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, ForeignKey, Index, Integer, String, Text, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base
from domain.enums import ExportState


class ExportTask(Base):
    __tablename__ = "export_tasks"
    __table_args__ = (
        CheckConstraint("state in ('PROCESSING', 'ACTIVE', 'DOWNLOAD_FAILED', 'EXPIRED')", name="state"),
        CheckConstraint("rows_written >= 0 and (total is null or total >= 0)", name="counts"),
        CheckConstraint("attempt >= 1", name="attempt_positive"),
        CheckConstraint("state <> 'ACTIVE' or (file_key is not null and finished_at is not null "
                        "and expires_at is not null)", name="active_has_file"),
        CheckConstraint("state <> 'DOWNLOAD_FAILED' or error is not null", name="failed_has_reason"),
        CheckConstraint("state <> 'EXPIRED' or file_key is null", name="expired_has_no_file"),
        Index("ix_export_tasks_requested_by_id", "requested_by", "id"),
        Index("ix_export_tasks_processing", "state", postgresql_where=text("state = 'PROCESSING'")),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    resource: Mapped[str] = mapped_column(String(64))  # the kit resource's name (Courier, ShelfMerge)
    route: Mapped[str] = mapped_column(String(200))  # the export's path, as the list asked it (/courier/export)
    filters: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)  # the search body, as sent
    columns: Mapped[list[str]] = mapped_column(JSONB, default=list)  # wire names of the columns written
    requested_by: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # The requester as the query reads them at request time: id, name, department, data authority
    requester: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    language: Mapped[str] = mapped_column(String(8))
    zone: Mapped[str] = mapped_column(String(64))
    state: Mapped[ExportState] = mapped_column(String(16), default=ExportState.PROCESSING)
    rows_written: Mapped[int] = mapped_column(BigInteger, default=0)
    total: Mapped[int | None] = mapped_column(BigInteger)  # counted when the writing starts
    filename: Mapped[str] = mapped_column(String(200))
    file_key: Mapped[str | None] = mapped_column(String(300))
    file_size: Mapped[int | None] = mapped_column(BigInteger)
    error: Mapped[str | None] = mapped_column(Text)
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    finished_at: Mapped[datetime | None]
    expires_at: Mapped[datetime | None]
    # Filled by the list and the detail (services/exports.py public_columns)
    requested_by_name: Mapped[str | None] = query_expression()
