"""The ticket dashboard (SPEC §2, §4): by ticket, category, SLA, week, month and status, with the closed,
resolve and SLA rates; merged tickets are counted apart and left out of the rates. Categories are grouped by
code and named from their managed list in the reader's language."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter
from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource.scope import declares
from api.schemas.ticket_reports import DashboardQuery, TicketDashboard
from api.ticket_ops import TICKETS
from domain.enums import DatePreset, TicketStatus
from domain.models.ticket_settings import TicketCategory
from domain.models.tickets import Ticket
from domain.rules.ticket_reports import preset_range, rates
from domain.rules.time_zones import zone_or_default
from domain.user_time_zones import zone_name_of
from services.tickets.lists import names_of

router = APIRouter(prefix="/ticket", tags=["tickets"])
S = TicketStatus


def counted() -> list[Any]:
    """The columns every group reports: created, closed, confirming, qualified (as sums over the group)."""
    breached = or_(Ticket.first_response_breached, Ticket.resolve_breached)
    return [func.count().label("created"),
            func.count().filter(Ticket.status == S.CLOSED).label("closed"),
            func.count().filter(Ticket.status == S.PENDING_FOR_CONFIRMATION).label("confirming"),
            func.count().filter(~breached).label("qualified")]


def figures(row: Any) -> dict[str, Any]:
    values = {"created": row.created, "closed": row.closed, "confirming": row.confirming, "qualified": row.qualified}
    return {**values, **rates(**values)}


async def grouped(db: AsyncSession, base: Select[Any], *keys: Any) -> list[Any]:
    query = base.with_only_columns(*keys, *counted()).group_by(*keys).order_by(*keys)
    return list((await db.execute(query)).all())


@router.post("/dashboard", summary="Ticket dashboard figures for a date preset or range",
             openapi_extra=declares(TICKETS, **{"x-audit": False}))  # a read, though a POST
async def dashboard(body: DashboardQuery, db: SessionDep,
                    user: Annotated[Principal, Need("ticket-report")]) -> Reply[TicketDashboard]:
    zone_name = await zone_name_of(db, user.id)  # presets and week/month buckets follow the reader's days
    zone = zone_or_default(zone_name)
    if body.preset is not None or body.created_at is None:
        start, end = preset_range(body.preset or DatePreset.MONTH, datetime.now(zone))
    else:
        start, end = body.created_at[0], body.created_at[1]
    scope = [Ticket.created_at >= start, Ticket.created_at < end, *TICKETS.conditions(user)]
    if body.category:
        scope.append(Ticket.category.in_(body.category))
    if body.application:
        scope.append(Ticket.application.in_(body.application))
    merged = await db.scalar(select(func.count()).where(*scope, Ticket.merged_into_id.is_not(None))) or 0
    base = select(Ticket.id).where(and_(*scope), Ticket.merged_into_id.is_(None))
    statuses = {r.status: r for r in await grouped(db, base, Ticket.status)}
    total = (await db.execute(base.with_only_columns(*counted()))).one()
    local = func.timezone(zone_name, Ticket.created_at)
    week, month = func.date_trunc("week", local).label("period"), func.date_trunc("month", local).label("period")
    levels = await grouped(db, base, Ticket.level)
    breaches = {lv: (fr, rs) for lv, fr, rs in (await db.execute(base.with_only_columns(
        Ticket.level, func.count().filter(Ticket.first_response_breached),
        func.count().filter(Ticket.resolve_breached)).group_by(Ticket.level))).all()}
    names = await names_of(db, TicketCategory)
    count_of = {status: (statuses[status].created if status in statuses else 0) for status in S}
    return ok({
        "start": start, "end": end, "timeZone": zone_name,
        "summary": {**figures(total), "merged": merged, "breached": total.created - total.qualified,
                    "resolved": count_of[S.RESOLVED], "wontFix": count_of[S.WONT_FIX],
                    "open": sum(count_of[s] for s in (S.NEW, S.PENDING_FOR_OPERATION, S.WORK_IN_PROCESS, S.PENDING))},
        "byStatus": [{"status": s, "count": count_of[s]} for s in S],
        "byCategory": [{"category": r.category, "name": names.get(r.category, r.category), **figures(r)}
                       for r in await grouped(db, base, Ticket.category)],
        "bySla": [{"level": r.level, **figures(r), "firstResponseBreached": breaches[r.level][0],
                   "resolveBreached": breaches[r.level][1]} for r in levels],
        "byWeek": [{"period": r.period.date(), **figures(r)} for r in await grouped(db, base, week)],
        "byMonth": [{"period": r.period.date(), **figures(r)} for r in await grouped(db, base, month)],
    })
