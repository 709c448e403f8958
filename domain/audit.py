"""Field-level change records: what changed, from what to what, by whom, in which call."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from sqlalchemy import Column, inspect
from sqlalchemy.ext.asyncio import AsyncSession

from domain.context import transaction_id
from domain.db import Executor
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
    """The row's column values, secrets masked, ready for JSON (a query expression a list fills in, such as the
    merchant's email, is no column of the row)."""
    return snapshot_of({attr.key: getattr(row, attr.key) for attr in inspect(row).mapper.column_attrs
                        if isinstance(attr.columns[0], Column)})


def snapshot_of(values: Mapping[str, Any]) -> dict[str, Any]:
    """`snapshot` of column values as a statement returned them (a Core INSERT or UPDATE ... RETURNING)."""
    return {key: ("******" if key in SECRET_FIELDS else plain(value)) for key, value in values.items()
            if key not in ("created_at", "updated_at")}


def diff(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any]:
    before, after = before or {}, after or {}
    return {k: {"before": before.get(k), "after": after.get(k)}
            for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)}


def change_of(*, operator_id: int | None, operator_name: str | None, entity: str, entity_id: Any, action: str,
              before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any] | None:
    """The columns of one change's entry; None for an update that changed nothing."""
    changes = diff(before, after)
    if not changes and action == "update":
        return None
    return {"transaction_id": transaction_id.get(), "operator_id": operator_id, "operator_name": operator_name,
            "entity": entity, "entity_id": str(entity_id), "action": action, "changes": changes}


async def record_change(db: AsyncSession, *, operator_id: int | None, operator_name: str | None, entity: str,
                        entity_id: Any, action: str, before: dict[str, Any] | None,
                        after: dict[str, Any] | None) -> None:
    entry = change_of(operator_id=operator_id, operator_name=operator_name, entity=entity, entity_id=entity_id,
                      action=action, before=before, after=after)
    if entry is not None:
        db.add(EntityChange(**entry))


# Entries as columns of arrays: any number of them in one statement, without ORM objects.
INSERT_CHANGES = (
    "INSERT INTO entity_changes (transaction_id, operator_id, operator_name, entity, entity_id, action, changes) "
    "SELECT t, o, n, e, i, a, c::jsonb FROM unnest(%(transaction_id)s::text[], %(operator_id)s::integer[], "
    "%(operator_name)s::text[], %(entity)s::text[], %(entity_id)s::text[], %(action)s::text[], %(changes)s::text[]) "
    "AS entry(t, o, n, e, i, a, c)")


async def insert_changes(db: Executor, entries: list[dict[str, Any] | None]) -> None:
    """`change_of`'s entries (None skipped) in one INSERT on a psycopg connection, in their order."""
    kept = [entry for entry in entries if entry is not None]
    if kept:
        await db.execute(INSERT_CHANGES, {key: [json.dumps(e[key]) if key == "changes" else e[key] for e in kept]
                                          for key in kept[0]})
