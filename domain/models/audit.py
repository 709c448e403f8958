from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


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
