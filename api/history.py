"""An action history read from the audit trail (`entity_changes`): the entries a condition picks, newest first, a
page at a time with their total, each with its changes as the reader reads them (api/change_view.py). The
merchant's action history and the ERP settings pages' histories read it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.change_view import action_label, readable
from api.envelope import Page
from api.schemas.merchants import HistoryEntry
from domain.models.audit import EntityChange


def entity_ids(query: Any) -> Any:
    """The ids a query of rows selects, as the audit trail keeps them (text)."""
    return query.with_only_columns(func.cast(query.selected_columns[0], EntityChange.entity_id.type))


async def history_page(db: AsyncSession, where: Any, page: int, page_size: int,
                       schemas: Mapping[str, type[BaseModel]]) -> Page[HistoryEntry]:
    """`schemas`: the public schema each entity's fields are read through (their types: enumerations, dates)."""
    total = await db.scalar(select(func.count()).select_from(EntityChange).where(where)) or 0
    rows = (await db.scalars(select(EntityChange).where(where).order_by(EntityChange.at.desc(),
                                                                         EntityChange.id.desc())
                             .offset((page - 1) * page_size).limit(page_size))).all()
    items = [HistoryEntry(id=r.id, at=r.at, operator_name=r.operator_name, entity=r.entity, entity_id=r.entity_id,
                          action=r.action, action_label=action_label(r.action), changes=r.changes,
                          readable=readable(r.entity, r.changes, schemas.get(r.entity)),
                          transaction_id=r.transaction_id) for r in rows]
    return Page(items=items, total=total, page=page, page_size=page_size)
