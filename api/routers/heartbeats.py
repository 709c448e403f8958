"""Heartbeat screens (SPEC §2 /system/task/heartbeat/*): application status, the heartbeat list and one process's
history. Processes write their own beats (domain/heartbeats.py); these routes only read."""

from __future__ import annotations

from typing import Annotated

from sqlalchemy import func, select

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.resource import Actions, Resource
from api.resource.query import page_of
from api.resource.scope import declares, unscoped
from api.schemas.heartbeats import ApplicationStatus, BeatFilters, BeatPublic, HeartbeatFilters, HeartbeatPublic
from domain.enums import HeartbeatStatus
from domain.models.heartbeats import AppInstance, HeartbeatBeat

LIST, STATUS, DETAIL = "heartbeat-list", "application-status", "heartbeat-detail"
PROCESSES = unscoped("the console's own processes: no country, team or owner")

heartbeats = Resource(
    name="Heartbeat", model=AppInstance, public=HeartbeatPublic, create=HeartbeatPublic, update=HeartbeatPublic,
    filters=HeartbeatFilters, permission=LIST, also=(STATUS, DETAIL), actions=Actions(), scope=PROCESSES,
    default_sort="-last_beat_at",
)
router = heartbeats.router(prefix="/heartbeat", tags=["heartbeats"])


@router.post("/beats/search", summary="One process's beats, newest first (kept for the retention period)",
             openapi_extra=declares(PROCESSES))
async def beats(params: BeatFilters, db: SessionDep,
                _: Annotated[Principal, Need(LIST, DETAIL)]) -> Reply[Page[BeatPublic]]:
    query = select(HeartbeatBeat).where(HeartbeatBeat.instance_id == params.instance_id).order_by(
        HeartbeatBeat.at.desc(), HeartbeatBeat.id.desc())
    return ok(await page_of(db, query, params, BeatPublic.model_validate))


@router.get("/application-status", summary="Each kind of process at each version: alive, dead, hosts, last beat",
            openapi_extra=declares(PROCESSES))
async def application_status(db: SessionDep,
                             _: Annotated[Principal, Need(STATUS, LIST)]) -> Reply[list[ApplicationStatus]]:
    alive = AppInstance.status == HeartbeatStatus.ALIVE.value
    rows = (await db.execute(
        select(AppInstance.kind, AppInstance.version,
               func.count().filter(alive).label("alive"), func.count().filter(~alive).label("dead"),
               func.array_agg(func.distinct(AppInstance.host)).label("hosts"),
               func.max(AppInstance.last_beat_at).label("last_beat_at"))
        .group_by(AppInstance.kind, AppInstance.version)
        .order_by(AppInstance.kind, func.max(AppInstance.last_beat_at).desc()))).all()
    return ok([ApplicationStatus.model_validate(row._mapping) for row in rows])
