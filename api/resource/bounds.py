"""Integers a column cannot hold are refused by the request's own model (docs/decisions/input-rules.md).

The request guard keeps every integer within 64 bits; an `integer` or `smallint` column holds less, and a value
beyond it used to reach PostgreSQL and come back as a 422 `DATA_REFUSED` naming no field. The kit gives each
create and update field that is a column of its model the column's range, read from the SQLAlchemy type, so
pydantic refuses the value (422 `ge`/`le`, naming the field) and the OpenAPI document shows the range. A field
that declares a tighter range keeps it.
"""

from __future__ import annotations

from types import NoneType, UnionType
from typing import Annotated, Any, Union, cast, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel
from sqlalchemy import BigInteger, Integer, SmallInteger

from api.schemas.types import RowId as RowId  # a reference to a row of an `integer` key, in a hand-written body
from api.schemas.types import inner_type, with_items


def column_range(model: type, name: str) -> tuple[int, int] | None:
    """(lowest, highest) an integer column holds (`bigint`, `integer` or `smallint`); None for any other column."""
    # the model is a mapped class, typed as any class here
    column = model.__table__.columns.get(name)  # type: ignore[attr-defined]
    kind = getattr(column, "type", None)
    if not isinstance(kind, Integer):
        return None
    bound = 2**63 if isinstance(kind, BigInteger) else 2**15 if isinstance(kind, SmallInteger) else 2**31
    return -bound, bound - 1


def int_constraints(annotation: Any) -> list[Any] | None:
    """The constraints inside `int`, `Annotated[int, ...]` or either `| None`; None for any other type (an
    enumeration or a bool is a column of its own kind, not a number)."""
    if annotation is int:
        return []
    if get_origin(annotation) is Annotated:
        inner, *extra = get_args(annotation)
        found = int_constraints(inner)
        return None if found is None else [*found, *(m for e in extra for m in getattr(e, "metadata", [e]))]
    if get_origin(annotation) in (Union, UnionType):
        parts = [a for a in get_args(annotation) if a is not NoneType]
        return int_constraints(parts[0]) if len(parts) == 1 else None
    return None


def with_range(metadata: list[Any], inner: list[Any], low: int, high: int) -> list[Any]:
    """The field's constraints plus the column's range on each side the field (or its type) leaves looser."""
    both = [*metadata, *inner]
    # an integer column's bounds: annotated_types types them as any comparable
    floor = [cast(int, m.ge) for m in both if isinstance(m, Ge)]
    floor += [cast(int, m.gt) + 1 for m in both if isinstance(m, Gt)]
    ceiling = [cast(int, m.le) for m in both if isinstance(m, Le)]
    ceiling += [cast(int, m.lt) - 1 for m in both if isinstance(m, Lt)]
    added: list[Ge | Le] = [] if floor and max(floor) >= low else [Ge(low)]
    added += [] if ceiling and min(ceiling) <= high else [Le(high)]
    # a looser bound the field states itself would win over the column's (the last of a kind applies): drop it
    replaced = tuple({Ge: (Ge, Gt), Le: (Le, Lt)}[type(m)] for m in added)
    kept = [m for m in metadata if not any(isinstance(m, kinds) for kinds in replaced)]
    return [*added, *kept]  # before any validator function, so they shape the JSON schema too


BOUNDED: list[tuple[type, type[BaseModel]]] = []  # (model, schema) given ranges, for the walk that checks them


def bound_integers(model: type, *schemas: type[BaseModel]) -> None:
    """Give every integer field of the schemas that is a column of `model` the column's range (in place). The kit
    calls it for each resource; a hand-written route's schema of a model's columns calls it beside the schema."""
    for schema in schemas:
        BOUNDED.append((model, schema))
        bounded = False
        for name, info in schema.model_fields.items():
            inner = int_constraints(info.annotation)
            found = column_range(model, name) if inner is not None else None
            if found is not None:
                info.metadata[:] = with_range(info.metadata, inner or [], *found)
                bounded = True
        if bounded:  # the validator and the JSON schema are built from the fields: build them again
            schema.model_rebuild(force=True)


def narrow_filters(model: type, filters: type[BaseModel]) -> None:
    """Give each integer filter compared with a column of `model` (its own name, or the column its `Op` names) the
    column's range, on a value and on each item of a list or range (in place). A filter with its own clause keeps
    the 64 bits every search's integers get."""
    from api.resource.query import Op  # the kit's search module imports this one

    for name, info in filters.model_fields.items():
        op = next((m for m in info.metadata if isinstance(m, Op)), Op())
        found = None if op.kind in ("like", "prefix", "where") else column_range(model, (op.columns or (name,))[0])
        if found is not None and inner_type(info.annotation)[0] is int:
            info.annotation = with_items(info.annotation, [Ge(found[0]), Le(found[1])], last=True)
    filters.model_rebuild(force=True)
