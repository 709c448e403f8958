"""Roles on the resource kit, their members (set, switch to another role) and their authorities (set,
batch add to several roles, copy from one role to others)."""

from __future__ import annotations

from typing import Annotated, Any

from sqlalchemy import delete, func, inspect, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION, declares
from api.schemas.roles import (
    BatchGrantBody,
    CopyGrantBody,
    MembersBody,
    Moved,
    RoleCreate,
    RoleFilters,
    RoleGrantBody,
    RoleOption,
    RolePublic,
    RoleUpdate,
    SwitchMembersBody,
)
from api.schemas.users import AuthorityIds, UserBrief
from api.user_center import (
    USER_SCOPE,
    add_links,
    check_authorities_given,
    check_roles_given,
    check_scope_change,
    ensure_ids,
    ensure_users,
    granter,
    held,
    identifiers,
    record_grants,
    replace_links,
)
from domain.enums import DataScopeType, Status
from domain.errors import DomainError, Invalid, NotFound
from domain.models.authorities import Authority
from domain.models.data_authority import DataScope
from domain.models.roles import Role, role_authorities
from domain.models.users import User, user_roles
from domain.rules import grants
from domain.rules.inputs import Problems


def with_counts() -> dict[str, Any]:
    """Member and authority counts for the role list, in the same query."""
    members = select(func.count()).where(user_roles.c.role_id == Role.id).scalar_subquery()
    grants = select(func.count()).where(role_authorities.c.role_id == Role.id).scalar_subquery()
    return {"member_count": members, "authority_count": grants}


async def apply_extras(db: AsyncSession, row: Role, extras: dict[str, Any], user: Principal) -> None:
    """Members and authorities given with a new role, which starts with the narrowest data scope (own
    records only) until data authority widens it."""
    if row.id is not None:
        return
    problems = Problems()  # unknown members and authorities named together
    members = await problems.check_async(ensure_users, db, user, extras.get("member_ids") or [], "memberIds")
    given = await problems.check_async(ensure_ids, db, Authority, extras.get("authority_ids") or [], "authorityIds")
    problems.raise_any()
    grants.check_self(granter(user), members or [])
    await check_authorities_given(db, user, given or [])
    db.add(row)
    await roles.flush(db, {"name": row.name})  # the row needs its id; a duplicate name is still named
    db.add(DataScope(role_id=row.id, scope_type=DataScopeType.OWN, values=[]))
    await add_links(db, user_roles, "role_id", row.id, "user_id", members)
    await add_links(db, role_authorities, "role_id", row.id, "authority_id", given)


async def keep_built_ins(db: AsyncSession, row: Role, user: Principal) -> None:
    """The super role cannot be disabled, or nobody might be left to turn it back on. Enabling a disabled
    role gives its members its authorities again: a grant like any other."""
    if row.is_super and row.status != "ENABLED":
        raise Invalid("status", "role_super_enabled")
    if row.id is not None and row.status == Status.ENABLED and inspect(row).attrs.status.history.deleted:
        await check_authorities_given(db, user, await held(db, role_authorities, "role_id", row.id, "authority_id"),
                                      to_roles=[row.id])


async def deletable(db: AsyncSession, row: Role, _: Principal) -> None:
    if row.code is not None:
        raise DomainError("ROLE_BUILT_IN", status=409, name=row.name)
    if await db.scalar(select(func.count()).where(user_roles.c.role_id == row.id)):
        raise DomainError("ROLE_HAS_MEMBERS", status=409, name=row.name)


roles = Resource(
    name="Role", model=Role, public=RolePublic, create=RoleCreate, update=RoleUpdate, filters=RoleFilters,
    permission="role-management",
    actions=Actions(add="role#add", edit="role#edit", delete="role#delete", export="role#export",
                    import_="role#import"),
    scope=CONFIGURATION, computed=with_counts, prepare=keep_built_ins, extras=apply_extras, check_delete=deletable,
    unique={"uq_roles_name": "name"}, default_sort="id",
)
router = roles.router(prefix="/role", tags=["roles"])


async def role_of(db: AsyncSession, role_id: int) -> Role:
    role = await db.get(Role, role_id)
    if role is None:
        raise NotFound(entity="Role")
    return role


async def usernames(db: AsyncSession, ids: set[int]) -> list[str]:
    return sorted((await db.scalars(select(User.username).where(User.id.in_(ids)))).all()) if ids else []


@router.get("/options", summary="Every role, for pickers", openapi_extra=declares(CONFIGURATION))
async def options(db: SessionDep, _: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[RoleOption]]:
    return ok([RoleOption.model_validate(r) for r in (await db.scalars(select(Role).order_by(Role.id))).all()])


@router.get("/members/{role_id}", summary="The users holding the role (those within the caller's data authority)",
            openapi_extra=declares(USER_SCOPE))
async def members(role_id: int, db: SessionDep,
                  user: Annotated[Principal, Need("role-management")]) -> Reply[list[UserBrief]]:
    await role_of(db, role_id)
    query = USER_SCOPE(select(User), user).join(user_roles, user_roles.c.user_id == User.id).where(
        user_roles.c.role_id == role_id).order_by(User.username)
    return ok([UserBrief.model_validate(u) for u in (await db.scalars(query)).all()])


async def check_members(db: AsyncSession, user: Principal, role_id: int, changed: set[int],
                        added: set[int], *, leaving: int | None = None) -> None:
    """Members added to a role receive its authorities; no one adds or removes themselves; no member's data
    scope ends wider than both before and the granter's (`leaving`: the role the added ones move out of)."""
    grants.check_self(granter(user), changed)
    if added:
        await check_roles_given(db, user, [role_id])
    for member in sorted(changed):
        before = await held(db, user_roles, "user_id", member, "role_id")
        after = (before - {leaving} | {role_id}) if member in added else before - {role_id}
        await check_scope_change(db, user, member, before, after)


@router.post("/set-members", summary="Make the role's members exactly these users")
async def set_members(body: MembersBody, db: SessionDep,
                      user: Annotated[Principal, Need("role#members")]) -> Reply[list[int]]:
    await role_of(db, body.role_id)
    wanted = await ensure_users(db, user, body.user_ids, "userIds")
    current = await held(db, user_roles, "role_id", body.role_id, "user_id")
    await check_members(db, user, body.role_id, current ^ set(wanted), set(wanted) - current)
    before, after = await replace_links(db, user_roles, "role_id", body.role_id, "user_id", wanted)
    await record_grants(db, user, "Role", body.role_id, "members", await usernames(db, before),
                        await usernames(db, after))
    return ok(sorted(after))


@router.post("/switch-members", summary="Move members from one role to another")
async def switch_members(body: SwitchMembersBody, db: SessionDep,
                         user: Annotated[Principal, Need("role#members")]) -> Reply[Moved]:
    if body.source_role_id == body.target_role_id:
        raise Invalid("targetRoleId", "role_switch_same")
    await role_of(db, body.source_role_id)
    await role_of(db, body.target_role_id)
    current = await held(db, user_roles, "role_id", body.source_role_id, "user_id")
    moving = current & set(body.user_ids) if body.user_ids else current
    if body.user_ids and set(body.user_ids) - current:
        raise Invalid("userIds", "role_not_member")
    await check_members(db, user, body.target_role_id, moving, moving, leaving=body.source_role_id)
    await db.execute(delete(user_roles).where(user_roles.c.role_id == body.source_role_id,
                                              user_roles.c.user_id.in_(moving)))
    await add_links(db, user_roles, "role_id", body.target_role_id, "user_id", moving)
    names = await usernames(db, moving)
    await record_grants(db, user, "Role", body.source_role_id, "membersMovedOut", [], names)
    await record_grants(db, user, "Role", body.target_role_id, "membersMovedIn", [], names)
    return ok({"moved": len(moving)})


@router.get("/authorities/{role_id}", summary="The authorities the role grants", openapi_extra=declares(CONFIGURATION))
async def authorities(role_id: int, db: SessionDep,
                      _: Annotated[Principal, Need("role-management")]) -> Reply[AuthorityIds]:
    await role_of(db, role_id)
    ids = sorted(await held(db, role_authorities, "role_id", role_id, "authority_id"))
    return ok({"authorityIds": ids, "identifiers": await identifiers(db, ids)})


async def grant(db: AsyncSession, user: Principal, role_id: int, ids: list[int], *, replace: bool) -> None:
    before = await held(db, role_authorities, "role_id", role_id, "authority_id")
    after = set(ids) if replace else before | set(ids)
    if before == after:
        return
    await check_authorities_given(db, user, after - before, to_roles=[role_id])
    if replace:
        await replace_links(db, role_authorities, "role_id", role_id, "authority_id", ids)
    else:
        await add_links(db, role_authorities, "role_id", role_id, "authority_id", after - before)
    await record_grants(db, user, "Role", role_id, "authorities", await identifiers(db, before),
                        await identifiers(db, after))


@router.post("/set-authorities", summary="Make the role's authorities exactly these (the permission editor)")
async def set_authorities(body: RoleGrantBody, db: SessionDep,
                          user: Annotated[Principal, Need("role#grant")]) -> Reply[AuthorityIds]:
    await role_of(db, body.role_id)
    ids = await ensure_ids(db, Authority, body.authority_ids, "authorityIds")
    await grant(db, user, body.role_id, ids, replace=True)
    return ok({"authorityIds": sorted(ids), "identifiers": await identifiers(db, ids)})


@router.post("/batch-add-authorities", summary="Add the same authorities to several roles")
async def batch_add(body: BatchGrantBody, db: SessionDep,
                    user: Annotated[Principal, Need("role#grant")]) -> Reply[None]:
    roles_ = await ensure_ids(db, Role, body.role_ids, "roleIds")
    ids = await ensure_ids(db, Authority, body.authority_ids, "authorityIds")
    for role_id in roles_:
        await grant(db, user, role_id, ids, replace=False)
    return ok(None)


@router.post("/copy-authorities", summary="Give target roles the authorities of a source role")
async def copy_authorities(body: CopyGrantBody, db: SessionDep,
                           user: Annotated[Principal, Need("role#grant")]) -> Reply[None]:
    await role_of(db, body.source_role_id)
    targets = await ensure_ids(db, Role, body.target_role_ids, "targetRoleIds")
    if body.source_role_id in targets:
        raise Invalid("targetRoleIds", "role_copy_self")
    ids = sorted(await held(db, role_authorities, "role_id", body.source_role_id, "authority_id"))
    for role_id in targets:
        await grant(db, user, role_id, ids, replace=body.replace)
    return ok(None)
