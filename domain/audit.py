"""Field-level change records: what changed, from what to what, by whom, in which call."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncSession

from domain.context import transaction_id
from domain.models.audit import EntityChange

SECRET_FIELDS = {"password", "password_hash", "secret_key", "token", "token_hash"}


def plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def snapshot(row: Any) -> dict[str, Any]:
    """The row's column values, secrets masked, ready for JSON."""
    return snapshot_of({attr.key: getattr(row, attr.key) for attr in inspect(row).mapper.column_attrs})


def snapshot_of(values: Mapping[str, Any]) -> dict[str, Any]:
    """`snapshot` of column values as a statement returned them (a Core INSERT or UPDATE ... RETURNING)."""
    return {key: ("******" if key in SECRET_FIELDS else plain(value)) for key, value in values.items()
            if key not in ("created_at", "updated_at")}


def diff(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any]:
    before, after = before or {}, after or {}
    return {k: {"before": before.get(k), "after": after.get(k)}
            for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)}


async def record_change(db: AsyncSession, *, operator_id: int | None, operator_name: str | None, entity: str,
                        entity_id: Any, action: str, before: dict[str, Any] | None,
                        after: dict[str, Any] | None) -> None:
    changes = diff(before, after)
    if not changes and action == "update":
        return
    db.add(EntityChange(transaction_id=transaction_id.get(), operator_id=operator_id,
                        operator_name=operator_name, entity=entity, entity_id=str(entity_id),
                        action=action, changes=changes))
