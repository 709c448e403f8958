"""The ranges every value a client sends is held to, as field types (docs/decisions/input-rules.md).

A request field says what it holds by its type: an integer by the column it is written to or compared with
(`Int32` for an `integer`, `Int64` for a `bigint`), a time by `Moment`, a date by `Day`, one line of text by
`SingleLine`. pydantic refuses a value beyond (422 naming the field and the rule) before any code or SQL sees it,
and the OpenAPI document shows the range, so the schemathesis run tries its edges. `harden` gives the same to
the fields of a schema that declare none (every search's filters, the kit's written schemas); a walk of the
OpenAPI document (tests/integration/test_input_bounds.py) holds every request field to it.
"""

from __future__ import annotations

import operator
import re
from datetime import UTC, date, datetime
from functools import reduce
from types import NoneType, UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import AfterValidator, AwareDatetime, BaseModel, Field, NaiveDatetime, WithJsonSchema
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

# Dates a console record means: a notice, a freeze window, a timed mail or a filter beyond these is a slip of the
# keyboard, and year 1 or 9999 breaks whatever shifts it into a time zone (an export, a mail's next fire).
EARLIEST_DAY, LATEST_DAY = date(2000, 1, 1), date(2100, 12, 31)
EARLIEST, LATEST = datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 12, 31, 23, 59, 59, tzinfo=UTC)

# One line of text: no C0 or C1 control (a line break, a tab, an escape) and no bidirectional embedding, override
# or isolate, which make a name read otherwise than it is stored ("invoice\u202egnp.exe").
SINGLE_LINE = r"^[^\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$"
# Fields that name or identify something are one line whoever declares them: names, codes, SKUs, titles, keys...
NAMING = re.compile(r"(?i)(name|code|sku|identifier|title|email|phone|mobile|serial|number|key|no|tag|icon|path|url"
                    r"|link)$")


def day_range(low: date, high: date) -> dict[str, Any]:
    """ge/le for pydantic, and the same in the OpenAPI document (JSON Schema's formatMinimum/formatMaximum)."""
    return {"ge": low, "le": high, "json_schema_extra": {"formatMinimum": low.isoformat(),
                                                          "formatMaximum": high.isoformat()}}


Int32 = Annotated[int, Field(ge=INT32_MIN, le=INT32_MAX)]
Int64 = Annotated[int, Field(ge=INT64_MIN, le=INT64_MAX)]
# An id of a row whose key is an `integer` column (every table's but the ledgers')
RowId = Annotated[int, Field(ge=1, le=INT32_MAX)]
# An id of a row whose key is a `bigint` column (the ledgers', orders', sync runs'...)
BigRowId = Annotated[int, Field(ge=1, le=INT64_MAX)]
Day = Annotated[date, Field(**day_range(EARLIEST_DAY, LATEST_DAY))]
Moment = Annotated[AwareDatetime, Field(**day_range(EARLIEST, LATEST))]
# A filter's [from, to] instants, either end open (None)
Period = Annotated[list[AwareDatetime | None] | None, Field(max_length=2)]


def within_years(value: datetime) -> datetime:
    """A time with or without its zone, held to the years by its wall clock (a zone moves it by hours only)."""
    wall, low, high = (v.replace(tzinfo=None) for v in (value, EARLIEST, LATEST))
    if wall < low:
        raise PydanticCustomError("greater_than_equal", "Input should be greater than or equal to {ge}",
                                  {"ge": low.isoformat()})
    if wall > high:
        raise PydanticCustomError("less_than_equal", "Input should be less than or equal to {le}",
                                  {"le": high.isoformat()})
    return value


# an instant, or a wall time in a zone the body names (a timed mail's first send)
WallOrInstant = Annotated[AwareDatetime | NaiveDatetime, AfterValidator(within_years), WithJsonSchema({
    "type": "string", "format": "date-time", "formatMinimum": EARLIEST.replace(tzinfo=None).isoformat(),
    "formatMaximum": LATEST.replace(tzinfo=None).isoformat()})]
SingleLine = Annotated[str, Field(pattern=SINGLE_LINE)]


def inner_type(annotation: Any) -> tuple[Any, list[Any]]:
    """The scalar type inside `X`, `Annotated[X, ...]`, `X | None` or a list/tuple of X, and its constraints."""
    if get_origin(annotation) is Annotated:
        inner, *extra = get_args(annotation)
        found, constraints = inner_type(inner)
        return found, [*constraints, *(m for e in extra for m in getattr(e, "metadata", [e]))]
    if get_origin(annotation) in (Union, UnionType, list, tuple, set, frozenset):
        parts = {inner_type(a)[0] for a in get_args(annotation) if a not in (NoneType, Ellipsis)}
        return (parts.pop(), []) if len(parts) == 1 else (None, [])
    return annotation, []


def has(constraints: list[Any], *kinds: type) -> bool:
    return any(isinstance(c, kinds) for c in constraints)


def missing_bounds(info: FieldInfo, *, single_line: bool, integers: tuple[int, int]) -> list[Any]:
    """What `harden` adds to a field: the default range of its type on each side it leaves open."""
    kind, inner = inner_type(info.annotation)
    both = [*info.metadata, *inner]
    if kind is bool or kind is None:
        return []
    if kind is str and single_line and not any(getattr(c, "pattern", None) for c in both):
        return [Field(pattern=SINGLE_LINE)]
    if kind is int:
        low, high = integers
    elif kind in (date, datetime, AwareDatetime):
        # the dates' bounds where the integers' were (low, high: int)
        low, high = (EARLIEST_DAY, LATEST_DAY) if kind is date else (EARLIEST, LATEST)  # type: ignore[assignment]
        if not has(both, Ge, Gt, Le, Lt):
            # day_range's dict holds Field's ge, le and json_schema_extra, typed as Any values
            return [Field(**day_range(low, high))]  # type: ignore[arg-type]
    else:
        return []
    added = [] if has(both, Ge, Gt) else [Ge(low)]
    return added + ([] if has(both, Le, Lt) else [Le(high)])


def harden(*schemas: type[BaseModel], single_line: bool = False,
           integers: tuple[int, int] = (INT32_MIN, INT32_MAX)) -> None:
    """Give every field of the schemas that declares no range the default of its type (in place): an integer the
    `integer` range, a date or time years 2000 to 2100, and a text that names something (or with `single_line`
    every text) one line. A constraint is added to the field's own, so a list field (a range filter `[from, to]`)
    holds each of its items to it. The kit calls it for every search and written schema; a hand-written request
    schema calls it beside its declaration, before any route is built from it."""
    for schema in schemas:
        for name, info in schema.model_fields.items():
            added = missing_bounds(info, single_line=single_line or bool(NAMING.search(info.alias or name)),
                                   integers=integers)
            if added:
                info.annotation = with_items(info.annotation, added)
        # the validator and the JSON schema are built from the fields (and a holder's from its parts' at the time):
        # build them again, parts given before the schemas that hold them
        schema.model_rebuild(force=True)


def with_items(annotation: Any, constraints: list[Any], *, last: bool = False) -> Any:
    """The annotation with the constraints on its scalar: inside `| None` and inside a list or tuple's items. They
    come before the type's own validators (so they shape the JSON schema too), or with `last` after all (so they
    override a range given before)."""
    origin = get_origin(annotation)
    if origin in (Union, UnionType):
        return reduce(operator.or_, (a if a is NoneType else with_items(a, constraints, last=last)
                                     for a in get_args(annotation)))
    if origin in (list, set, frozenset):
        return origin[with_items(get_args(annotation)[0], constraints, last=last)]
    if origin is tuple:
        # a tuple type built at run time from its item types
        return tuple[tuple(a if a is Ellipsis else with_items(a, constraints, last=last)  # type: ignore[misc]
                           for a in get_args(annotation))]
    if origin is Annotated and not last:
        inner, *extra = get_args(annotation)
        return Annotated[inner, *constraints, *extra]
    return Annotated[annotation, *constraints]


def exact_integer_bounds(node: Any) -> None:
    """FastAPI's OpenAPI model holds `minimum`/`maximum` as floats, and 2**63 - 1 comes out as 2**63: the 64-bit
    ends are put back as the integers they are (in place), so a client or a fuzzer sees the true range."""
    if isinstance(node, list):
        for item in node:
            exact_integer_bounds(item)
    elif isinstance(node, dict):
        for key, end in (("maximum", INT64_MAX), ("minimum", INT64_MIN)):
            value = node.get(key)
            if isinstance(value, float) and abs(value) >= 2.0**63:
                node[key] = end
        for value in node.values():
            exact_integer_bounds(value)
