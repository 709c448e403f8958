"""Search payloads: `{page, pageSize, sort, ...filters}` with empty and null filters ignored.

A filter field is matched on the model column of the same (snake_case) name; an `Op` in its
`Annotated` metadata picks the comparison. Ranges are two-element lists `[from, to]`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, model_validator
from sqlalchemy import Select, func, or_
from sqlalchemy.orm import InstrumentedAttribute

from api.envelope import CamelModel
from domain.errors import DomainError

MAX_PAGE_SIZE = 500


@dataclass(frozen=True)
class Op:
    kind: Literal["eq", "like", "in", "range", "prefix", "any", "where"] = "eq"
    columns: tuple[str, ...] = ()  # defaults to the field's own name; several for a "keyword" search
    clause: Callable[[Any], Any] | None = None  # kind "where": the condition built from the value


def Like(*columns: str) -> Op:
    return Op("like", columns)


def Prefix(*columns: str) -> Op:
    return Op("prefix", columns)


def In(column: str | None = None) -> Op:
    return Op("in", (column,) if column else ())


def Range(column: str | None = None) -> Op:
    return Op("range", (column,) if column else ())


def Eq(column: str | None = None) -> Op:
    return Op("eq", (column,) if column else ())


def Where(clause: Callable[[Any], Any]) -> Op:
    """A filter that is not one column compared with its value: `Where(lambda v: Log.at >= v)`."""
    return Op("where", clause=clause)


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or (
        isinstance(value, list | tuple | dict) and not value)


class SearchParams(CamelModel):
    page: int = Field(default=1, ge=1)
    page_size: int = Field(default=20, ge=1, le=MAX_PAGE_SIZE)
    sort: str | None = Field(default=None, description="`field` ascending or `-field` descending")

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


def apply_filters(query: Select[Any], model: type, params: SearchParams) -> Select[Any]:
    for name, value in params.filters().items():
        info = type(params).model_fields[name]
        op = next((m for m in info.metadata if isinstance(m, Op)), Op())
        if op.kind == "where" and op.clause is not None:
            query = query.where(op.clause(value))
            continue
        columns = [_column(model, c) for c in (op.columns or (name,))]
        if op.kind == "like":
            pattern = f"%{escape_like(str(value).strip())}%"
            query = query.where(or_(*(c.ilike(pattern, escape="\\") for c in columns)))
        elif op.kind == "prefix":
            pattern = f"{escape_like(str(value).strip())}%"
            query = query.where(or_(*(c.ilike(pattern, escape="\\") for c in columns)))
        elif op.kind == "in" or (op.kind == "eq" and isinstance(value, list)):
            query = query.where(columns[0].in_(value))
        elif op.kind == "range":
            low, high = [*list(value), None, None][:2]
            if low is not None:
                query = query.where(columns[0] >= low)
            if high is not None:
                query = query.where(columns[0] <= high)
        else:
            query = query.where(columns[0] == value)
    return query


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def apply_sort(query: Select[Any], model: type, sort: str | None, sortable: set[str],
               default: str) -> Select[Any]:
    from pydantic.alias_generators import to_snake

    spec = sort or default
    descending = spec.startswith("-")
    name = spec.lstrip("-+")
    if "," in name:  # also accept "field,desc"
        name, _, direction = name.partition(",")
        descending = direction.strip().lower() == "desc"
    field = to_snake(name.strip())
    if field not in sortable:
        raise DomainError("SORT_FIELD", field=name)
    column = _column(model, field)
    tiebreak = _column(model, "id")
    order = column.desc() if descending else column.asc()
    return query.order_by(order, tiebreak.desc() if descending else tiebreak.asc())


def count_query(query: Select[Any]) -> Select[Any]:
    return query.order_by(None).with_only_columns(func.count(), maintain_column_froms=True)
