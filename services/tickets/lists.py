"""The names of the managed ticket lists (categories, applications) in the reader's language. A ticket holds
an entry's code; whatever shows it to a person (options, the dashboard, the export) names it through here."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.i18n import current_language

NAME_COLUMN = {"zh-CN": "name_zh", "id": "name_id"}  # else name_en


def local_name(model: Any) -> ColumnElement[str]:
    """An entry's name in the current language; the English one where that name is empty."""
    column = NAME_COLUMN.get(current_language.get())
    if column is None:
        english: ColumnElement[str] = model.name_en
        return english
    return func.coalesce(func.nullif(getattr(model, column), ""), model.name_en)


def name_for(model: Any, code: Any) -> ColumnElement[str]:
    """In a query of tickets: the entry named by `code`, or the code itself when the list has no such entry."""
    return func.coalesce(select(local_name(model)).where(model.code == code).scalar_subquery(), code)


async def names_of(db: AsyncSession, model: Any) -> dict[str, str]:
    """Every entry's name by its code."""
    return {code: name for code, name in (await db.execute(select(model.code, local_name(model)))).all()}
