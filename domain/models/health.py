"""Activities failing right now, as the worker sees them: one row an activity type, gone once it succeeds
again. /cms/health reads them (api/health.py); the worker writes them (worker/interceptors.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


class ActivityFailure(Base):
    __tablename__ = "activity_failures"

    activity: Mapped[str] = mapped_column(String(200), primary_key=True)
    since: Mapped[datetime]  # the first failure since it last succeeded
    last_at: Mapped[datetime]
    failures: Mapped[int]
    error: Mapped[str] = mapped_column(Text)
