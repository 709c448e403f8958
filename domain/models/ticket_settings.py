"""What staff set up for tickets: the managed lists of categories and applications (a ticket holds the code,
the lists give the names in each language) and the people on duty, who hear of what nobody holds."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, func
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps


class TicketCategory(Base, Timestamps):
    __tablename__ = "ticket_categories"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)  # what tickets.category holds
    name_en: Mapped[str] = mapped_column(String(64))
    name_zh: Mapped[str] = mapped_column(String(64), default="")  # empty: the English name is shown
    name_id: Mapped[str] = mapped_column(String(64), default="")
    enabled: Mapped[bool] = mapped_column(default=True)  # a disabled one stays on old tickets, new ones cannot pick it
    sort: Mapped[int] = mapped_column(default=0)


class TicketApplication(Base, Timestamps):
    __tablename__ = "ticket_applications"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)  # what tickets.application holds
    name_en: Mapped[str] = mapped_column(String(64))
    name_zh: Mapped[str] = mapped_column(String(64), default="")
    name_id: Mapped[str] = mapped_column(String(64), default="")
    enabled: Mapped[bool] = mapped_column(default=True)
    sort: Mapped[int] = mapped_column(default=0)


class TicketOnDuty(Base):
    """The ticket team's people on duty: a breach or a reminder of a ticket with neither assignee nor PIC
    reaches them."""

    __tablename__ = "ticket_on_duty"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
