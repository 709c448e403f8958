"""The ticket dashboard's query and figures (api/routers/ticket_reports.py)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.schemas.tickets import StatusCount
from api.schemas.types import Moment
from domain.enums import DatePreset, TicketLevel


class DashboardQuery(CamelModel):
    """A preset (in the business time zone) or an explicit [from, to) range; the preset wins when both come."""

    preset: DatePreset | None = None
    created_at: Annotated[list[Moment], Field(min_length=2, max_length=2)] | None = None
    category: list[str] | None = None
    application: list[str] | None = None


class Figures(CamelModel):
    created: int
    closed: int
    confirming: int
    qualified: int
    closed_rate: int
    resolve_rate: int
    sla_rate: int


class Summary(Figures):
    open: int
    resolved: int
    wont_fix: int
    breached: int
    merged: int = Field(description="merged tickets, left out of every other figure")


class CategoryFigures(Figures):
    category: str
    name: str = Field(description="The category's name in the caller's language (its code if the list lacks it)")


class LevelFigures(Figures):
    level: TicketLevel
    first_response_breached: int
    resolve_breached: int


class PeriodFigures(Figures):
    period: date


class TicketDashboard(CamelModel):
    start: datetime
    end: datetime
    time_zone: str
    summary: Summary
    by_status: list[StatusCount]
    by_category: list[CategoryFigures]
    by_sla: list[LevelFigures]
    by_week: list[PeriodFigures]
    by_month: list[PeriodFigures]
