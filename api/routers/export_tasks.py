"""Export tasks (docs/exports.md): a caller's own exports (everyone's for an export administrator) with their
progress, the file's download while it is kept, and the retry of a failed one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote

from fastapi.responses import StreamingResponse
from sqlalchemy import ColumnElement

from api.deps import AUTHENTICATED, Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import TemporalDep
from api.resource import Actions, Resource
from api.resource.scope import DataScope, declares
from api.resource.xlsx import XLSX, XLSX_RESPONSE
from api.schemas.exports import ExportTaskFilters, ExportTaskPublic
from domain import audit
from domain.models.exports import ExportTask
from domain.rules import exports as rules
from services import exports


@dataclass(frozen=True)
class OwnExports(DataScope):
    """A task is its requester's: only they see it, unless they hold the export administration permission. (The
    rows inside the file were scoped when it was asked for, by the requester's data authority.)"""

    def conditions(self, user: Principal, me: Any = None) -> list[ColumnElement[bool]]:
        if user.can(rules.ADMIN):
            return []
        return [ExportTask.requested_by == (user.id if me is None else me)]

    def shape(self, user: Principal) -> Any:
        return None if user.can(rules.ADMIN) else "own"


OWN = OwnExports(name="ExportTask")
tasks = Resource(
    name="ExportTask", model=ExportTask, public=ExportTaskPublic, create=ExportTaskPublic, update=ExportTaskPublic,
    filters=ExportTaskFilters, permission=AUTHENTICATED, actions=Actions(), scope=OWN,
    computed=exports.public_columns,
)
router = tasks.router(prefix="/export-task", tags=["export_tasks"])


@router.get("/{task_id}/download", summary="Download an export task's file (while it is kept)",
            response_class=StreamingResponse, responses=XLSX_RESPONSE, openapi_extra=declares(OWN))
async def download(task_id: int, db: SessionDep,
                   user: Annotated[Principal, Need(AUTHENTICATED)]) -> StreamingResponse:
    task = await tasks.load(db, user, task_id)
    chunks = exports.stream(task)  # refused (410) once expired, (409) before the file is ready
    filename = task.filename
    await release(db)
    return StreamingResponse(chunks, media_type=XLSX, headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{quote(filename)}"})


@router.post("/{task_id}/retry", summary="Write a failed export task's file again")
async def retry(task_id: int, db: SessionDep, user: Annotated[Principal, Need(AUTHENTICATED)],
                flows: TemporalDep) -> Reply[ExportTaskPublic]:
    task = await tasks.load(db, user, task_id, lock=True)
    before = audit.snapshot(task)
    await exports.retry(db, task)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="ExportTask",
                              entity_id=task.id, action="retry", before=before, after=audit.snapshot(task))
    requester = task.requester.get("username", user.username)
    await release(db)
    await exports.start_flow(flows, task, requester)
    return ok(ExportTaskPublic.model_validate(await tasks.load(db, user, task_id)))
