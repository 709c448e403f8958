from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps


class PageVisit(Base):
    """A page one user visited recently, or subscribed to (pinned in the navbar's recent pages)."""

    __tablename__ = "page_visits"
    __table_args__ = (UniqueConstraint("user_id", "access_url"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(128))
    access_url: Mapped[str] = mapped_column(String(512))
    subscribed: Mapped[bool] = mapped_column(default=False)
    visits: Mapped[int] = mapped_column(default=1)
    visited_at: Mapped[datetime] = mapped_column(server_default=func.now())


class TableDisplay(Base, Timestamps):
    """One user's column order and visibility for one table of the console."""

    __tablename__ = "table_displays"
    __table_args__ = (UniqueConstraint("user_id", "table_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    table_key: Mapped[str] = mapped_column(String(128))
    columns: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
