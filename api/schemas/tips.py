from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, Field, StringConstraints
from pydantic_core import PydanticCustomError
from sqlalchemy import and_, func, or_, select

from api.envelope import CamelModel
from api.resource.bounds import RowId
from api.resource.query import In, Range, SearchParams, Where
from domain.enums import Country, ReleaseStatus, TipPage
from domain.models.tips import Tip, TipPageRow
from domain.rules import tips as rules


def _each_once(pages: list[TipPage]) -> list[TipPage]:
    if len(set(pages)) != len(pages):
        raise PydanticCustomError("tip_pages_twice", "each page once")
    return pages


# SPEC §5: at most 5 pages selectable
Pages = Annotated[list[TipPage], Field(min_length=1, max_length=rules.PAGES_MAX), AfterValidator(_each_once)]
Content = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=rules.CONTENT_MAX)]


class TipCreate(CamelModel):
    country: Country
    pages: Pages
    start_at: AwareDatetime
    end_at: AwareDatetime
    content: Content


class TipUpdate(CamelModel):
    id: RowId
    country: Country | None = None
    pages: Pages | None = None
    start_at: AwareDatetime | None = None
    end_at: AwareDatetime | None = None
    content: Content | None = None


class TipPublic(CamelModel):
    id: int
    country: Country
    pages: list[TipPage]
    start_at: datetime
    end_at: datetime
    status: ReleaseStatus
    content: str
    created_at: datetime
    updated_at: datetime


def _status_is(statuses: list[ReleaseStatus]) -> Any:
    """The SQL of `rules.status` against the database's clock, for the status filter."""
    now = func.now()
    clauses = {ReleaseStatus.TO_BE_RELEASED: Tip.start_at > now, ReleaseStatus.EXPIRED: Tip.end_at < now,
               ReleaseStatus.PUBLISHED: and_(Tip.start_at <= now, Tip.end_at >= now)}
    return or_(*(clauses[s] for s in statuses))


def _on_pages(pages: list[TipPage]) -> Any:
    return Tip.id.in_(select(TipPageRow.tip_id).where(TipPageRow.page.in_(pages)))


class TipFilters(SearchParams):
    country: Annotated[list[Country] | None, In()] = None
    pages: Annotated[list[TipPage] | None, Where(_on_pages)] = None
    status: Annotated[list[ReleaseStatus] | None, Where(_status_is)] = None
    # SPEC §9 date ranges, chosen with the presets in the user's zone: [from, to], either end may be open.
    start_at: Annotated[list[AwareDatetime | None] | None, Range(), Field(max_length=2)] = None
    end_at: Annotated[list[AwareDatetime | None] | None, Range(), Field(max_length=2)] = None
