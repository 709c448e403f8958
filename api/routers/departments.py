"""Departments on the resource kit, and the department tree (SPEC §3: name, full name, leader, parent)."""

from __future__ import annotations

from typing import Annotated, Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION, declares
from api.schemas.departments import (
    DepartmentCreate,
    DepartmentFilters,
    DepartmentNode,
    DepartmentPublic,
    DepartmentUpdate,
)
from api.user_center import ensure_ids, refuse_cycle
from domain.models.departments import Department
from domain.models.users import User


async def check_refs(db: AsyncSession, row: Department, _: Principal) -> None:
    """The parent exists and is not the department itself or one below it; the leader exists."""
    if row.leader_id is not None:
        await ensure_ids(db, User, [row.leader_id], "leaderId")
    if row.parent_id is None:
        return
    await ensure_ids(db, Department, [row.parent_id], "parentId")
    await refuse_cycle(db, Department, row, "department_cycle")


departments = Resource(
    name="Department", model=Department, public=DepartmentPublic, create=DepartmentCreate,
    update=DepartmentUpdate, filters=DepartmentFilters, permission="department-management",
    actions=Actions(add="department#add", edit="department#edit", delete="department#delete",
                    export="department#export", import_="department#import"),
    scope=CONFIGURATION, prepare=check_refs, relations=(Department.leader,), default_sort="id",
)
router = departments.router(prefix="/department", tags=["departments"])


@router.get("/tree", summary="Every department as a tree, with leader and member count",
            openapi_extra=declares(CONFIGURATION))
async def tree(db: SessionDep, _: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[list[DepartmentNode]]:
    rows = (await db.scalars(select(Department).options(selectinload(Department.leader))
                             .order_by(Department.name, Department.id))).all()
    counts = dict((await db.execute(select(User.department_id, func.count()).group_by(User.department_id))).all())
    nodes: dict[int, dict[str, Any]] = {
        r.id: {"id": r.id, "name": r.name, "fullName": r.full_name, "leaderId": r.leader_id,
               "leaderName": r.leader.display_name if r.leader else None, "parentId": r.parent_id,
               "memberCount": counts.get(r.id, 0), "children": []} for r in rows}
    roots: list[dict[str, Any]] = []
    for r in rows:
        parent = nodes.get(r.parent_id) if r.parent_id is not None else None
        (parent["children"] if parent else roots).append(nodes[r.id])
    return ok(roots)
