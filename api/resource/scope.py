"""Data authority in SQL: the `scope=` hook of the resource kit, and of any hand-written list query.

    couriers = Resource(..., scope=scoped(country=Courier.country))
    leads = Resource(..., scope=scoped(country=Lead.country, team=Lead.team, owner=Lead.sales_id))

A module names the columns it has; a dimension it has no column for is not restricted by it.
The rules of how grants add up are in domain/rules/data_authority.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import ColumnElement, Select, false, or_, select

from api.deps import Principal
from domain.models.departments import Department
from domain.models.users import User

Column = Any  # a mapped attribute or column expression


def department_tree(root_id: int) -> Select[Any]:
    """The ids of a department and every department below it (recursive CTE, evaluated in the query)."""
    tree_cte = select(Department.id).where(Department.id == root_id).cte("department_tree", recursive=True)
    tree_cte = tree_cte.union_all(select(Department.id).where(Department.parent_id == tree_cte.c.id))
    return select(tree_cte.c.id)


def conditions(user: Principal, *, country: Column = None, team: Column = None, owner: Column = None,
               department: Column = None) -> list[ColumnElement[bool]]:
    """The WHERE conditions that keep only the rows the user's data authority allows."""
    scope = user.scope
    if user.is_super or scope.unrestricted:
        return []
    out: list[ColumnElement[bool]] = []
    if scope.countries is not None and country is not None:
        out.append(country.in_(sorted(scope.countries)))
    if scope.teams is not None and team is not None:
        out.append(team.in_(sorted(scope.teams)))
    if scope.owner_restricted and (owner is not None or department is not None):
        mine: list[ColumnElement[bool]] = []
        if owner is not None:
            mine.append(owner == user.id)
        if scope.department and user.department_id is not None:
            tree = department_tree(user.department_id)
            if department is not None:
                mine.append(department.in_(tree))
            else:
                mine.append(owner.in_(select(User.id).where(User.department_id.in_(tree))))
        out.append(or_(*mine) if mine else false())
    return out


def scoped(*, country: Column = None, team: Column = None, owner: Column = None,
           department: Column = None) -> Callable[[Select[Any], Principal], Select[Any]]:
    """A resource kit `scope=` hook over the module's own country, team, owner and department columns."""

    def apply(query: Select[Any], user: Principal) -> Select[Any]:
        found = conditions(user, country=country, team=team, owner=owner, department=department)
        return query.where(*found) if found else query

    return apply
