"""The menu and authority tree (SPEC §7): search, tree, add, modify, delete, usage by role and by user,
and removing an authority from one role or one user."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import delete, func, inspect, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.menu_tree import nest
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION, declares
from api.schemas.authorities import (
    AuthorityCreate,
    AuthorityFilters,
    AuthorityPublic,
    AuthorityTreeNode,
    AuthorityUpdate,
    IdentifierQuery,
    RoleUsage,
    UserUsage,
)
from api.schemas.types import Int32
from api.user_center import USER_SCOPE, ensure_ids, granter, held, record_grants, refuse_cycle
from domain.enums import MenuType
from domain.errors import DomainError, Invalid, NotFound
from domain.models.authorities import Authority, holders
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_authorities, user_roles
from domain.rules import grants
from domain.seed.authorities import BUILT_IN

# The tree is also the permission picker of the role and user screens.
TREE_READERS = ("menu-management", "role-management", "user-management", "data-authority")
AUDITED = {"x-audit": True}  # GET calls that change data (SPEC §7) are logged like any write
READ = {"x-audit": False}  # a POST that only reads


def check_identifier(row: Authority, user: Principal) -> None:
    """An identifier is what roles grant and the server checks, so it is fixed once created: a rename would hand
    the grant to whoever holds the entry (docs/decisions/authority-identifiers.md). A built-in one created anew
    (after a deletion) is a grant of it too, so only its holders may create it."""
    state = inspect(row)
    if state.persistent:
        before = state.attrs.identifier.history.deleted
        if before and before[0] != row.identifier:
            raise Invalid("identifier", "identifier_fixed")
    elif row.identifier in BUILT_IN and not user.can(row.identifier):
        raise Invalid("identifier", "identifier_not_held")


async def check_tree(db: AsyncSession, row: Authority, user: Principal) -> None:
    """A button carries `system#feature` and nothing below it; the parent is not the entry or below it."""
    check_identifier(row, user)
    is_button = row.menu_type == MenuType.BUTTON
    if is_button != ("#" in row.identifier):
        raise Invalid("identifier", "identifier_button" if is_button else "identifier_menu")
    if row.id is not None and is_button and await db.scalar(
            select(func.count()).where(Authority.parent_id == row.id)):
        raise Invalid("menuType", "authority_button_children")
    if row.parent_id is None:
        return
    await ensure_ids(db, Authority, [row.parent_id], "parentId")
    if await db.scalar(select(Authority.menu_type).where(Authority.id == row.parent_id)) == MenuType.BUTTON:
        raise Invalid("parentId", "authority_under_button")
    await refuse_cycle(db, Authority, row, "authority_cycle")


async def check_delete(db: AsyncSession, row: Authority, user: Principal) -> None:
    """Only a leaf; a built-in entry only by a super user, for the server creates it again at its next start and
    gives it back to the built-in roles whose defaults name it, which may be roles it had been taken from."""
    if row.identifier in BUILT_IN and not user.is_super:
        raise DomainError("AUTHORITY_BUILT_IN", status=403, title=row.title)
    if await db.scalar(select(func.count()).where(Authority.parent_id == row.id)):
        raise DomainError("AUTHORITY_HAS_CHILDREN", status=409, title=row.title)


authorities = Resource(
    name="Authority", model=Authority, public=AuthorityPublic, create=AuthorityCreate, update=AuthorityUpdate,
    filters=AuthorityFilters, permission="menu-management",
    actions=Actions(add="authority#add", edit="authority#edit", delete="authority#delete",
                    export="authority#export", import_="authority#import"),
    scope=CONFIGURATION, prepare=check_tree, check_delete=check_delete,
    unique={"uq_authorities_identifier": "identifier"}, default_sort="sort",
)
router = authorities.router(prefix="/authority", tags=["authorities"])
usage_router = APIRouter(tags=["authorities"])


def tree_node(row: Authority) -> dict[str, Any]:
    return AuthorityPublic.model_validate(row).model_dump(by_alias=True)


@router.get("/tree-list", summary="The whole menu and authority tree, buttons included",
            openapi_extra=declares(CONFIGURATION))
async def tree_list(db: SessionDep, _: Annotated[Principal, Need(*TREE_READERS)]) -> Reply[list[AuthorityTreeNode]]:
    return ok(nest((await db.scalars(select(Authority))).all(), tree_node))


async def authority_of(db: AsyncSession, authority_id: int) -> Authority:
    row = await db.get(Authority, authority_id)
    if row is None:
        raise NotFound(entity="Authority")
    return row


@router.get("/usage-role/{authority_id}", summary="The roles that grant the authority",
            openapi_extra=declares(CONFIGURATION))
async def usage_role(authority_id: int, db: SessionDep,
                     _: Annotated[Principal, Need("menu-management")]) -> Reply[list[RoleUsage]]:
    await authority_of(db, authority_id)
    query = select(Role).join(role_authorities, role_authorities.c.role_id == Role.id).where(
        role_authorities.c.authority_id == authority_id).order_by(Role.id)
    return ok([RoleUsage.model_validate(r) for r in (await db.scalars(query)).all()])


async def usages(db: AsyncSession, caller: Principal, authority_ids: Any, page: int = 1,
                 page_size: int = 500) -> tuple[list, int]:
    """The holders within the caller's data authority."""
    held = holders(authority_ids)
    users = USER_SCOPE(select(User.id).where(User.id.in_(select(held.c.user_id))), caller).subquery()
    total = await db.scalar(select(func.count()).select_from(users)) or 0
    rows = (await db.scalars(select(User).where(User.id.in_(select(users.c.id))).order_by(User.username)
                             .limit(page_size).offset((page - 1) * page_size))).all()
    links = (await db.execute(select(held.c.user_id, held.c.role).where(
        held.c.user_id.in_([u.id for u in rows])))).all()
    out = []
    for u in rows:
        roles = sorted(r for uid, r in links if uid == u.id and r is not None)
        direct = any(uid == u.id and r is None for uid, r in links)
        out.append({"id": u.id, "username": u.username, "realName": u.real_name, "displayName": u.display_name,
                    "email": u.email, "direct": direct, "roles": roles})
    return out, total


@router.get("/usage-user/{authority_id}", summary="The users holding the authority, directly or through roles",
            openapi_extra=declares(USER_SCOPE))
async def usage_user(authority_id: int, db: SessionDep,
                     user: Annotated[Principal, Need("menu-management")]) -> Reply[list[UserUsage]]:
    await authority_of(db, authority_id)
    found, _total = await usages(db, user, [authority_id])
    return ok(found)


@router.get("/delete-admin-authority", summary="Remove an authority held directly by a user",
            openapi_extra=AUDITED)
async def delete_admin_authority(authority_id: Annotated[Int32, Query(alias="authorityId")],
                                 admin_id: Annotated[Int32, Query(alias="adminId")], db: SessionDep,
                                 user: Annotated[Principal, Need("authority#revoke")]) -> Reply[None]:
    row = await authority_of(db, authority_id)
    await ensure_ids(db, User, [admin_id], "adminId")
    grants.check_self(granter(user), [admin_id])
    result = await db.execute(delete(user_authorities).where(
        user_authorities.c.user_id == admin_id, user_authorities.c.authority_id == authority_id))
    # a DELETE's result is a CursorResult; execute() types it as Result
    if result.rowcount:  # type: ignore[attr-defined]
        await record_grants(db, user, "User", admin_id, "authorities", [row.identifier], [])
    return ok(None)


@router.get("/delete-role-authority", summary="Remove an authority from a role", openapi_extra=AUDITED)
async def delete_role_authority(authority_id: Annotated[Int32, Query(alias="authorityId")],
                                role_id: Annotated[Int32, Query(alias="roleId")], db: SessionDep,
                                user: Annotated[Principal, Need("authority#revoke")]) -> Reply[None]:
    row = await authority_of(db, authority_id)
    await ensure_ids(db, Role, [role_id], "roleId")
    grants.check_role_held(granter(user), await held(db, user_roles, "user_id", user.id, "role_id"), [role_id])
    result = await db.execute(delete(role_authorities).where(
        role_authorities.c.role_id == role_id, role_authorities.c.authority_id == authority_id))
    # a DELETE's result is a CursorResult; execute() types it as Result
    if result.rowcount:  # type: ignore[attr-defined]
        await record_grants(db, user, "Role", role_id, "authorities", [row.identifier], [])
    return ok(None)


@usage_router.post("/user/get-user-list-by-identifier", openapi_extra=declares(USER_SCOPE, **READ),
                   summary="The users holding the authority with this identifier")
async def users_by_identifier(params: IdentifierQuery, db: SessionDep,
                              user: Annotated[Principal, Need("menu-management")]) -> Reply[Page[UserUsage]]:
    ids = select(Authority.id).where(Authority.identifier == params.identifier.strip())
    found, total = await usages(db, user, ids, params.page, params.page_size)
    return ok({"items": found, "total": total, "page": params.page, "pageSize": params.page_size})
