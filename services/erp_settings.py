"""ERP settings (SPEC §2 ERP settings): the statements of their writes beyond one row (the default template moving
from one row to another)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from services.actors import Actor


async def take_default(db: AsyncSession, user: Actor, row: Any, entity: str, *same: Any) -> None:
    """A row made its merchant's default takes the mark from the one that held it (audited as that row's
    change): one default per merchant and kind (or channel), which a partial unique index also holds."""
    if not row.is_default:
        return
    model = type(row)
    others = [model.merchant_id == row.merchant_id, model.is_default.is_(True), *(c == v for c, v in same)]
    if row.id is not None:
        others.append(model.id != row.id)
    moved = (await db.scalars(update(model).where(*others).values(is_default=False).returning(model.id))).all()
    for other in moved:
        await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=entity,
                                  entity_id=other, action="update", before={"is_default": True},
                                  after={"is_default": False})
