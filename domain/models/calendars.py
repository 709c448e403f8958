"""Business calendars (SPEC §9 work time): a time zone plus holidays and make-up working days, editable."""

from __future__ import annotations

from datetime import date

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import CalendarDayKind


class BusinessCalendarRow(Base, Timestamps):
    __tablename__ = "business_calendars"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)  # e.g. CN, ID
    name: Mapped[str] = mapped_column(String(64))
    time_zone: Mapped[str] = mapped_column(String(64))
    is_default: Mapped[bool] = mapped_column(default=False)  # the calendar ticket SLAs use


class CalendarDay(Base, Timestamps):
    __tablename__ = "calendar_days"
    __table_args__ = (UniqueConstraint("calendar_id", "day", name="uq_calendar_days_calendar_id_day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    calendar_id: Mapped[int] = mapped_column(ForeignKey("business_calendars.id", ondelete="CASCADE"))
    day: Mapped[date]
    kind: Mapped[CalendarDayKind] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(128), default="")
