"""Search payloads: `{page, pageSize, sort, ...filters}` with empty and null filters ignored.

A filter field is matched on the model column of the same (snake_case) name; an `Op` in its
`Annotated` metadata picks the comparison. Ranges are two-element lists `[from, to]`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator
from pydantic.alias_generators import to_camel
from sqlalchemy import (
    ARRAY,
    BigInteger,
    Integer,
    Select,
    SmallInteger,
    any_,
    bindparam,
    func,
    literal_column,
    or_,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from api.envelope import CamelModel
from api.schemas.types import INT64_MAX, INT64_MIN, harden
from domain.errors import DomainError, Invalid
from domain.selects import AnySelect, SelectT

MAX_PAGE_SIZE = 500
MAX_PAGE = 10_000_000  # page * pageSize stays an OFFSET PostgreSQL takes
MAX_SORT = 64  # `-` and a field name, or `field,desc`
COUNT_CAP = 10_000


@dataclass(frozen=True)
class Op:
    kind: Literal["eq", "like", "in", "range", "prefix", "any", "where"] = "eq"
    columns: tuple[str, ...] = ()  # defaults to the field's own name; several for a "keyword" search
    clause: Callable[[Any], Any] | None = None  # kind "where": the condition built from the value
    # kind "where": the named parameters the clause binds, given at each call (a bound computed from the clock)
    binds: Callable[[Any], dict[str, Any]] | None = None
    exact_case: bool = False  # LIKE, not ILIKE: values whose case never differs (digits) use a btree pattern index


def Like(*columns: str) -> Op:
    return Op("like", columns)


def Prefix(*columns: str, exact_case: bool = False) -> Op:
    return Op("prefix", columns, exact_case=exact_case)


def In(column: str | None = None) -> Op:
    return Op("in", (column,) if column else ())


def Range(column: str | None = None) -> Op:
    return Op("range", (column,) if column else ())


def Eq(column: str | None = None) -> Op:
    return Op("eq", (column,) if column else ())


def Where(clause: Callable[[Any], Any], binds: Callable[[Any], dict[str, Any]] | None = None) -> Op:
    """A filter that is not one column compared with its value: `Where(lambda v: Log.at >= v)`. With `binds`, the
    clause binds named parameters (`bindparam(name, value)`) whose values `binds(v)` gives at each call: a statement
    rendered once then runs with today's bounds of a date preset (the shape is which parameters are bound)."""
    return Op("where", clause=clause, binds=binds)


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or (
        isinstance(value, list | tuple | dict) and not value)


class SearchParams(CamelModel):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    page_size: int = Field(default=20, ge=1, le=MAX_PAGE_SIZE)
    sort: str | None = Field(default=None, max_length=MAX_SORT,
                             description="`field` ascending or `-field` descending")

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Every search's filters are held to their type's range and to one line, whoever declares them; an
        integer within 64 bits until its column is known (the kit narrows it: `narrow_filters`)."""
        super().__pydantic_init_subclass__(**kwargs)
        harden(cls, single_line=True, integers=(INT64_MIN, INT64_MAX))

    @model_validator(mode="before")
    @classmethod
    def _strip_empty(cls, data: Any) -> Any:
        """SPEC §5: empty or null fields are stripped before anything reads them."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not is_empty(v)}
        return data

    def filters(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump(exclude={"page", "page_size", "sort"}).items()
                if not is_empty(v)}


def _column(model: type, name: str) -> InstrumentedAttribute[Any]:
    column = getattr(model, name, None)
    if column is None:
        raise LookupError(f"{model.__name__} has no column {name}")
    return column


def filter_ops(params: SearchParams) -> Iterator[tuple[str, Any, Op]]:
    """The filters a search sets: (field name, value, comparison)."""
    for name, value in params.filters().items():
        info = type(params).model_fields[name]
        yield name, value, next((m for m in info.metadata if isinstance(m, Op)), Op())


def bound_name(name: str, part: str = "") -> str:
    """The parameter a filter's value is bound to in the SQL, e.g. `f_status` or `f_created_at_from`."""
    return f"f_{name}{part}"


@lru_cache(maxsize=1024)
def int_bound(model: type, column: str) -> int | None:
    """2**31 for an `integer` column, 2**15 for a `smallint`: a filter value beyond is refused by PostgreSQL (the
    request guard keeps every integer within 64 bits already)."""
    kind = getattr(_column(model, column), "type", None)
    if isinstance(kind, BigInteger) or not isinstance(kind, Integer):
        return None
    return 2**15 if isinstance(kind, SmallInteger) else 2**31


def check_int_ranges(model: type, params: SearchParams) -> None:
    """A filter value its column cannot hold (a shop count of 2**40) is the caller's 422 naming the filter, before
    the database refuses the statement."""
    for name, value, op in filter_ops(params):
        if op.kind in ("like", "prefix", "where"):
            continue
        numbers = [v for v in (value if isinstance(value, list | tuple) else [value])
                   if isinstance(v, int) and not isinstance(v, bool)]
        for column in op.columns or (name,):
            bound = int_bound(model, column) if numbers else None
            if bound is not None and any(not -bound <= v < bound for v in numbers):
                info = type(params).model_fields[name]
                raise Invalid(field=info.alias or name, rule="between", ge=-bound, le=bound - 1)


def filter_values(params: SearchParams) -> dict[str, Any]:
    """Every value the filters bind, by parameter name: what `apply_filters` puts in the statement, so a
    statement rendered once for the same shape (see `filter_shape`) can run with another search's values."""
    values: dict[str, Any] = {}
    for name, value, op in filter_ops(params):
        if op.kind == "like":
            values[bound_name(name)] = f"%{escape_like(str(value).strip())}%"
        elif op.kind == "prefix":
            values[bound_name(name)] = f"{escape_like(str(value).strip())}%"
        elif op.kind == "in" or (op.kind == "eq" and isinstance(value, list)):
            listed = [v.value if isinstance(v, Enum) else v for v in value]
            values[bound_name(name)] = listed[0] if one_of_one(value) else listed
        elif op.kind == "range":
            low, high = [*list(value), None, None][:2]
            values.update({bound_name(name, part): v for part, v in (("_from", low), ("_to", high)) if v is not None})
        elif op.kind == "where" and op.binds is not None:
            values.update(op.binds(value))
        elif op.kind != "where":
            values[bound_name(name)] = value.value if isinstance(value, Enum) else value
    return values


def filter_shape(params: SearchParams) -> tuple[Any, ...]:
    """What decides the SQL of a search's filters, apart from the bound values: which filters are set, which
    ends of a range, and the whole value of a `Where` filter (its clause may be shaped by it)."""
    shape: list[Any] = []
    for name, value, op in filter_ops(params):
        if op.kind == "where" and op.binds is not None:
            shape.append((name, tuple(sorted(op.binds(value)))))
        elif op.kind == "where":
            shape.append((name, hashable(value)))
        elif op.kind == "range":
            shape.append((name, *(v is not None for v in [*list(value), None, None][:2])))
        else:
            shape.append((name, isinstance(value, list), one_of_one(value)))
    return tuple(shape)


def one_of_one(value: Any) -> bool:
    """A list of one value is compared with `=`, not `= ANY(...)`: only then can PostgreSQL follow an index on
    (..., that column, the sort column) in order, e.g. one warehouse's records of one movement type newest first."""
    return isinstance(value, list) and len(value) == 1


def hashable(value: Any) -> Any:
    """A value as part of a statement's shape (a dict key): lists, dicts and models as tuples."""
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, dict):
        return tuple(sorted((k, hashable(v)) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        return tuple(hashable(v) for v in value)
    return value


def apply_filters(query: SelectT, model: type, params: SearchParams) -> SelectT:
    check_int_ranges(model, params)
    values = filter_values(params)

    def bound(name: str, part: str = "", **kw: Any) -> Any:
        return bindparam(bound_name(name, part), values[bound_name(name, part)], **kw)

    for name, value, op in filter_ops(params):
        if op.kind == "where" and op.clause is not None:
            query = query.where(op.clause(value))
            continue
        columns = [_column(model, c) for c in (op.columns or (name,))]
        if op.kind in ("like", "prefix"):
            pattern = bound(name)
            query = query.where(or_(*((c.like if op.exact_case else c.ilike)(pattern, escape="\\") for c in columns)))
        elif one_of_one(value) and op.kind in ("in", "eq"):
            query = query.where(columns[0] == bound(name))
        elif op.kind == "in" or (op.kind == "eq" and isinstance(value, list)):
            # = ANY(array) is what PostgreSQL makes of IN (...); one parameter whatever the list's length
            query = query.where(columns[0] == any_(bound(name, type_=ARRAY(columns[0].type))))
        elif op.kind == "range":
            if bound_name(name, "_from") in values:
                query = query.where(columns[0] >= bound(name, "_from"))
            if bound_name(name, "_to") in values:
                query = query.where(columns[0] <= bound(name, "_to"))
        else:
            query = query.where(columns[0] == bound(name))
    return query


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@lru_cache(maxsize=256)
def sort_names(sortable: frozenset[str]) -> dict[str, str]:
    """Every name a client may sort by (the column's snake_case and the wire's camelCase) -> the column."""
    return {**{to_camel(f): f for f in sortable}, **{f: f for f in sortable}}


def apply_sort(query: SelectT, model: type, sort: str | None, sortable: set[str],
               default: str) -> SelectT:
    """The name is looked up in the allow-list as sent: nothing is computed from a client's string first."""
    spec = sort or default
    descending = spec.startswith("-")
    name = spec.lstrip("-+")
    if "," in name:  # also accept "field,desc"
        name, _, direction = name.partition(",")
        descending = direction.strip().lower() == "desc"
    field = sort_names(frozenset(sortable)).get(name.strip())
    if field is None:
        raise DomainError("SORT_FIELD", field=name[:64])
    column = _column(model, field)
    tiebreak = _column(model, "id")
    order = column.desc() if descending else column.asc()
    if field == "id":
        return query.order_by(order)
    return query.order_by(order, tiebreak.desc() if descending else tiebreak.asc())


def count_query(query: Select[Any]) -> Select[Any]:
    return query.order_by(None).with_only_columns(func.count(), maintain_column_froms=True)


def capped_count(matches: Select[Any]) -> Select[Any]:
    """Counting a million matches costs more than the page itself: the matches are counted up to COUNT_CAP + 1,
    and past COUNT_CAP the list says "10,000+" (`totalCapped`)."""
    rows: Select[Any] = matches.order_by(None).with_only_columns(literal_column("1"), maintain_column_froms=True)
    return select(func.count()).select_from(rows.limit(COUNT_CAP + 1).subquery())


def page_reply(items: list[Any], counted: int, params: SearchParams) -> dict[str, Any]:
    return {"items": items, "total": min(counted, COUNT_CAP), "totalCapped": counted > COUNT_CAP,
            "page": params.page, "pageSize": params.page_size}


async def page_of(db: AsyncSession, query: AnySelect, params: SearchParams, item: Callable[[Any], Any], *,
                  whole_rows: bool = False) -> dict[str, Any]:
    """A search's page as the API answers it: the page's rows, each shown by `item` (which may be a coroutine
    function), and the capped total. `whole_rows`: `item` gets each row with all its columns, not the first."""
    rows, counted = await page_rows(db, query, params, whole_rows=whole_rows)
    items = [item(row) for row in rows]
    return page_reply([await shown if inspect.isawaitable(shown) else shown for shown in items], counted, params)


async def page_rows(db: AsyncSession, query: AnySelect, params: SearchParams, *,
                    whole_rows: bool = False) -> tuple[Sequence[Any], int]:
    """The page's rows and the capped count of all matches, for a route that shows its rows together (one
    query for the names of every row's people) and answers with `page_reply`."""
    counted = await db.scalar(capped_count(query)) or 0
    paged = query.limit(params.page_size).offset((params.page - 1) * params.page_size)
    rows = (await db.execute(paged)).all() if whole_rows else (await db.scalars(paged)).all()
    return rows, counted


PICK_LIMIT = 20  # a picker shows the first matches of what is typed; more typing narrows them


def picked(query: Select[Any], columns: Sequence[Any], text: str | None, limit: int = PICK_LIMIT) -> Select[Any]:
    """A picker's server-side search: the rows where any of `columns` contains `text` (case-insensitive, the
    user's % and _ taken literally), the first `limit` of them; no text, the first `limit` rows."""
    if text and text.strip():
        pattern = f"%{escape_like(text.strip())}%"
        query = query.where(or_(*(column.ilike(pattern, escape="\\") for column in columns)))
    return query.limit(limit)


def picked_or_named(query: Select[Any], columns: Sequence[Any], text: str | None, id_column: Any,
                    ids: Sequence[int] | None) -> Select[Any]:
    """A picker's search, or, given `ids`, the rows it holds already (a value read from the address) to name them."""
    if ids:
        return query.where(id_column.in_(ids)).limit(PICK_LIMIT)
    return picked(query, columns, text)
