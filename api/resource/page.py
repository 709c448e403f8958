"""A kit list's page as one statement of labelled columns, rendered once per shape (docs/decisions/lean-reads.md).

The list shows the public schema's fields. Where each is a column of the model or a computed expression of the
resource (a person's name, a count), the page is read as plain rows: the fields as labelled columns and the
capped total in the same statement, one round trip, no ORM objects. A list whose schema reads relationships
(a user's roles) reads ORM objects instead (`page_of`), with the same capped total.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    PlainSerializer,
    PlainValidator,
    TypeAdapter,
    WrapSerializer,
    WrapValidator,
)
from sqlalchemy import Select, bindparam, select

from api.deps import Principal
from api.resource.query import (
    SearchParams,
    apply_filters,
    apply_sort,
    capped_count,
    check_int_ranges,
    filter_shape,
    filter_values,
    page_reply,
)
from api.resource.statements import Statements
from domain.db import Executor

if TYPE_CHECKING:
    from api.resource import Resource

def matches(res: Resource[Any], params: SearchParams, user: Principal, me: Any = None) -> Select[Any]:
    """The ids of the rows a resource's search finds within the user's data authority, in no order."""
    query = select(res.model.id)
    if res.soft_delete:
        column, deleted = res.soft_delete
        query = query.where(getattr(res.model, column) != deleted)
    return apply_filters(query.where(*res.scope.conditions(user, me)), res.model, params)


@dataclass(frozen=True)
class Tallies:
    """What a plain list's search reply carries beside its page: `page`, the reply's schema (a `Page` with the
    fields `read` adds), and `read`, figures for the same filters read on the search's connection (an order list's
    tab counts, from maintained counts: never a count over the listed table)."""

    page: type[BaseModel]
    read: Callable[[Executor, Any, Principal], Awaitable[dict[str, Any]]]
    # The page's total from what `read` gave, when those figures hold it exactly for the search's filters (an
    # order list's "all" or chosen tab); None: the page counts its matches itself, up to the cap
    total: Callable[[dict[str, Any], Any], int | None] | None = None

    async def figures(self, db: Executor, params: Any, user: Principal) -> tuple[dict[str, Any], int | None]:
        """What the reply carries beside the page, and the page's total when they give it."""
        found = await self.read(db, params, user)
        return found, self.total(found, params) if self.total is not None else None


class PlainPage:
    """A resource's search page read as plain rows; `of` says whether the resource's list can be read so."""

    def __init__(self, resource: Resource[Any], columns: dict[str, Any]) -> None:
        self.resource = resource
        self.columns = columns  # public field -> the column or expression it shows
        # resource.public is the resource's reply class, a value used as a type
        self.items = TypeAdapter(list[resource.public])  # type: ignore[name-defined]
        # A schema of plain values shows a row as it is: orjson writes it as pydantic would, at a tenth of the cost
        self.aliases = [info.alias or f for f, info in resource.public.model_fields.items()] if as_is(
            resource.public) else None
        self.pages, self.totals = Statements(), Statements()

    @classmethod
    def of(cls, resource: Resource[Any]) -> PlainPage | None:
        if resource.relations:
            return None
        computed = resource.computed_columns()
        plain = resource.columns() - set(computed)
        fields = list(resource.public.model_fields)
        if not set(fields) <= plain | set(computed):  # a field the row does not hold (a relationship, a property)
            return None
        model = resource.model
        return cls(resource, {f: computed[f] if f in computed else getattr(model, f) for f in fields})

    def matches(self, params: SearchParams, user: Principal, me: Any) -> Select[Any]:
        return matches(self.resource, params, user, me)

    def statement(self, params: SearchParams, user: Principal, counted: bool = True) -> Select[Any]:
        """The page's rows, with the capped total of the matches in each unless `counted` is False (the total
        known already: the list's tallies give it)."""
        res = self.resource
        matches = self.matches(params, user, bindparam("p_me", user.id))
        total = [capped_count(matches).scalar_subquery().label("total_counted")] if counted else []
        rows: Select[Any] = select(*(c.label(f) for f, c in self.columns.items()), *total).select_from(res.model)
        if matches.whereclause is not None:
            rows = rows.where(matches.whereclause)
        rows = apply_sort(rows, res.model, params.sort, res.sortable_fields(), res.default_sort)
        return rows.limit(bindparam("p_limit", params.page_size)).offset(bindparam("p_offset", 0))

    def count(self, params: SearchParams, user: Principal) -> Select[Any]:
        return capped_count(self.matches(params, user, bindparam("p_me", user.id)))

    def shape(self, params: SearchParams, user: Principal) -> Hashable:
        return filter_shape(params), params.sort, self.resource.scope.shape(user)

    async def read(self, db: Executor, params: SearchParams, user: Principal,
                   total: int | None = None) -> dict[str, Any]:
        """The page as the API answers it: the items in their wire form and the capped total, counted by the
        page's statement unless `total` gives it (exact, from the list's tallies)."""
        check_int_ranges(self.resource.model, params)  # the statement may come rendered: its filters are not built
        counting = total is None
        shape = (self.shape(params, user), counting)
        values = {**filter_values(params), "p_me": user.id, "p_limit": params.page_size,
                  "p_offset": (params.page - 1) * params.page_size}
        rows = await self.pages.rows(db, shape, lambda: self.statement(params, user, counting), values)
        if total is not None:
            counted = total
        elif rows:
            counted = rows[0].total_counted
        elif params.page == 1:
            counted = 0
        else:  # past the last page: the total alone
            counted = (await self.totals.rows(db, shape, lambda: self.count(params, user), values))[0][0]
        if self.aliases is not None:  # the fields first, in the schema's order; the total last if counted
            items = [dict(zip(self.aliases, row, strict=False)) for row in rows]
        else:
            items = self.items.dump_python(self.items.validate_python([row._asdict() for row in rows]), mode="json",
                                           by_alias=True)
        return page_reply(items, counted, params)


# date covers datetime; a StrEnum is a str, and the database gives its value; a Decimal is written as pydantic
# writes it (api/envelope.py as_pydantic_writes)
PLAIN = (str, int, bool, date, Decimal)


# What makes a field's JSON value other than its database value, beside its type
HOOKS = (AfterValidator, BeforeValidator, PlainValidator, WrapValidator, PlainSerializer, WrapSerializer)


def plain(annotation: Any) -> bool:
    """A type whose database value is its JSON value as pydantic writes it (optional and list of them too)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        inner, *extra = get_args(annotation)
        return plain(inner) and not any(isinstance(m, HOOKS) for m in extra)
    if origin in (Union, UnionType):
        return all(a is type(None) or plain(a) for a in get_args(annotation))
    if origin is list:
        return plain(get_args(annotation)[0])
    return origin is None and isinstance(annotation, type) and issubclass(annotation, PLAIN)


def as_is(schema: type[BaseModel]) -> bool:
    """No validator, serializer or computed field, and every field a plain type: the row can be shown as it is."""
    found = schema.__pydantic_decorators__
    hooks = (found.validators, found.field_validators, found.root_validators, found.field_serializers,
             found.model_serializers, found.model_validators, found.computed_fields)
    return not any(hooks) and all(plain(info.rebuild_annotation()) for info in schema.model_fields.values())
