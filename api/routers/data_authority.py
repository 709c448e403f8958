"""Data authority (SPEC §6): scopes granted to roles and to users, which narrow the rows of every list and
export that declares its columns (api/resource/scope.py; rules in domain/rules/data_authority.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep, load_scope
from api.envelope import Reply, ok
from api.resource.scope import CONFIGURATION, declares
from api.schemas.data_authority import RoleScopesBody, ScopeGrant, ScopesPublic, UserScopesBody, UserScopesPublic
from api.user_center import USER_SCOPE, ensure_ids, ensure_users, granter, held, record_grants, user_in_scope
from domain.models.data_authority import DataScope
from domain.models.roles import Role
from domain.models.users import user_roles
from domain.rules import grants
from domain.rules.data_authority import EffectiveScope, merge

router = APIRouter(prefix="/data-authority", tags=["data_authority"])


def merged(scopes: list[ScopeGrant]) -> list[ScopeGrant]:
    """One grant a scope type, values joined, in a stable order."""
    by_type: dict[str, set[str]] = {}
    for s in scopes:
        by_type.setdefault(s.scope_type, set()).update(s.values)
    return [ScopeGrant(scope_type=k, values=sorted(v)) for k, v in sorted(by_type.items())]


async def grants_of(db: AsyncSession, column: Any, subject_id: int) -> list[dict[str, Any]]:
    rows = (await db.scalars(select(DataScope).where(column == subject_id).order_by(DataScope.scope_type))).all()
    return [{"scopeType": r.scope_type, "values": sorted(r.values)} for r in rows]


async def replace(db: AsyncSession, user: Principal, entity: str, column: Any, subject_id: int,
                  scopes: list[ScopeGrant]) -> list[dict[str, Any]]:
    """Refused when the grant is the granter's own or wider than their own scope (domain/rules/grants.py)."""
    who = granter(user)
    if column is DataScope.role_id:
        grants.check_role_held(who, await held(db, user_roles, "user_id", user.id, "role_id"), [subject_id])
    else:
        grants.check_self(who, [subject_id])
    grants.check_scope(who, merge((s.scope_type, s.values) for s in scopes))
    before = await grants_of(db, column, subject_id)
    await db.execute(delete(DataScope).where(column == subject_id))
    key = "role_id" if column is DataScope.role_id else "user_id"
    for grant in merged(scopes):
        db.add(DataScope(scope_type=grant.scope_type, values=grant.values, **{key: subject_id}))
    await db.flush()
    after = await grants_of(db, column, subject_id)
    describe = lambda grants: [f"{g['scopeType']}:{','.join(g['values'])}" for g in grants]  # noqa: E731
    await record_grants(db, user, entity, subject_id, "dataScopes", describe(before), describe(after))
    return after


def effective(scope: EffectiveScope) -> dict[str, Any]:
    return {"unrestricted": scope.unrestricted, "own": scope.own, "department": scope.department,
            "countries": sorted(scope.countries) if scope.countries is not None else None,
            "teams": sorted(scope.teams) if scope.teams is not None else None}


@router.get("/role/{role_id}", summary="The data scopes a role grants", openapi_extra=declares(CONFIGURATION))
async def role_scopes(role_id: int, db: SessionDep,
                      _: Annotated[Principal, Need("data-authority")]) -> Reply[ScopesPublic]:
    await ensure_ids(db, Role, [role_id], "roleId")
    return ok({"scopes": await grants_of(db, DataScope.role_id, role_id)})


@router.get("/user/{user_id}", summary="A user's own data scopes and their effective data authority",
            openapi_extra=declares(USER_SCOPE))
async def user_scopes(user_id: int, db: SessionDep,
                      user: Annotated[Principal, Need("data-authority")]) -> Reply[UserScopesPublic]:
    await user_in_scope(db, user, user_id)
    return ok({"scopes": await grants_of(db, DataScope.user_id, user_id),
               "effective": effective(await load_scope(db, user_id))})


@router.post("/role/save", summary="Replace the data scopes of a role")
async def save_role(body: RoleScopesBody, db: SessionDep,
                    user: Annotated[Principal, Need("data-authority#edit")]) -> Reply[ScopesPublic]:
    await ensure_ids(db, Role, [body.role_id], "roleId")
    return ok({"scopes": await replace(db, user, "Role", DataScope.role_id, body.role_id, body.scopes)})


@router.post("/user/save", summary="Replace the data scopes granted to one user")
async def save_user(body: UserScopesBody, db: SessionDep,
                    user: Annotated[Principal, Need("data-authority#edit")]) -> Reply[ScopesPublic]:
    await ensure_users(db, user, [body.user_id], "userId")
    return ok({"scopes": await replace(db, user, "User", DataScope.user_id, body.user_id, body.scopes)})
