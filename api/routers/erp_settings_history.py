"""The action history of each ERP settings page (SPEC §2 ERP settings: action history): every change of the page's
settings, templates and rules with its field diffs, from the audit trail the kit writes on each save; who, when,
each field's label and its values before and after in the reader's language. Scoped as the rows are: a change
of a row the caller may not see is not shown."""

# No `from __future__ import annotations`: each page's route is built at run time and FastAPI must see real types.

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import and_, false, or_, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.history import entity_ids, history_page
from api.resource import Resource
from api.resource.scope import declares
from api.routers import erp_settings, erp_templates, stock_sync
from api.schemas.merchants import HistoryEntry
from api.schemas.types import BigRowId
from domain.enums import ErpTemplateKind
from domain.models.audit import EntityChange
from domain.models.erp_settings import ErpTemplate

PAGE_MAX = 200
router = APIRouter(prefix="/erp-settings", tags=["erp_settings"])


@dataclass(frozen=True)
class Source:
    """Rows of one resource whose changes a page's history shows (`only`: the conditions narrowing them)."""

    resource: Resource[Any]
    only: tuple[Any, ...] = ()


def templates_of(kind: ErpTemplateKind) -> Source:
    return Source(erp_templates.templates, (ErpTemplate.kind == kind,))


PAGES: dict[str, tuple[Source, ...]] = {
    "basic-settings": (Source(erp_settings.basic), templates_of(ErpTemplateKind.BASIC)),
    "product-settings": (Source(erp_settings.product),),
    "order-setting": (Source(erp_settings.order), templates_of(ErpTemplateKind.ORDER)),
    "stock-settings": (Source(erp_settings.stock), Source(erp_templates.push_rules), Source(stock_sync.settings)),
    "shipping-setting": (Source(erp_settings.shipping), templates_of(ErpTemplateKind.SHIPPING),
                         Source(erp_templates.logistics)),
}


def condition(source: Source, user: Principal, merchant_id: int | None, entity_id: int | None) -> Any:
    model: Any = source.resource.model
    rows = source.resource.scope(select(model.id).where(*source.only), user)
    if merchant_id is not None:
        rows = rows.where(model.merchant_id == merchant_id)
    if entity_id is not None:
        rows = rows.where(model.id == entity_id)
    return and_(EntityChange.entity == source.resource.name, EntityChange.entity_id.in_(entity_ids(rows)))


def history_route(menu: str, sources: tuple[Source, ...]) -> Callable[..., Awaitable[Reply[Page[HistoryEntry]]]]:
    schemas = {s.resource.name: s.resource.public for s in sources}

    async def history(db: SessionDep, user: Annotated[Principal, Need(menu)],
                      merchant_id: Annotated[BigRowId | None, Query(alias="merchantId")] = None,
                      entity: Annotated[str | None, Query(max_length=64)] = None,
                      entity_id: Annotated[BigRowId | None, Query(alias="entityId")] = None,
                      page: Annotated[int, Query(ge=1, le=100_000)] = 1,
                      page_size: Annotated[int, Query(alias="pageSize", ge=1, le=PAGE_MAX)] = 20,
                      ) -> Reply[Page[HistoryEntry]]:
        """Newest first; `merchantId` narrows to one merchant's rows, `entity` and `entityId` to one row."""
        picked = [s for s in sources if entity in (None, s.resource.name)]
        where = or_(*(condition(s, user, merchant_id, entity_id) for s in picked)) if picked else false()
        return ok(await history_page(db, where, page, page_size, schemas))
    return history


for _page, _sources in PAGES.items():
    router.add_api_route(
        f"/{_page}/history", history_route(_page, _sources), methods=["GET"],
        name=f"{_page.replace('-', '_')}_history",
        summary="The action history of the page's settings, with each change's field diffs",
        openapi_extra=declares(erp_settings.SETTINGS[_page].scope))
