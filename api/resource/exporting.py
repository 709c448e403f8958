"""The kit's xlsx export: the rows a search finds, headed as the list heads its columns.

No `from __future__ import annotations` here: the route's signature is built from the resource's filters at
run time and FastAPI must see the real type.
"""

from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter
from fastapi.responses import StreamingResponse

from api.deps import Need, Principal
from api.resource.query import SearchParams
from api.resource.xlsx import XLSX_RESPONSE, XlsxExport, download
from domain.db import get_sessionmaker
from domain.user_time_zones import zone_of

if TYPE_CHECKING:
    from api.resource import Resource

EXPORT_BATCH = 2000


def export_columns(res: "Resource[Any]") -> list[tuple[str, str]]:
    """(attribute, wire name) of every public field, in declaration order."""
    return [(name, info.alias or name) for name, info in res.public.model_fields.items()]


async def export_rows(res: "Resource[Any]", params: SearchParams, user: Principal) -> StreamingResponse:
    """Rows stream from a server-side cursor into a constant-memory workbook, then to the client."""
    columns = export_columns(res)
    async with get_sessionmaker()() as db:
        book = XlsxExport([res.header(alias) for _, alias in columns], await zone_of(db, user.id), sheet=res.name)
        result = await db.stream_scalars(res.search_query(params, user).execution_options(yield_per=EXPORT_BATCH))
        async for row in result:
            shown = res.public.model_validate(row)  # what the list shows (a schema may flatten related rows)
            book.add([getattr(shown, attr, None) for attr, _ in columns])
    book.close()
    return download(book, f"{res.name.lower()}s.xlsx")


def export_route(res: "Resource[Any]", router: APIRouter, scope: dict[str, Any]) -> None:
    filters_t = res.filters

    @router.post("/export", summary=f"Export {res.name}s matching the filters as xlsx",
                 response_class=StreamingResponse, openapi_extra=scope, responses=XLSX_RESPONSE)
    # filters_t is the resource's filter class, a value FastAPI reads as the body's type
    async def export(params: filters_t,  # type: ignore[valid-type]
                     user: Annotated[Principal, Need(res.actions.export)]) -> StreamingResponse:
        return await export_rows(res, params, user)
