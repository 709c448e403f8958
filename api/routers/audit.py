"""The audit log: search with the 92-day range, one call with its field-level changes, xlsx export, and
the action mappings that name the rows (SPEC §3, §5)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import StreamingResponse
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit_actions import kit_action
from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.log_search import log_query
from api.resource import Actions, Resource
from api.resource.exporting import EXPORT_RESPONSES, Exportable, export_or_task, exportable
from api.resource.query import page_of
from api.resource.scope import CONFIGURATION, declares, scoped
from api.resource.xlsx import XlsxExport
from api.schemas.audit import (
    ActionMappingCreate,
    ActionMappingFilters,
    ActionMappingPublic,
    ActionMappingUpdate,
    AuditFilters,
    EntityChangePublic,
    OperationLogDetail,
    OperationLogPublic,
)
from domain.db import get_sessionmaker
from domain.errors import NotFound
from domain.i18n import field_label, t
from domain.models.audit import ActionMapping, EntityChange, OperationLog
from domain.rules.audit import url_pattern_matches
from services.exports import Tally, Written

router = APIRouter(prefix="/audit", tags=["audit"])
SORTABLE = {"id", "at", "duration_ms", "http_status", "operator_name", "url", "code"}
EXPORT_BATCH = 2000
EXPORT_COLUMNS = ("at", "application", "actionName", "operatorId", "operatorName", "url", "method", "code",
                  "httpStatus", "remoteIp", "locationName", "transactionId", "businessId", "durationMs",
                  "requestData", "responseData")


# A logged call is the record of the staff member who made it.
OPERATIONS = scoped(name="OperationLog", owner=OperationLog.operator_id)


def audit_query(params: AuditFilters, user: Principal) -> Any:
    return log_query(OPERATIONS, OperationLog, params, user, SORTABLE, start=params.start_time, end=params.end_time)


class ActionNames:
    """Names rows by the most specific mapping: one for the reply code beats one for any code, then the
    longest URL pattern wins."""

    def __init__(self, mappings: list[ActionMapping]) -> None:
        self.mappings = sorted(mappings, key=lambda m: (m.code == "", -len(m.url)))

    @classmethod
    async def load(cls, db: AsyncSession) -> ActionNames:
        return cls(list((await db.scalars(select(ActionMapping))).all()))

    def name(self, row: OperationLog) -> str | None:
        for m in self.mappings:
            if m.application_type == row.application and m.code in ("", row.code) and url_pattern_matches(
                    m.url, row.url):
                return action_label(m.action_name)
        return kit_action(row.application, row.url)


def action_label(name: str) -> str:
    """A built-in action name in the reader's language; a name staff wrote themselves stays as written."""
    key = f"audit.action.{name}"
    label = t(key)
    return name if label == key else label


def public(row: OperationLog, names: ActionNames) -> dict[str, Any]:
    data = OperationLogPublic.model_validate(row).model_dump(by_alias=True)
    data["actionName"] = names.name(row)
    data["locationName"] = t(f"audit.location.{row.location}") if row.location else None
    return data


@router.post("/search", summary="Search the operation log (time range required, at most 92 days)",
             openapi_extra=declares(OPERATIONS))
async def search(params: AuditFilters, db: SessionDep,
                 user: Annotated[Principal, Need("audit-log")]) -> Reply[Page[OperationLogPublic]]:
    names = await ActionNames.load(db)
    return ok(await page_of(db, audit_query(params, user), params, lambda row: public(row, names)))


@router.get("/detail/{log_id}", summary="One logged call with the field-level changes it made (diff view)",
            openapi_extra=declares(OPERATIONS))
async def detail(log_id: int, db: SessionDep,
                 user: Annotated[Principal, Need("audit-log")]) -> Reply[OperationLogDetail]:
    row = await db.scalar(OPERATIONS(select(OperationLog).where(OperationLog.id == log_id), user))
    if row is None:
        raise NotFound(entity="OperationLog")
    changes = (await db.scalars(select(EntityChange).where(EntityChange.transaction_id == row.transaction_id)
                                .order_by(EntityChange.id))).all()
    data = public(row, await ActionNames.load(db))
    data["changes"] = [EntityChangePublic.model_validate(c).model_dump(by_alias=True) for c in changes]
    return ok(data)


async def write_audit(params: AuditFilters, user: Principal, book: XlsxExport, written: Written | None) -> int:
    tally = Tally(written)
    async with get_sessionmaker()() as db:
        names = await ActionNames.load(db)
        async for row in await db.stream_scalars(audit_query(params, user).execution_options(yield_per=EXPORT_BATCH)):
            data = public(row, names)
            book.add([data[c] for c in EXPORT_COLUMNS])
            await tally.add()
    return tally.rows


AUDIT_EXPORT = exportable(Exportable(name="OperationLog", file="audit-log", filters=AuditFilters,
                                     headers=lambda: [field_label(c) for c in EXPORT_COLUMNS],
                                     matches=audit_query, write=write_audit))


@router.post("/export", summary="Export the matching operation log as xlsx (a task past the threshold)",
             response_class=StreamingResponse, openapi_extra=declares(OPERATIONS), responses=EXPORT_RESPONSES)
async def export(params: AuditFilters, request: Request,
                 user: Annotated[Principal, Need("audit#export")]) -> Response:
    return await export_or_task(request, AUDIT_EXPORT, params, user)


action_mappings = Resource(
    name="ActionMapping", model=ActionMapping, public=ActionMappingPublic, create=ActionMappingCreate,
    update=ActionMappingUpdate, filters=ActionMappingFilters, permission="audit-log",
    actions=Actions(add="action-mapping#add", edit="action-mapping#edit", delete="action-mapping#delete",
                    export="action-mapping#export", import_="action-mapping#import"),
    scope=CONFIGURATION, unique={"uq_action_mappings_url_code": "url"},
)
mapping_router = action_mappings.router(prefix="/action-mapping", tags=["action_mappings"])
