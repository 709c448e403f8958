"""Searches of the logs staff read over a time range (the operation log, tracked events): at most 92 days
(SPEC §5), within the caller's data scope, filtered and sorted as the resource kit does."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, select

from api.deps import Principal
from api.resource.query import SearchParams, apply_filters, apply_sort
from api.resource.scope import DataScope
from domain.errors import Invalid
from domain.rules.audit import range_problem


def log_query(scope: DataScope, model: Any, params: SearchParams, user: Principal, sortable: set[str], *,
              start: datetime, end: datetime) -> Select[Any]:
    """The search's rows from `start` to `end` (its own filters); a range the rule refuses is named on endTime."""
    problem = range_problem(start, end)
    if problem:
        raise Invalid("endTime", problem)
    query = apply_filters(scope(select(model), user), model, params)
    return apply_sort(query, model, params.sort, sortable, "-id")
