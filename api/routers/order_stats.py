"""Order statistics (SPEC §9 order statistics every 60 minutes, the order dashboard's orders, GMV and average
transaction value by status, channel and country in a GMT+01..+12 offset): sums of the hourly buckets
(services/orders/stats.py) within the caller's data authority, and a backfill's progress. A backfill is started
from the scheduled tasks screen on the built-in rollup task's row (api/routers/jobs.py backfill)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import bindparam

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.flows import temporal_client
from api.resource.scope import CONFIGURATION, declares
from api.routers.merchants import through_merchant
from api.schemas.jobs import JobBackfillBody
from api.schemas.order_stats import OrderStatsBackfillView, OrderStatsQuery, OrderStatsView
from api.temporal_ui import OPERATE, workflow_path
from domain.enums import DatePreset
from domain.errors import Invalid, NotFound
from domain.models.order_stats import OrderStat, OrderStatsBackfill
from domain.rules import order_stats as rules
from domain.rules import orders as order_rules
from services.orders import stats
from services.orders.stats_flow import start_backfill

READ = "order-list"
BACKFILLS = "task-schedule"
SCOPE = through_merchant("Order", OrderStat.merchant_id)
router = APIRouter(prefix="/order-stats", tags=["order_stats"])


@router.get("", summary="Orders, GMV and average transaction value of a period in a GMT offset, from the hourly "
            "buckets, by up to three groups", openapi_extra=declares(SCOPE))
async def read_stats(params: Annotated[OrderStatsQuery, Query()], db: SessionDep,
                     user: Annotated[Principal, Need(READ)]) -> Reply[OrderStatsView]:
    offset = params.gmt_offset or order_rules.DEFAULT_OFFSET
    if params.preset is None and (params.start is None) != (params.end is None):
        raise Invalid("end" if params.end is None else "start", "order_stats_range_required")
    preset = params.preset or (None if params.start else DatePreset.TODAY)  # today in the offset by default
    lo, hi = order_rules.period(preset, params.start, params.end, offset, datetime.now(UTC))
    lo, hi = rules.check_read_range(lo, hi)
    query = stats.StatsQuery(
        lo=lo, hi=hi, offset_hours=rules.offset_hours(offset), group_by=rules.check_groups(params.group_by),
        merchant_ids=(params.merchant_id,) if params.merchant_id else (), channels=tuple(params.channel),
        countries=tuple(params.country), statuses=tuple(params.status))
    found = await stats.order_stats(db, SCOPE.conditions(user, bindparam("p_me", user.id)), query)
    return ok({"start_at": lo, "end_at": hi, "gmt_offset": offset, **found})


def backfill_view(row: OrderStatsBackfill, user: Principal) -> OrderStatsBackfillView:
    view = OrderStatsBackfillView.model_validate(row)
    view.workflow_url = workflow_path(row.workflow_id) if user.can(OPERATE) else None
    return view


@router.get("/backfill/{backfill_id}", summary="A backfill's progress: hours rolled of the total, its state",
            openapi_extra=declares(CONFIGURATION))
async def backfill_progress(backfill_id: int, db: SessionDep,
                            user: Annotated[Principal, Need(BACKFILLS)]) -> Reply[OrderStatsBackfillView]:
    row = await db.get(OrderStatsBackfill, backfill_id)
    if row is None:
        raise NotFound(id=backfill_id)
    return ok(backfill_view(row, user))


async def backfill(db: SessionDep, request: Request, user: Principal, body: JobBackfillBody) -> Any:
    """The rollup task's backfill: every hour the range touches rolled again by a flow, in batches."""
    lo, hi, hours = rules.backfill_range(body.start_at, body.end_at, datetime.now(UTC))
    client = await temporal_client(request)
    await release(db)
    row = await start_backfill(client, lo, hi, hours, user.id)
    return backfill_view(row, user)
