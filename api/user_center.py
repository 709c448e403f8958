"""Shared steps of the user-center modules: checking referenced ids, reading and replacing grants, checking
that a grant gives nothing the granter does not hold (domain/rules/grants.py), and recording membership
and grant changes as field-level audit entries."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Table, delete, inspect, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource.scope import scoped
from domain import audit
from domain.enums import Status
from domain.errors import Invalid, NotFound
from domain.models.authorities import Authority
from domain.models.data_authority import DataScope
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_roles
from domain.rules import grants
from domain.rules.data_authority import EffectiveScope, merge

# The users a caller may see and change: the user list, its pickers, grants and the account-state calls.
USER_SCOPE = scoped(name="User", country=User.country, team=User.team, owner=User.id, department=User.department_id)


async def ensure_ids(db: AsyncSession, model: Any, ids: Iterable[int], field: str) -> list[int]:
    """The ids, distinct and in order, or a refusal naming the field when one does not exist."""
    wanted = list(dict.fromkeys(ids))
    if wanted:
        found = set((await db.scalars(select(model.id).where(model.id.in_(wanted)))).all())
        missing = [i for i in wanted if i not in found]
        if missing:
            raise Invalid(field, "not_found", ids=", ".join(map(str, missing)))
    return wanted


async def ensure_people(db: AsyncSession, actor: Principal, people: dict[str, int | None], *,
                        enabled: bool = False) -> dict[str, User]:
    """The users a caller puts on a record (a ticket's assignee, PIC or RD), by field: each must exist (and be
    enabled when asked) and lie within the caller's data authority, the same people the user pickers offer.
    A refusal names the field; a field left None is skipped."""
    found: dict[str, User] = {}
    for field, person_id in people.items():
        if person_id is None:
            continue
        query = select(User).where(User.id == person_id)
        person = await db.scalar(query.where(User.status == Status.ENABLED) if enabled else query)
        if person is None:
            raise Invalid(field, "not_found", ids=str(person_id))
        if USER_SCOPE.conditions(actor) and await db.scalar(USER_SCOPE(select(User.id).where(User.id == person_id),
                                                                        actor)) is None:
            raise Invalid(field, "out_of_scope")
        found[field] = person
    return found


async def refuse_cycle(db: AsyncSession, model: Any, row: Any, rule: str) -> None:
    """A tree's row (a department, a menu) may not move below itself: walking up from its new parent must not
    meet it. The refusal names parentId with `rule`."""
    parents: dict[int, int | None] = dict((await db.execute(select(model.id, model.parent_id))).all())
    seen, current = set(), row.parent_id
    while current is not None and current not in seen:
        if current == row.id:
            raise Invalid("parentId", rule)
        seen.add(current)
        current = parents.get(current)


async def ensure_users(db: AsyncSession, user: Principal, ids: Iterable[int], field: str) -> list[int]:
    """As ensure_ids for users: one outside the caller's data authority is named as not found."""
    wanted = list(dict.fromkeys(ids))
    if wanted:
        found = set((await db.scalars(USER_SCOPE(select(User.id).where(User.id.in_(wanted)), user))).all())
        missing = [i for i in wanted if i not in found]
        if missing:
            raise Invalid(field, "not_found", ids=", ".join(map(str, missing)))
    return wanted


async def ensure_person_put(db: AsyncSession, actor: Principal, row: Any, attribute: str, field: str) -> None:
    """A person a write puts on a record (a merchant's sales person, a task's person in charge) is one the caller's
    data authority reaches, as the user pickers offer; one outside it is not found, since the record's reply would
    show their name. Only a value set or changed by this write is checked: a record keeps whom it had."""
    state = inspect(row).attrs[attribute]
    if state.value is not None and state.history.has_changes():
        await ensure_users(db, actor, [state.value], field)


async def user_in_scope(db: AsyncSession, user: Principal, user_id: int) -> None:
    """A 404 for a user that does not exist or is outside the caller's data authority, as on a detail."""
    if await db.scalar(USER_SCOPE(select(User.id).where(User.id == user_id), user)) is None:
        raise NotFound(entity="User")


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


def granter(user: Principal) -> grants.Granter:
    return grants.Granter(id=user.id, is_super=user.is_super, permissions=user.permissions, scope=user.scope)


async def check_roles_given(db: AsyncSession, user: Principal, role_ids: Iterable[int]) -> None:
    """Giving roles gives their authorities: refused when one is super or grants what the granter lacks."""
    ids = set(role_ids)
    if not ids or user.is_super:
        return
    gives_super = bool(await db.scalar(select(Role.id).where(Role.id.in_(ids), Role.is_super).limit(1)))
    given = (await db.scalars(select(Authority.identifier).distinct().join(
        role_authorities, role_authorities.c.authority_id == Authority.id).where(
        role_authorities.c.role_id.in_(ids)))).all()
    grants.check_gives(granter(user), gives_super=gives_super, authorities=given)


async def scope_with_roles(db: AsyncSession, user_id: int | None, role_ids: Iterable[int]) -> EffectiveScope:
    """The data scope a user would have with exactly these roles (the enabled ones) and their own grants."""
    enabled = select(Role.id).where(Role.id.in_(set(role_ids)), Role.status == Status.ENABLED)
    whose = [DataScope.role_id.in_(enabled), *([DataScope.user_id == user_id] if user_id is not None else [])]
    rows = (await db.execute(select(DataScope.scope_type, DataScope.values).where(or_(*whose)))).all()
    return merge((kind, values) for kind, values in rows)


async def check_scope_change(db: AsyncSession, user: Principal, user_id: int | None, before: set[int] | None,
                             after: set[int]) -> None:
    """A user's roles go from `before` (None: a new user) to `after`: their data scope may not end wider
    than both what it was and the granter's own."""
    if user.is_super or user.scope.unrestricted or before == after:
        return
    was = await scope_with_roles(db, user_id, before) if before is not None else None
    grants.check_scope_change(granter(user), was, await scope_with_roles(db, user_id, after))


async def check_authorities_given(db: AsyncSession, user: Principal, authority_ids: Iterable[int],
                                  *, to_roles: Iterable[int] = ()) -> None:
    """Authorities added to users or to roles: only held ones, never to a super role or to one's own role."""
    ids, roles = set(authority_ids), set(to_roles)
    if user.is_super:
        return
    who = granter(user)
    grants.check_role_held(who, await held(db, user_roles, "user_id", user.id, "role_id"), roles)
    gives_super = bool(roles) and bool(await db.scalar(select(Role.id).where(Role.id.in_(roles), Role.is_super)
                                                       .limit(1)))
    grants.check_gives(who, gives_super=gives_super, authorities=await identifiers(db, ids))
