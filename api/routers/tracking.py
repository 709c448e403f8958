"""Event tracking (ingestion, search, export) and access tracking of named console pages (SPEC §2, §3)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import insert, select

from api.deps import AUTHENTICATED, Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.log_search import log_query
from api.resource.query import apply_filters, apply_sort, page_of
from api.resource.scope import declares, scoped
from api.resource.xlsx import XlsxExport, download
from api.schemas.tracking import (
    Accepted,
    EventBatch,
    EventFilters,
    EventPublic,
    EventReport,
    VisitBody,
    VisitFilters,
    VisitPublic,
)
from domain.db import get_sessionmaker
from domain.i18n import field_label
from domain.models.tracking import AccessVisit, TrackingEvent
from domain.user_time_zones import zone_of

router = APIRouter(tags=["tracking"])
QUIET = {"x-audit": False}  # tracking calls are records themselves; logging each again would double them


def device(value: Any) -> dict[str, Any] | None:
    return {"description": value} if isinstance(value, str) else value


@router.post("/event-tracking/report", openapi_extra=QUIET,
             summary="Report one event, or a list of up to 500")
async def report(body: EventReport | EventBatch, request: Request, db: SessionDep,
                 user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[Accepted]:
    events = body if isinstance(body, list) else [body]
    ip = request.client.host if request.client else None
    await db.execute(insert(TrackingEvent), [
        {**e.model_dump(exclude={"device_info"}), "device_info": device(e.device_info), "reporter_id": user.id,
         "ip": ip} for e in events])
    return ok({"accepted": len(events)})


# Events and visits are the records of the staff member whose console reported them.
EVENTS = scoped(name="TrackingEvent", owner=TrackingEvent.reporter_id)
VISITS = scoped(name="AccessVisit", owner=AccessVisit.user_id)


def event_query(params: EventFilters, user: Principal) -> Any:
    return log_query(EVENTS, TrackingEvent, params, user, {"id", "at", "event_id", "merchant_id"},
                     start=params.start_time, end=params.end_time)


@router.post("/event-tracking/search", summary="Search reported events (time range required, at most 92 days)",
             openapi_extra=declares(EVENTS))
async def search_events(params: EventFilters, db: SessionDep,
                        user: Annotated[Principal, Need("event-tracking")]) -> Reply[Page[EventPublic]]:
    return ok(await page_of(db, event_query(params, user), params, EventPublic.model_validate))


@router.post("/event-tracking/export", summary="Export the matching events as xlsx", response_class=StreamingResponse,
             openapi_extra=declares(EVENTS),
             responses={200: {"content": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {}}}})
async def export_events(params: EventFilters,
                        user: Annotated[Principal, Need("event-tracking#export")]) -> StreamingResponse:
    query = event_query(params, user)
    columns = [(name, info.alias or name) for name, info in EventPublic.model_fields.items()]
    async with get_sessionmaker()() as db:
        book = XlsxExport([field_label(alias) for _, alias in columns], await zone_of(db, user.id), sheet="events")
        async for row in await db.stream_scalars(query.execution_options(yield_per=2000)):
            book.add([getattr(row, name) for name, _ in columns])
    book.close()
    return download(book, "events.xlsx")


@router.post("/access-tracking/add", openapi_extra=QUIET, summary="Record a visit to a named page")
async def add_visit(body: VisitBody, db: SessionDep,
                    user: Annotated[Principal, Need(AUTHENTICATED)]) -> Reply[None]:
    db.add(AccessVisit(user_id=user.id, username=user.username, name=body.name, access_url=body.access_url))
    return ok(None)


@router.post("/access-tracking/search", summary="Search visits to named pages", openapi_extra=declares(VISITS))
async def search_visits(params: VisitFilters, db: SessionDep,
                        user: Annotated[Principal, Need("event-tracking")]) -> Reply[Page[VisitPublic]]:
    query = apply_sort(apply_filters(VISITS(select(AccessVisit), user), AccessVisit, params), AccessVisit, params.sort,
                       {"id", "at", "name", "username"}, "-id")
    return ok(await page_of(db, query, params, VisitPublic.model_validate))
