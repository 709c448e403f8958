"""The kit's xlsx/xls import and its template: all or nothing, each row saved with the add endpoint's rules.

The template and the import read the same columns (the create schema's fields), headed as the export heads
them, so an exported or filled-in template file imports as it is.

No `from __future__ import annotations` here: the routes' signatures are built at run time and FastAPI must
see real types.
"""

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, File, UploadFile
from fastapi.responses import StreamingResponse
from pydantic import ValidationError
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.errors import describe, message_of, problem_entry
from api.resource.xlsx import XLSX_RESPONSE, XlsxExport, check_upload, download, read_rows
from domain.errors import DomainError, Invalid
from domain.i18n import LANGUAGES, field_label, label_scope, t
from domain.rules.inputs import find_problem
from domain.settings import get_settings

if TYPE_CHECKING:
    from api.resource import Resource

REQUIRED_MARK = " *"  # a template's required column: "Name *"
UTC_ZONE = ZoneInfo("UTC")  # a template holds no times


@dataclass(frozen=True)
class Reference:
    """A create field holding another row's id (a shelf's warehouse), imported as the list shows that row: the
    column headed like the export's column of `shown` holds its code, name or email as the export writes it,
    looked for within the importer's data authority over the target (a row they cannot see is not there). The
    template heads the column so; a column headed like the id field still reads ids."""

    field: str  # the create field: "warehouse_id"
    shown: str  # the public field whose export column names the row: "warehouse_name"
    target: "Resource[Any]"  # whose data scope the search runs in
    keys: tuple[Any, ...]  # the target's columns a cell may name the row by: (Warehouse.code, Warehouse.name)
    within: tuple[str, Any] | None = None  # (create field, target column): an area of the row's own warehouse

    def wire(self, res: "Resource[Any]") -> tuple[str, str]:
        """(wire name of the field, wire name of the shown column)."""
        return wire(res.create, self.field), wire(res.public, self.shown)


def wire(schema: Any, name: str) -> str:
    return schema.model_fields[name].alias or name


def cell_text(cell: Any) -> str:
    """A cell as the export writes the row's code or name (a code of digits may come back as a number)."""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    return str(cell).strip()


def import_columns(res: "Resource[Any]") -> list[tuple[str, str, bool]]:
    """(wire name, header alias, required) of every create field: the columns an import reads. A reference is
    headed as the export heads the row it names."""
    shown = {ref.field: wire(res.public, ref.shown) for ref in res.references}
    return [(info.alias or name, shown.get(name, info.alias or name), info.is_required())
            for name, info in res.create.model_fields.items()]


def import_headers(res: "Resource[Any]") -> dict[str, str]:
    """Every header text that names an import column, to the wire name it is read as: a create field's name,
    wire name or label in any language (the resource's own label first, as the export and the template head
    the column); a reference's shown column by the same texts, read as the row's code or name."""
    names: dict[str, str] = {}
    fields = [(name, info.alias or name) for name, info in res.create.model_fields.items()]
    shown = [(ref.shown, wire(res.public, ref.shown)) for ref in res.references]
    for attr, alias in fields + shown:  # last: a label both share ("Warehouse") reads the code or name
        own = [t(f"fields.{res.name}.{alias}", lang) for lang in LANGUAGES]
        for text in (attr, alias, *(field_label(alias, lang) for lang in LANGUAGES), *own):
            names[str(text).strip().lower()] = alias
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
    settings = get_settings()
    check_upload(filename, content, settings.import_max_bytes)
    rows = iter(await asyncio.to_thread(read_rows, filename, content, settings.import_max_rows))
    header = [str(h).strip() if h is not None else "" for h in (next(rows, None) or [])]
    lookup = import_headers(res)
    keys = [lookup.get(h.removesuffix(REQUIRED_MARK).strip().lower()) if h else None for h in header]
    columns = {k: h for k, h in zip(keys, header, strict=False) if k}
    for name, alias, required in import_columns(res):
        if required and name not in keys and alias not in keys:
            raise DomainError("IMPORT_MISSING_COLUMN", status=422, column=res.header(alias))
    errors: list[dict[str, Any]] = []
    count = 0
    scope = label_scope.set(res.name)  # messages name a field as this resource's columns are headed
    try:
        for number, raw in enumerate(rows, start=2):
            values = {k: v for k, v in zip(keys, raw, strict=False) if k and v is not None and str(v).strip() != ""}
            if not values:
                continue
            count += 1
            found = await read_references(res, db, user, values, columns)
            errors += [{"row": number, "column": columns.get(e["field"].split(".", 1)[0], e["field"]), **e}
                       for e in found or await import_row(res, db, user, values)]
    finally:
        label_scope.reset(scope)
    if count == 0:
        raise DomainError("IMPORT_EMPTY", status=422)
    if errors:
        raise DomainError("IMPORT_ROWS_INVALID", status=422, data={"errors": errors},
                          count=len({e["row"] for e in errors}))
    return count


async def read_references(res: "Resource[Any]", db: AsyncSession, user: Principal, values: dict[str, Any],
                          columns: dict[str, str]) -> list[dict[str, Any]]:
    """The row's reference cells (keyed by wire names) replaced by the ids of the rows they name; an error for
    each cell naming no row, or several, within the importer's data authority. A number naming no row by its
    code or name is read as the id it may be (the add endpoint's rules check it)."""
    errors: list[dict[str, Any]] = []
    for ref in res.references:
        field, shown = ref.wire(res)
        if shown not in values:
            continue
        cell = values.pop(shown)
        query = select(ref.target.model.id).where(or_(*(key == cell_text(cell) for key in ref.keys)))
        if ref.within is not None:
            outer = as_id(values.get(wire(res.create, ref.within[0])))
            if outer is None:
                continue  # looked for in a row that was found (the outer cell's own error says why not)
            query = query.where(ref.within[1] == outer)
        found = list(await db.scalars(ref.target.scope(query, user).limit(2)))
        if len(found) == 1 or (not found and as_id(cell) is not None):
            values[field] = found[0] if found else as_id(cell)
            continue
        rule = "import_reference_ambiguous" if found else "import_reference_missing"
        errors.append({"field": shown, "rule": rule, "message": t(
            f"rules.{rule}", field=columns.get(shown, shown), value=cell_text(cell))})
    return errors


def as_id(cell: Any) -> int | None:
    """A cell holding a whole number (xls reads every number as a float) as the id it may be."""
    if isinstance(cell, bool) or not isinstance(cell, int | float | str):
        return None
    text = cell_text(cell)
    return int(text) if text.isdigit() and len(text) < 19 else None


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
    except Invalid as exc:
        return [problem_entry(p) for p in exc.problems]
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
