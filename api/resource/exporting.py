"""The kit's xlsx export: the rows a search finds, headed as the list heads its columns.

Up to `export_threshold` matching rows (counted cheaply: the matches up to one past the threshold) the file is
written at once and streamed back. Past it the export becomes an export task (api/resource/export_tasks.py): its
workflow has the same rows written by the same code (`write_rows`) in the background, and the reply is the task
(202, 'processing, please wait').

A list written by hand (the audit log, tickets) takes the same way: it declares an `Exportable` (its filters, its
titles, its matches and its writer) and its route answers with `export_or_task`.

No `from __future__ import annotations` here: the route's signature is built from the resource's filters at
run time and FastAPI must see the real type.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel
from sqlalchemy import Select, func, literal_column, select

from api.deps import Need, Principal
from api.envelope import Reply
from api.resource.export_tasks import start_task
from api.resource.page import matches
from api.resource.query import SearchParams
from api.resource.xlsx import XLSX_RESPONSE, XlsxExport, download
from api.schemas.exports import ExportTaskPublic
from domain.db import get_sessionmaker
from domain.rules import exports as rules
from domain.settings import get_settings
from domain.user_time_zones import zone_of
from services.exports import Tally, Written

if TYPE_CHECKING:
    from api.resource import Resource

EXPORT_BATCH = 2000
# An export route's replies as OpenAPI documents them: the file, or the task it became
EXPORT_RESPONSES: dict[int | str, dict[str, Any]] = {
    **XLSX_RESPONSE,
    202: {"model": Reply[ExportTaskPublic], "description": "Too many rows for one reply: an export task started"}}


@dataclass(frozen=True)
class Exportable:
    """A list an export writes: each kit resource is one (`of_resource`); a list written by hand declares its own
    (`exportable`) so that its export task finds it by name."""

    name: str  # the task's list, and the sheet's name
    file: str  # the file's stem
    filters: type[BaseModel]
    headers: Callable[[], list[str]]  # the columns' titles in the current language
    matches: Callable[[Any, Principal], Select[Any]]  # what the search finds within the user's data authority
    write: Callable[[Any, Principal, XlsxExport, Written | None], Awaitable[int]]  # rows written, in list order


EXPORTABLES: dict[str, Exportable] = {}


def exportable(ex: Exportable) -> Exportable:
    """Declares a hand-written list's export, for its tasks to find."""
    EXPORTABLES[ex.name] = ex
    return ex


def of_resource(res: "Resource[Any]") -> Exportable:
    return Exportable(res.name, f"{res.name.lower()}s", res.filters, lambda: export_headers(res),
                      lambda params, user: matches(res, params, user),
                      lambda params, user, book, written: write_rows(res, params, user, book, written))


def export_columns(res: "Resource[Any]") -> list[tuple[str, str]]:
    """(attribute, wire name) of every public field, in declaration order."""
    return [(name, info.alias or name) for name, info in res.public.model_fields.items()]


def export_headers(res: "Resource[Any]") -> list[str]:
    """The columns' titles in the caller's language."""
    return [res.header(alias) for _, alias in export_columns(res)]


def counted(ex: Exportable, params: Any, user: Principal, limit: int | None = None) -> Select[Any]:
    """How many rows the search finds within the user's data authority, counted up to `limit` + 1 when given."""
    rows: Select[Any] = ex.matches(params, user).with_only_columns(literal_column("1"), maintain_column_froms=True)
    return select(func.count()).select_from((rows if limit is None else rows.limit(limit + 1)).subquery())


async def write_rows(res: "Resource[Any]", params: SearchParams, user: Principal, book: XlsxExport,
                     written: Written | None = None) -> int:
    """Rows stream from a server-side cursor into the constant-memory workbook, as the list shows them; the one
    writer of the immediate export and of the export task."""
    columns = export_columns(res)
    tally = Tally(written)
    async with get_sessionmaker()() as db:
        result = await db.stream_scalars(res.search_query(params, user).execution_options(yield_per=EXPORT_BATCH))
        async for row in result:
            shown = res.public.model_validate(row)  # what the list shows (a schema may flatten related rows)
            book.add([getattr(shown, attr, None) for attr, _ in columns])
            await tally.add()
    return tally.rows


async def export_or_task(request: Request, ex: Exportable, params: Any, user: Principal) -> Response:
    """The file at once, streamed to the client; past the threshold, the export task it becomes (202)."""
    threshold = get_settings().export_threshold
    async with get_sessionmaker()() as db:
        zone = await zone_of(db, user.id)
        matched = await db.scalar(counted(ex, params, user, threshold)) or 0
    if rules.becomes_task(matched, threshold):
        return await start_task(request, ex, params, user, zone, ex.headers())
    book = XlsxExport(ex.headers(), zone, sheet=ex.name)
    await ex.write(params, user, book, None)
    book.close()
    return download(book, f"{ex.file}.xlsx")


def export_route(res: "Resource[Any]", router: APIRouter, scope: dict[str, Any]) -> None:
    filters_t = res.filters
    ex = of_resource(res)

    @router.post("/export", summary=f"Export {res.name}s matching the filters as xlsx (a task past the threshold)",
                 response_class=StreamingResponse, openapi_extra=scope, responses=EXPORT_RESPONSES)
    # filters_t is the resource's filter class, a value FastAPI reads as the body's type
    async def export(params: filters_t, request: Request,  # type: ignore[valid-type]
                     user: Annotated[Principal, Need(res.actions.export)]) -> Response:
        return await export_or_task(request, ex, params, user)
