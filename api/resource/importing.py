"""The kit's xlsx/xls import and its template: all or nothing, each row saved with the add endpoint's rules.

The template and the import read the same columns (the create schema's fields), headed as the export heads
them, so an exported or filled-in template file imports as it is.

No `from __future__ import annotations` here: the routes' signatures are built at run time and FastAPI must
see real types.
"""

from typing import TYPE_CHECKING, Annotated, Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, File, UploadFile
from fastapi.responses import StreamingResponse
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.errors import describe, message_of
from api.resource.xlsx import XLSX_RESPONSE, XlsxExport, check_upload, download, read_rows
from domain.errors import DomainError
from domain.i18n import LANGUAGES, field_label, label_scope, t
from domain.rules.inputs import find_problem
from domain.settings import get_settings

if TYPE_CHECKING:
    from api.resource import Resource

REQUIRED_MARK = " *"  # a template's required column: "Name *"
UTC_ZONE = ZoneInfo("UTC")  # a template holds no times


def import_columns(res: "Resource[Any]") -> list[tuple[str, str, bool]]:
    """(attribute, wire name, required) of every create field: the columns an import reads."""
    return [(name, info.alias or name, info.is_required()) for name, info in res.create.model_fields.items()]


def import_headers(res: "Resource[Any]") -> dict[str, str]:
    """Every header text that names a create field: its wire name, or its label in any language (the
    resource's own label first, as the export and the template head the column)."""
    names: dict[str, str] = {}
    for name, alias, _ in import_columns(res):
        own = [t(f"fields.{res.name}.{alias}", lang) for lang in LANGUAGES]
        for text in (name, alias, *(field_label(alias, lang) for lang in LANGUAGES), *own):
            names[str(text).strip().lower()] = name
    return names


def template(res: "Resource[Any]") -> StreamingResponse:
    """The import template: one header row of the create fields, titled as the export titles its columns
    (in the reader's language, a required column marked `*`), so a filled-in template imports as it is."""
    book = XlsxExport([res.header(alias) + (REQUIRED_MARK if required else "")
                       for _, alias, required in import_columns(res)], UTC_ZONE, sheet=res.name)
    book.close()
    return download(book, f"{res.name.lower()}s-template.xlsx")


async def import_rows(res: "Resource[Any]", db: AsyncSession, user: Principal, filename: str, content: bytes) -> int:
    """All-or-nothing: every row is validated and saved in a savepoint; one bad row rolls back all. Each
    error names its row, the column as the file heads it, the rule and the translated message."""
    check_upload(filename, content, get_settings().import_max_bytes)
    rows = read_rows(filename, content)
    header = [str(h).strip() if h is not None else "" for h in (next(rows, None) or [])]
    lookup = import_headers(res)
    fields = [lookup.get(h.removesuffix(REQUIRED_MARK).strip().lower()) if h else None for h in header]
    columns = {res.create.model_fields[f].alias or f: h for f, h in zip(fields, header, strict=False) if f}
    for name, alias, required in import_columns(res):
        if required and name not in fields:
            raise DomainError("IMPORT_MISSING_COLUMN", status=422, column=res.header(alias))
    errors: list[dict[str, Any]] = []
    count = 0
    scope = label_scope.set(res.name)  # messages name a field as this resource's columns are headed
    try:
        for number, raw in enumerate(rows, start=2):
            values = {res.create.model_fields[f].alias or f: v for f, v in zip(fields, raw, strict=False)
                      if f and v is not None and str(v).strip() != ""}
            if not values:
                continue
            count += 1
            errors += [{"row": number, "column": columns.get(e["field"].split(".", 1)[0], e["field"]), **e}
                       for e in await import_row(res, db, user, values)]
    finally:
        label_scope.reset(scope)
    if count == 0:
        raise DomainError("IMPORT_EMPTY", status=422)
    if errors:
        raise DomainError("IMPORT_ROWS_INVALID", status=422, data={"errors": errors},
                          count=len({e["row"] for e in errors}))
    return count


async def import_row(res: "Resource[Any]", db: AsyncSession, user: Principal,
                     values: dict[str, Any]) -> list[dict[str, Any]]:
    """One row (keyed by wire names) created with the rules of the add endpoint; its errors, if any."""
    problem = find_problem(values)
    if problem is not None:  # what the request guard refuses in a JSON body, refused in a cell too
        return [{"field": problem.field, "rule": problem.rule, "message": t(
            f"rules.{problem.rule}", field=field_label(problem.field), **problem.params)}]
    try:
        async with db.begin_nested():  # a refused row leaves nothing pending for the rows after it
            await res.add_row(db, user, res.create.model_validate(values))
    except ValidationError as exc:
        return [describe(dict(e)) for e in exc.errors()]
    except DomainError as exc:
        rule = exc.params.get("rule", exc.code)  # an Invalid names its rule; a refusal is its own code
        return [{"field": exc.field or "", "rule": rule, "message": message_of(exc)}]
    return []


def import_routes(res: "Resource[Any]", router: APIRouter) -> None:
    """The import and the template of its file, both behind the import button's permission."""

    @router.post("/import", summary=f"Import {res.name}s from xls or xlsx (all or nothing)")
    async def import_file(file: Annotated[UploadFile, File()], db: SessionDep,
                          user: Annotated[Principal, Need(res.actions.import_)]) -> Reply[dict[str, int]]:
        content = await file.read(get_settings().import_max_bytes + 1)
        return ok({"imported": await import_rows(res, db, user, file.filename or "", content)})

    @router.post("/import-template", summary=f"The xlsx template of a {res.name} import",
                 response_class=StreamingResponse, responses=XLSX_RESPONSE)
    async def import_template(_: Annotated[Principal, Need(res.actions.import_)]) -> StreamingResponse:
        return template(res)
