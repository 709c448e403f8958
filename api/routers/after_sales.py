"""After-sales (SPEC §2 /after-service-time, /after-service-day): returns of shipped orders with their steps
(dispatch, receive, inspect, restock, reject) and handling times against each warehouse's SLA, the SLA settings,
and the by-day summary summed from the by-hour tallies. Data authority follows the owning merchant. What each step
does is in services/after_sales. No `from __future__ import annotations`: the step routes are built in a loop and
FastAPI must see real types."""

from collections import defaultdict
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.query import picked
from api.resource.scope import declares
from api.resource.xlsx import XLSX, XlsxExport, download
from api.routers.merchants import through_merchant
from api.routers.orders import orders as order_list
from api.routers.warehouses import merchant_email
from api.schemas.after_sales import (
    DayFilters,
    DayRow,
    DaySummary,
    DayTotals,
    RefundTotal,
    ReturnableLine,
    ReturnActionBody,
    ReturnCreate,
    ReturnFilters,
    ReturnOrderOption,
    ReturnPublic,
    ReturnRef,
    ReturnSlaCreate,
    ReturnSlaFilters,
    ReturnSlaPublic,
    ReturnSlaUpdate,
    overdue_of,
)
from api.schemas.options import PickedIds
from domain.enums import Currency, ReturnAction
from domain.errors import Invalid
from domain.i18n import field_label
from domain.models.after_sales import AfterSalesSla, ReturnHour, ReturnOrder
from domain.models.orders import Order
from domain.models.warehouses import Warehouse
from domain.rules import orders as order_rules
from domain.rules.after_sales import DAY_RANGE_MAX
from domain.user_time_zones import zone_of
from services import after_sales as service
from services.after_sales import tallies

TIME, DAY = "after-service-time", "after-service-day"
PREFIX = "/after-sales"
STEP_BUTTON = {ReturnAction.DISPATCH: "return#receive", ReturnAction.RECEIVE: "return#receive",
               ReturnAction.INSPECT: "return#inspect", ReturnAction.RESTOCK: "return#restock",
               ReturnAction.REJECT: "return#reject"}


def warehouse_name(warehouse_id: Any) -> Any:
    return select(Warehouse.name).where(Warehouse.id == warehouse_id).scalar_subquery()


def return_names() -> dict[str, Any]:
    return {"merchant_email": merchant_email(ReturnOrder.merchant_id),
            "warehouse_name": warehouse_name(ReturnOrder.warehouse_id), "overdue": overdue_of()}


def sla_names() -> dict[str, Any]:
    return {"merchant_email": merchant_email(AfterSalesSla.merchant_id),
            "warehouse_name": warehouse_name(AfterSalesSla.warehouse_id)}


returns = Resource(
    name="ReturnOrder", model=ReturnOrder, public=ReturnPublic, create=ReturnCreate, update=ReturnRef,
    filters=ReturnFilters, permission=TIME, also=(DAY, "after-service-material"),
    actions=Actions(export="return#export"), scope=through_merchant("ReturnOrder", ReturnOrder.merchant_id),
    computed=return_names, relations=(ReturnOrder.lines,), default_sort="-id",
)
router = returns.router(prefix=f"{PREFIX}/return", tags=["returns"])


@router.post("/add", summary="Request a return of a shipped or completed order (lines within what it shipped)")
async def add(body: ReturnCreate, db: SessionDep,
              user: Annotated[Principal, Need("return#add")]) -> Reply[ReturnPublic]:
    await order_list.load(db, user, body.order_id)  # the caller's data authority over the order
    row = await service.create_return(
        db, user, body.order_id, [service.NewLine(line.sku, line.quantity, line.reason) for line in body.lines],
        refund_amount=body.refund_amount, tracking_no=body.tracking_no, note=body.note)
    return ok(ReturnPublic.model_validate(await returns.shown(db, user, row)))


def _step_route(action: ReturnAction) -> None:
    @router.post(f"/{{row_id}}/{action.value.lower()}", summary=f"{action.value.title()} a return",
                 name=action.value.lower(),
                 openapi_extra=declares(returns.scope))
    async def step(row_id: int, body: ReturnActionBody, db: SessionDep,
                   user: Annotated[Principal, Need(STEP_BUTTON[action])]) -> Reply[ReturnPublic]:
        row = await returns.load(db, user, row_id, lock=True)
        good = {line.line_no: line.good_quantity for line in body.lines or []}
        await service.act(db, user, row, action, tracking_no=body.tracking_no, good=good, reason=body.reason)
        return ok(ReturnPublic.model_validate(await returns.shown(db, user, row)))


for _action in ReturnAction:
    _step_route(_action)


@router.get("/order-options", summary="Shipped or completed orders whose number contains what is typed, with what "
            "is still returnable of each SKU (the return form's picker)", openapi_extra=declares(order_list.scope))
async def order_options(db: SessionDep, user: Annotated[Principal, Need("return#add")],
                        q: Annotated[str | None, Query(max_length=100)] = None, ids: PickedIds = None,
                        ) -> Reply[list[ReturnOrderOption]]:
    query = order_list.scope(select(Order, merchant_email(Order.merchant_id).label("email")).where(
        Order.status.in_(service.returns.SHIPPED)).order_by(Order.ordered_at.desc()), user)
    if ids:
        query = query.where(Order.id.in_(ids))
    rows = (await db.execute(picked(query, [Order.channel_order_no], q))).all()
    options = []
    for order, email in rows:
        left = await service.returnable(db, order)
        options.append(ReturnOrderOption(id=order.id, channel_order_no=order.channel_order_no, merchant_email=email,
                                         status=order.status, lines=[ReturnableLine(sku=sku, returnable=n)
                                                                     for sku, n in left.items()]))
    return ok(options)


# ---- SLA ------------------------------------------------------------------------------------------

async def stamp_merchant(db: AsyncSession, row: Any, user: Principal) -> None:
    """A warehouse's row belongs to the warehouse's merchant (the data authority's owner)."""
    merchant_id = await db.scalar(select(Warehouse.merchant_id).where(Warehouse.id == row.warehouse_id))
    if merchant_id is None:
        raise Invalid(field="warehouseId", rule="after_sales_warehouse_missing")
    row.merchant_id = merchant_id


slas = Resource(
    name="AfterSalesSla", model=AfterSalesSla, public=ReturnSlaPublic, create=ReturnSlaCreate, update=ReturnSlaUpdate,
    filters=ReturnSlaFilters, permission=TIME, actions=Actions(add="return-sla#add", edit="return-sla#edit"),
    scope=through_merchant("AfterSalesSla", AfterSalesSla.merchant_id), computed=sla_names, prepare=stamp_merchant,
    unique={"uq_after_sales_slas_warehouse_id": ("warehouseId", "AFTER_SALES_SLA_TAKEN")},
)
sla_router = slas.router(prefix=f"{PREFIX}/sla", tags=["after_sales_slas"])

# ---- by day ---------------------------------------------------------------------------------------

day_router = APIRouter(prefix=f"{PREFIX}/day", tags=["after_sales_days"])
DAYS = through_merchant("ReturnDay", ReturnHour.merchant_id)


async def _days(db: Any, params: DayFilters, user: Principal) -> list[DayRow]:
    days = params.days or []
    lo, hi = order_rules.period(params.preset, days[0] if days else None, days[-1] if days else None,
                                params.gmt_offset, datetime.now(UTC))
    if lo is None or hi is None or (hi - lo).days > DAY_RANGE_MAX:
        raise Invalid(field="days", rule="after_sales_day_range", max=DAY_RANGE_MAX)
    hours = int(order_rules.zone_of(params.gmt_offset).utcoffset(None).total_seconds() // 3600)
    query = DAYS(tallies.by_day(tallies.zone_name(hours), lo, hi), user)
    if params.warehouse_id is not None:
        query = query.where(ReturnHour.warehouse_id == params.warehouse_id)
    if params.merchant_id is not None:
        query = query.where(ReturnHour.merchant_id == params.merchant_id)
    rows = (await db.execute(query.order_by("day", ReturnHour.warehouse_id, ReturnHour.merchant_id,
                                            ReturnHour.currency))).all()
    names = dict((await db.execute(select(Warehouse.id, Warehouse.name).where(
        Warehouse.id.in_({r.warehouse_id for r in rows})))).all())
    emails = dict((await db.execute(select(Warehouse.merchant_id, merchant_email(Warehouse.merchant_id)).where(
        Warehouse.merchant_id.in_({r.merchant_id for r in rows})))).all())
    return [DayRow(day=r.day, warehouse_id=r.warehouse_id, warehouse_name=names.get(r.warehouse_id),
                   merchant_id=r.merchant_id, merchant_email=emails.get(r.merchant_id), currency=r.currency,
                   requested=r.requested, received=r.received, restocked=r.restocked, defective=r.defective,
                   rejected=r.rejected, refund_amount=r.refund_amount) for r in rows]


@day_router.post("/search", summary="Returns by local day, warehouse, merchant and currency (summed from the hourly "
                 "tallies); the totals' refunds per currency",
                 openapi_extra=declares(DAYS))
async def day_search(params: DayFilters, db: SessionDep, user: Annotated[Principal, Need(DAY)]) -> Reply[DaySummary]:
    rows = await _days(db, params, user)
    refunds: dict[Currency, Decimal] = defaultdict(Decimal)  # never added across currencies
    for row in rows:
        refunds[row.currency] += row.refund_amount
    counts = {name: sum(getattr(row, name) for row in rows) for name in tallies.COUNTS}
    totals = DayTotals.model_validate({**counts, "refunds": [RefundTotal(currency=currency, amount=amount)
                                                             for currency, amount in sorted(refunds.items())]})
    return ok(DaySummary(rows=rows, totals=totals))


@day_router.post("/export", summary="The by-day summary as xlsx", response_class=StreamingResponse,
                 openapi_extra=declares(DAYS),
                 responses={200: {"content": {XLSX: {}}}})
async def day_export(params: DayFilters, db: SessionDep,
                     user: Annotated[Principal, Need("return-day#export")]) -> StreamingResponse:
    columns = [(name, info.alias or name) for name, info in DayRow.model_fields.items()]
    book = XlsxExport([field_label(alias) for _, alias in columns], await zone_of(db, user.id), sheet="days")
    for row in await _days(db, params, user):
        book.add([getattr(row, name) for name, _ in columns])
    book.close()
    return download(book, "after-sales-by-day.xlsx")


ROUTERS = [router, sla_router, day_router]
