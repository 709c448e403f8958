"""Tips on the merchants' app pages (SPEC §3, §5, §8) on the resource kit; one tip a page and country is the
database's unique key on tip_pages, so two staff saving at once cannot both succeed."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.resource.scope import scoped
from api.schemas.tips import TipCreate, TipFilters, TipPublic, TipUpdate
from domain.errors import Invalid
from domain.models.tips import Tip, TipPageRow
from domain.rules import tips as rules
from domain.rules.rich_text import sanitize_html


async def _pages(_: AsyncSession, row: Tip, values: dict[str, Any], __: Principal) -> None:
    """Keep the rows of pages that stay (so re-saving a tip never trips over its own key), drop the others,
    add the new ones; every row carries the tip's country, which the unique key is over."""
    pages = values.get("pages")
    if pages is None:
        return
    kept = [r for r in row.page_rows if r.page in pages]
    have = {r.page for r in kept}
    row.page_rows = kept + [TipPageRow(country=row.country, page=p) for p in pages if p not in have]


async def _check(_: AsyncSession, row: Tip, __: Principal) -> None:
    if row.start_at > row.end_at:
        raise Invalid("endAt", "tip_start_after_end")
    bad = rules.bad_link(row.content)
    if bad is not None:
        raise Invalid("content", "tip_link", link=bad[:80])
    row.content = sanitize_html(row.content, link_prefixes=(rules.HOST_PATH,))
    for page in row.page_rows:
        page.country = row.country


tips = Resource(
    name="Tip", model=Tip, public=TipPublic, create=TipCreate, update=TipUpdate, filters=TipFilters,
    permission="tips-manage",
    actions=Actions(add="tip#add", edit="tip#edit", delete="tip#delete", export="tip#export"),
    extras=_pages, prepare=_check, relations=(Tip.page_rows,), scope=scoped(country=Tip.country),
    unique={"uq_tip_pages_country_page": ("pages", "TIP_PAGE_TAKEN")}, default_sort="-updated_at",
)

router = tips.router(prefix="/tip", tags=["tips"])
