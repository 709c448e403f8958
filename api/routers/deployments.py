"""Deploy settings on the resource kit: projects (how each is deployed, auto deploy) and freeze windows.

A project's deploy command runs on the worker's machine (the local runner): editing it is as strong as a
shell there, so `deploy-project#edit` belongs to IT and administrators only (domain/seed/identity.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deploy_ops import DEPLOYS, RUN_READERS, TASK_READERS
from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.scope import CONFIGURATION, declares
from api.schemas.deployments import (
    FreezeCreate,
    FreezeFilters,
    FreezePublic,
    FreezeUpdate,
    ProjectCreate,
    ProjectFilters,
    ProjectOption,
    ProjectPublic,
    ProjectUpdate,
)
from domain.errors import Invalid
from domain.models.deployments import DeployFreezeWindow, DeployProject


async def _stamp_window(_: AsyncSession, row: Any, user: Principal) -> None:
    if row.ends_at <= row.starts_at:  # checked on the merged row, so a modify of one bound is checked too
        raise Invalid(field="endsAt", rule="end_after_start")
    if row.created_by is None:
        row.created_by = user.id


projects = Resource(
    name="DeployProject", model=DeployProject, public=ProjectPublic, create=ProjectCreate, update=ProjectUpdate,
    filters=ProjectFilters, permission="auto-deploy", actions=Actions.crud("deploy-project"), scope=CONFIGURATION,
    unique={"uq_deploy_projects_code": "code"}, default_sort="code",
)
freezes = Resource(
    name="DeployFreezeWindow", model=DeployFreezeWindow, public=FreezePublic, create=FreezeCreate,
    update=FreezeUpdate, filters=FreezeFilters, permission="auto-deploy", actions=Actions.crud("deploy-freeze"),
    scope=CONFIGURATION, prepare=_stamp_window, default_sort="-starts_at",
)

project_router = projects.router(prefix="/deploy/project", tags=["deploy_projects"])
freeze_router = freezes.router(prefix="/deploy/freeze", tags=["deploy_freezes"])


@project_router.get("/options", openapi_extra=declares(DEPLOYS),
                    summary="Every project, for the task form's picker and the project filter of every deploy list")
async def options(db: SessionDep, _: Annotated[Principal, Need(*dict.fromkeys((*TASK_READERS, *RUN_READERS,
                                                                                 "review-created")))],
                  ) -> Reply[list[ProjectOption]]:
    rows = (await db.scalars(select(DeployProject).order_by(DeployProject.code))).all()
    return ok([ProjectOption.model_validate(r) for r in rows])
