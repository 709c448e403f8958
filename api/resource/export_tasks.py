"""Export tasks in the kit (docs/exports.md): a large list's export recorded as a task, its flow started, and the
writer activity its flow runs, served by the API processes on the export queue (where the lists are declared).

The task keeps the request as it was: the list's filters, the column titles in the requester's language, their
time zone and their data authority at that moment. The writer rebuilds the requester from it, so the file holds
exactly the rows the requester could see when they asked, written by the kit's one writer (`write_rows`).

No `from __future__ import annotations` here, as for the rest of the kit's route builders.
"""

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import orjson
from fastapi import Request, Response
from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from api.deps import Principal
from api.envelope import ok
from api.flows import Flows, temporal_client
from api.resource.xlsx import XlsxExport
from api.schemas.exports import ExportTaskPublic
from domain.db import get_sessionmaker, transaction
from domain.enums import ExportState
from domain.flows import exports as x
from domain.i18n import current_language
from domain.models.exports import ExportTask
from domain.rules.data_authority import EffectiveScope
from domain.settings import get_settings
from domain.user_time_zones import zone_or_default
from services import exports
from services.flows import beating

if TYPE_CHECKING:
    from api.resource.exporting import Exportable

log = logging.getLogger("omp.exports")


def requester_of(user: Principal) -> dict[str, Any]:
    """What of the requester the list's query reads: who they are and their data authority, as JSON."""
    scope = user.scope
    return {"id": user.id, "username": user.username, "display_name": user.display_name, "email": user.email,
            "is_super": user.is_super, "country": user.country, "team": user.team,
            "department_id": user.department_id, "permissions": sorted(user.permissions),
            "scope": {"unrestricted": scope.unrestricted, "own": scope.own, "department": scope.department,
                      "countries": None if scope.countries is None else sorted(scope.countries),
                      "teams": None if scope.teams is None else sorted(scope.teams)}}


def principal_from(data: dict[str, Any]) -> Principal:
    scope = data["scope"]
    return Principal(
        id=data["id"], username=data["username"], display_name=data["display_name"], email=data["email"],
        session_id=0, is_super=data["is_super"], permissions=frozenset(data["permissions"]),
        country=data["country"], team=data["team"], department_id=data["department_id"],
        scope=EffectiveScope(unrestricted=scope["unrestricted"], own=scope["own"], department=scope["department"],
                             countries=None if scope["countries"] is None else frozenset(scope["countries"]),
                             teams=None if scope["teams"] is None else frozenset(scope["teams"])))


def shown(task: ExportTask, username: str | None = None) -> dict[str, Any]:
    if username is not None:
        task.requested_by_name = username
    return ExportTaskPublic.model_validate(task).model_dump(mode="json", by_alias=True)


async def start_task(request: Request, ex: "Exportable", params: Any, user: Principal, zone: ZoneInfo,
                     headers: list[str]) -> Response:
    """The task recorded (committed), then its flow started; the reply is the task, 202 'processing, please
    wait'. Temporal away: 503, and the task says it was not started (a retry starts it)."""
    client = await temporal_client(request)
    now = datetime.now(zone)
    async with transaction() as db:
        task = ExportTask(resource=ex.name, route=request.url.path, columns=headers, requested_by=user.id,
                          filters=params.model_dump(mode="json", by_alias=True, exclude_unset=True),
                          requester=requester_of(user), language=current_language.get(), zone=zone.key,
                          filename=f"{ex.file}-{now:%Y%m%d-%H%M%S}.xlsx", state=ExportState.PROCESSING,
                          rows_written=0, attempt=1)
        db.add(task)
        await db.flush()
        await db.refresh(task)
    await exports.start_flow(client, task, user.username)
    body = ok(shown(task, user.username), message_key="exports.processing")
    return Response(orjson.dumps(body), status_code=202, media_type="application/json")


def exportable_named(name: str) -> "Exportable | None":
    """A hand-written list's export by its name, or the kit resource of that name that exports."""
    from api.resource import RESOURCES
    from api.resource.exporting import EXPORTABLES, of_resource

    res = next((r for r in RESOURCES if r.name == name and r.actions.export), None)
    return EXPORTABLES.get(name) or (of_resource(res) if res is not None else None)


def refused(message: str) -> ApplicationError:
    return ApplicationError(message, type="EXPORT_REFUSED", non_retryable=True)


@activity.defn(name=x.WRITE)
async def write_export(request: x.WriteRequest) -> x.Written:
    """The task's rows into a constant-memory workbook, then into the uploads' storage. The rows written so far go to
    the task every few thousand rows; a retried attempt (its worker died) writes the file again from the start."""
    from api.resource.exporting import counted

    task = await exports.writing(request.task_id, request.attempt)
    if task is None:
        raise refused(f"export task {request.task_id} run {request.attempt} is no longer current")
    ex = exportable_named(task.resource)
    if ex is None:
        raise refused(f"no list {task.resource} exports here")
    params, user = ex.filters.model_validate(task.filters), principal_from(task.requester)
    language = current_language.set(task.language)
    book = XlsxExport(task.columns, zone_or_default(task.zone), sheet=ex.name)
    try:
        async with beating():
            async with get_sessionmaker()() as db:
                total = await db.scalar(counted(ex, params, user)) or 0
            await exports.progress(task.id, task.attempt, 0, total)

            async def written(rows: int) -> None:
                activity.heartbeat(rows)
                await exports.progress(task.id, task.attempt, rows)

            try:
                rows = await ex.write(params, user, book, written)
            finally:
                path = await asyncio.to_thread(book.close)  # also on failure: its temporary files go
            return await exports.keep_file(task.id, task.attempt, task.filename, path, rows)
    finally:
        current_language.reset(language)
        book.path.unlink(missing_ok=True)


async def serve_export_writer(flows: Flows) -> None:
    """The export queue's worker in this API process, for as long as it runs; Temporal away, it tries again."""
    while True:
        try:
            client = await flows.client()
            await Worker(client, task_queue=get_settings().export_task_queue, activities=[write_export],
                         max_concurrent_activities=2).run()
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("export writer not serving: %s", exc)
            await asyncio.sleep(5)
