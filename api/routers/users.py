"""User administration on the resource kit, plus the authorities granted to one user directly."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api import security
from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.query import escape_like
from api.resource.scope import declares
from api.schemas.types import Int32
from api.schemas.users import AuthorityIds, GrantBody, UserBrief, UserCreate, UserFilters, UserPublic, UserUpdate
from api.user_center import (
    USER_SCOPE,
    check_authorities_given,
    check_roles_given,
    check_scope_change,
    ensure_ids,
    granter,
    held,
    identifiers,
    record_grants,
    replace_links,
)
from domain.enums import Status
from domain.errors import DomainError
from domain.models.authorities import Authority
from domain.models.departments import Department
from domain.models.roles import Role
from domain.models.users import User, user_authorities
from domain.passwords import hash_password_off_loop
from domain.rules import grants
from domain.rules.auth import password_guessable
from domain.rules.inputs import Problems


async def apply_extras(db: AsyncSession, row: User, extras: dict[str, Any], user: Principal) -> None:
    """Role ids become the role set; a password is hashed, and a new one ends the user's sessions. The roles'
    and the password's problems are refused together."""
    problems = Problems()
    if extras.get("role_ids") is not None:
        with problems.catching():
            await set_roles(db, row, extras["role_ids"], user)
    if extras.get("password"):
        problem = password_guessable(extras["password"], row.username)
        if problem:
            problems.add("password", problem)
        problems.raise_any()
        row.password_hash = await hash_password_off_loop(extras["password"])
        if row.id is not None:
            await security.revoke_sessions(db, row.id)
    problems.raise_any()


async def set_roles(db: AsyncSession, row: User, role_ids: list[int], user: Principal) -> None:
    ids = await ensure_ids(db, Role, role_ids, "roleIds")
    held_before = {r.id for r in row.roles} if row.id is not None else set()
    if held_before != set(ids) and row.id is not None:
        grants.check_self(granter(user), [row.id])
    await check_roles_given(db, user, set(ids) - held_before)
    if ids or row.id is not None:
        await check_scope_change(db, user, row.id, held_before if row.id is not None else None, set(ids))
    before = sorted(r.name for r in row.roles) if row.id is not None else None
    row.roles = list((await db.scalars(select(Role).where(Role.id.in_(ids)))).all()) if ids else []
    after = sorted(r.name for r in row.roles)
    if before is not None and before != after:
        await record_grants(db, user, "User", row.id, "roles", before, after)


async def check_refs(db: AsyncSession, row: User, _: Principal) -> None:
    """The department and the leader exist (and the leader is someone else): both named at once."""
    problems = Problems()
    if row.department_id is not None:
        with problems.catching():
            await ensure_ids(db, Department, [row.department_id], "departmentId")
    if row.leader_id is not None:
        if row.leader_id == row.id:
            problems.add("leaderId", "leader_self")
        else:
            with problems.catching():
                await ensure_ids(db, User, [row.leader_id], "leaderId")
    problems.raise_any()


async def not_yourself(_: AsyncSession, row: User, user: Principal) -> None:
    if row.id == user.id:
        raise DomainError("USER_DELETE_SELF", status=409)


users = Resource(
    name="User", model=User, public=UserPublic, create=UserCreate, update=UserUpdate, filters=UserFilters,
    permission="user-management",
    actions=Actions(add="user#add", edit="user#edit", delete="user#delete", export="user#export",
                    import_="user#import"),
    scope=USER_SCOPE,
    prepare=check_refs, extras=apply_extras, check_delete=not_yourself,
    relations=(User.roles, User.department, User.leader),
    unique={"uq_users_username": "username", "uq_users_email": "email", "uq_users_mobile": "mobile"},
    sortable={"id", "username", "real_name", "display_name", "email", "status", "last_login_at", "created_at"},
)
router = users.router(prefix="/user", tags=["users"])


PICKER_OPTIONS = 50


@router.get("/options", openapi_extra=declares(USER_SCOPE),
            summary="Users for pickers: enabled ones by keyword, or the given ids (the picked ones)")
async def options(db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)],
                  keyword: Annotated[str | None, Query(max_length=64)] = None,
                  ids: Annotated[list[Int32] | None, Query(max_length=PICKER_OPTIONS)] = None,
                  ) -> Reply[list[UserBrief]]:
    if ids:  # a picker names what it holds, even a user found beyond its first page or disabled, if in scope
        picked = (await db.scalars(USER_SCOPE(select(User).where(User.id.in_(ids)).order_by(User.id), user))).all()
        return ok([UserBrief.model_validate(u) for u in picked])
    query = USER_SCOPE(select(User).where(User.status == Status.ENABLED).order_by(User.display_name, User.id)
                     .limit(PICKER_OPTIONS), user)
    if keyword:
        pattern = f"%{escape_like(keyword.strip())}%"
        query = query.where(or_(*(column.ilike(pattern, escape="\\") for column in (
            User.username, User.display_name, User.real_name, User.email))))
    return ok([UserBrief.model_validate(u) for u in (await db.scalars(query)).all()])


@router.get("/authorities/{user_id}", openapi_extra=declares(USER_SCOPE),
            summary="Authorities held by the user directly (not through roles)")
async def direct_authorities(user_id: int, db: SessionDep,
                             user: Annotated[Principal, Need("user-management")]) -> Reply[AuthorityIds]:
    await users.load(db, user, user_id)
    ids = sorted((await db.scalars(select(user_authorities.c.authority_id)
                                   .where(user_authorities.c.user_id == user_id))).all())
    return ok({"authorityIds": ids, "identifiers": await identifiers(db, ids)})


@router.post("/set-authorities", summary="Replace the authorities held by the user directly")
async def set_authorities(body: GrantBody, db: SessionDep,
                          user: Annotated[Principal, Need("user#grant")]) -> Reply[AuthorityIds]:
    await users.load(db, user, body.user_id)
    wanted = await ensure_ids(db, Authority, body.authority_ids, "authorityIds")
    held_before = await held(db, user_authorities, "user_id", body.user_id, "authority_id")
    if held_before != set(wanted):
        grants.check_self(granter(user), [body.user_id])
    await check_authorities_given(db, user, set(wanted) - held_before)
    before, after = await replace_links(db, user_authorities, "user_id", body.user_id, "authority_id", wanted)
    await record_grants(db, user, "User", body.user_id, "authorities", await identifiers(db, before),
                        await identifiers(db, after))
    return ok({"authorityIds": sorted(after), "identifiers": await identifiers(db, after)})
