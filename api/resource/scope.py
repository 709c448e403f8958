"""Data authority in SQL: the one clause builder every list, detail, export and dashboard query takes.

    couriers = Resource(..., scope=scoped(country=Courier.country))
    leads = Resource(..., scope=scoped(country=Lead.country, team=Lead.team, owner=Lead.sales_id))
    roles = Resource(..., scope=unscoped("configuration: roles are not business records"))

A module names the columns it has; a dimension it has no column for is not restricted by it. A module with
no business rows says why with `unscoped`. The kit requires one or the other, and hand-written read routes
declare theirs with `openapi_extra=declares(scope)`: tests/integration/test_data_scope_routes.py refuses a list,
detail, export or dashboard route that does not, and walks every declared one with a scoped user. The rules
of how grants add up are in domain/rules/data_authority.py.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, bindparam, exists, false, or_, select
from sqlalchemy.dialects.postgresql.base import PGDialect
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.sql.visitors import iterate

from api.deps import Principal
from domain.models.departments import Department
from domain.models.users import User
from domain.selects import AnySelect, SelectT

Column = Any  # a mapped attribute or column expression
SCOPE_KEY = "x-data-scope"  # in a route's openapi_extra: the scope its queries take, or why it has none
NAMED = PGDialect(paramstyle="named")  # `:name` binds without casts, as `text()` reads them
WITHIN_KEPT = 256  # rendered conditions kept a process (`DataScope.within`)
_WITHIN: dict[Hashable, tuple[str, dict[str, Any]]] = {}


def bound_names(query: AnySelect) -> set[str]:
    """The names of the bind parameters a statement's author gave (their values come with the statement)."""
    return {node.key for node in iterate(query) if isinstance(node, BindParameter)}


def department_tree(root_id: int) -> Select[Any]:
    """The ids of a department and every department below it (recursive CTE, evaluated in the query)."""
    tree_cte = select(Department.id).where(Department.id == root_id).cte("department_tree", recursive=True)
    tree_cte = tree_cte.union_all(select(Department.id).where(Department.parent_id == tree_cte.c.id))
    return select(tree_cte.c.id)


@dataclass(frozen=True)
class DataScope:
    """The columns of one module's rows in each dimension of data authority.

    `owner` is one column or several (a ticket is its submitter's, its assignee's and its PIC's); `mine`
    adds rows a user owns otherwise (tickets they watch), given the user id. `reason` marks a module
    whose rows are not business data (menus, roles, calendars): no dimension restricts it."""

    name: str
    country: Column = None
    team: Column = None
    owner: Column | tuple[Column, ...] = None
    department: Column = None
    mine: Callable[[Any], ColumnElement[bool]] | None = None
    reason: str | None = None

    def owners(self) -> tuple[Column, ...]:
        if self.owner is None:
            return ()
        return self.owner if isinstance(self.owner, tuple) else (self.owner,)

    def conditions(self, user: Principal, me: Any = None) -> list[ColumnElement[bool]]:
        """The WHERE conditions that keep only the rows the user's data authority allows. `me` may be a
        bind parameter standing for the user's id, so a statement rendered once serves every user."""
        scope = user.scope
        if user.is_super or scope.unrestricted:
            return []
        me = user.id if me is None else me
        out: list[ColumnElement[bool]] = []
        if scope.countries is not None and self.country is not None:
            out.append(self.country.in_(sorted(scope.countries)))
        if scope.teams is not None and self.team is not None:
            out.append(self.team.in_(sorted(scope.teams)))
        owners = self.owners()
        if scope.owner_restricted and (owners or self.department is not None or self.mine is not None):
            mine: list[ColumnElement[bool]] = [column == me for column in owners]
            if self.mine is not None:
                mine.append(self.mine(me))
            if scope.department and user.department_id is not None:
                tree = department_tree(user.department_id)
                if self.department is not None:
                    mine.append(self.department.in_(tree))
                else:
                    colleagues = select(User.id).where(User.department_id.in_(tree))
                    mine.extend(column.in_(colleagues) for column in owners)
            out.append(or_(*mine) if mine else false())
        return out

    def shape(self, user: Principal) -> Hashable:
        """What of the user decides the SQL of `conditions` when the user id is bound as `me`."""
        if user.is_super or user.scope.unrestricted:
            return None
        return user.scope, user.department_id if user.scope.department else None

    def within(self, user: Principal, rows: AnySelect) -> tuple[str, dict[str, Any]] | None:
        """`EXISTS (rows narrowed to the user's authority)` as SQL with named binds (`:name`, for `text()`) and
        their values, for a hand-written statement to carry as a condition; None when nothing restricts the
        user. Rendered once per shape of `rows` and the user's scope, the user's id bound as `scope_me`; the
        binds of `rows` (made with a value, e.g. `bindparam("id", None)`) are the statement's own. `rows` is
        built once (a module constant): it is kept by identity."""
        shape = self.shape(user)
        if shape is None:
            return None
        key = (id(rows), shape)
        found = _WITHIN.get(key)
        if found is None:
            narrowed = rows.where(*self.conditions(user, bindparam("scope_me", None)))
            compiled = exists(narrowed).compile(dialect=NAMED, compile_kwargs={"render_postcompile": True})
            values = {k: v for k, v in compiled.params.items() if k not in bound_names(rows) and k != "scope_me"}
            found = _WITHIN[key] = (str(compiled), values)
            while len(_WITHIN) > WITHIN_KEPT:
                _WITHIN.pop(next(iter(_WITHIN)))
        return found[0], {**found[1], "scope_me": user.id}

    def __call__(self, query: SelectT, user: Principal) -> SelectT:
        found = self.conditions(user)
        return query.where(*found) if found else query


def scoped(*, name: str = "", country: Column = None, team: Column = None,
           owner: Column | tuple[Column, ...] = None, department: Column = None,
           mine: Callable[[Any], ColumnElement[bool]] | None = None) -> DataScope:
    """The scope of a module over its own country, team, owner and department columns."""
    return DataScope(name=name, country=country, team=team, owner=owner, department=department, mine=mine)


def unscoped(reason: str) -> DataScope:
    """A module whose rows no data authority restricts, and why (e.g. "configuration")."""
    return DataScope(name="", reason=reason)


def declares(scope: DataScope, **extra: Any) -> dict[str, Any]:
    """`openapi_extra` of a hand-written read route: the scope its queries take, in the OpenAPI document."""
    return {SCOPE_KEY: (scope.reason and f"none: {scope.reason}") or scope.name or "scoped", **extra}



# The organisation's set-up (menus, roles, departments, calendars, log mappings): everyone managing it sees all.
CONFIGURATION = unscoped("configuration, not business records")
# The caller's own things, read by their id (profile, menus, notifications, page history, column settings).
CALLERS_OWN = unscoped("the caller's own data")
# Values every screen uses (enum labels).
REFERENCE = unscoped("reference data")
# A file is read through the record it is attached to; that record's scope decides (api/file_access.py).
THROUGH_RECORDS = unscoped("readable through the record it is attached to")
