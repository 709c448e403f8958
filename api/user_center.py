"""Shared steps of the user-center modules: checking referenced ids, reading and replacing grants, and
recording membership and grant changes as field-level audit entries."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Table, delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api import audit
from api.deps import Principal
from domain.errors import Invalid
from domain.models.authorities import Authority


async def ensure_ids(db: AsyncSession, model: Any, ids: Iterable[int], field: str) -> list[int]:
    """The ids, distinct and in order, or a refusal naming the field when one does not exist."""
    wanted = list(dict.fromkeys(ids))
    if wanted:
        found = set((await db.scalars(select(model.id).where(model.id.in_(wanted)))).all())
        missing = [i for i in wanted if i not in found]
        if missing:
            raise Invalid(field, "not_found", ids=", ".join(map(str, missing)))
    return wanted


async def identifiers(db: AsyncSession, ids: Iterable[int]) -> list[str]:
    ids = list(ids)
    if not ids:
        return []
    return sorted((await db.scalars(select(Authority.identifier).where(Authority.id.in_(ids)))).all())


async def held(db: AsyncSession, link: Table, owner_column: str, owner_id: int, item_column: str) -> set[int]:
    owner, item = link.c[owner_column], link.c[item_column]
    return set((await db.scalars(select(item).where(owner == owner_id))).all())


async def replace_links(db: AsyncSession, link: Table, owner_column: str, owner_id: int, item_column: str,
                        wanted: Iterable[int]) -> tuple[set[int], set[int]]:
    """Make the owner's links exactly `wanted`; returns (before, after)."""
    before = await held(db, link, owner_column, owner_id, item_column)
    after = set(wanted)
    if before - after:
        await db.execute(delete(link).where(link.c[owner_column] == owner_id,
                                            link.c[item_column].in_(before - after)))
    await add_links(db, link, owner_column, owner_id, item_column, after - before)
    return before, after


async def add_links(db: AsyncSession, link: Table, owner_column: str, owner_id: int, item_column: str,
                    items: Iterable[int]) -> None:
    """Add links; ones that exist already are left as they are."""
    rows = [{owner_column: owner_id, item_column: i} for i in sorted(set(items))]
    if rows:
        await db.execute(insert(link).values(rows).on_conflict_do_nothing())


async def record_grants(db: AsyncSession, user: Principal, entity: str, entity_id: int, field: str,
                        before: list[str], after: list[str]) -> None:
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=entity,
                              entity_id=entity_id, action="update", before={field: before}, after={field: after})
