"""The unique values a write would take from another row, all named at once.

A flush refuses the first unique violation PostgreSQL meets; a form that also breaks other rules (or two unique
ones, a warehouse's code and name) learns them all in one reply when the kit asks before it writes. The database's
constraints stay the guard of a race: this only names what is already taken.
"""

from __future__ import annotations

from typing import Any

from pydantic.alias_generators import to_snake
from sqlalchemy import Index, UniqueConstraint, and_, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import Problem


def unique_columns(model: Any, name: str) -> list[Any] | None:
    """The columns of the model's unique constraint or unique index `name`; None for a partial index (its
    condition decides, the flush names it) or an expression index."""
    table = model.__table__
    for item in (*table.constraints, *table.indexes):
        if item.name != name:
            continue
        if isinstance(item, Index) and (not item.unique or item.dialect_options["postgresql"].get("where") is not None):
            return None
        if isinstance(item, Index | UniqueConstraint):
            columns = list(item.columns)
            return columns if columns and len(columns) == len(getattr(item, "expressions", columns)) else None
    return None


async def taken(db: AsyncSession, model: Any, row: Any, unique: dict[str, str | tuple[str, str]],
                values: dict[str, Any]) -> list[Problem]:
    """A problem for each unique constraint another row already holds the row's values of; the rule is the
    refusal's own code (its message under `errors.`), or CONFLICT."""
    found = []
    for name, target in unique.items():
        columns = unique_columns(model, name)
        if not columns:
            continue
        held = [getattr(row, column.key, None) for column in columns]
        if any(value is None for value in held):
            continue  # NULLs are distinct
        same = and_(*(column == value for column, value in zip(columns, held, strict=True)))
        if row.id is not None:
            same = and_(same, model.id != row.id)
        if await db.scalar(select(exists().where(same))):
            field, code = target if isinstance(target, tuple) else (target, "CONFLICT")
            value = values.get(field, values.get(to_snake(field), ""))
            found.append(Problem(field, code, {"value": value}))
    return found
