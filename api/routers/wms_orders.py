"""WMS orders and the order process (SPEC §2 /order-process, §3 WMS order, §4 WMS order states and outbound
working status): the warehouse's list of outbound orders with its tabs and their counts (per warehouse: folded
counts plus the deltas a trigger appends, migrations 0050, 0059), its xlsx export, the batch steps (allocate,
wave, picked, pack, hand over, abnormal, resume, cancel) and an order's history. Data authority follows the
owning merchant, as the stock lists'. What a step does is in services/wms_orders; its table in
domain/rules/wms_orders.py.
No `from __future__ import annotations`: the step routes are built in a loop and FastAPI must see real types."""

from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any

from sqlalchemy import String, bindparam, cast, func, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.page import Tallies
from api.resource.query import apply_filters, filter_shape, filter_values
from api.resource.scope import declares
from api.resource.statements import Statements
from api.routers.merchants import through_merchant
from api.routers.stock_orders import CallerScope
from api.schemas.wms_orders import (
    WmsAbnormal,
    WmsActionPublic,
    WmsBatchResult,
    WmsOrderFilters,
    WmsOrderPage,
    WmsOrderPublic,
    WmsPack,
    WmsSelection,
)
from domain.db import Executor
from domain.enums import StockOrderDirection, WmsOrderStatus
from domain.models.couriers import Courier
from domain.models.merchants import Merchant, Shop
from domain.models.orders import Order
from domain.models.stock_orders import StockOrder, StockOrderAction, StockOrderLine, merged_orders
from domain.models.warehouses import Warehouse
from domain.models.wms_orders import WmsOrderCount, WmsOrderCountDelta
from domain.rules.wms_orders import ProcessAction
from services import wms_orders as service
from services.wms_orders import counts

MENU = "order-process"
PREFIX = "/wms-order"


def channel_order(column: Any) -> Any:
    """A field of the channel order the outbound order fulfils (its partition found by the order time)."""
    return select(column).where(Order.shop_id == StockOrder.shop_id,
                                Order.channel_order_no == StockOrder.channel_order_no,
                                Order.ordered_at == StockOrder.channel_ordered_at).limit(1).scalar_subquery()


def with_names() -> dict[str, Any]:
    address = func.concat_ws(", ", Order.address_line1, Order.address_line2, Order.city, Order.province,
                             Order.postcode, Order.address_country)
    return {
        "merchant_email": select(Merchant.email).where(Merchant.id == StockOrder.merchant_id).scalar_subquery(),
        "warehouse_name": select(Warehouse.name).where(Warehouse.id == StockOrder.warehouse_id).scalar_subquery(),
        "shop_name": select(Shop.name).where(Shop.id == StockOrder.shop_id).scalar_subquery(),
        "channel": select(Shop.channel).where(Shop.id == StockOrder.shop_id).scalar_subquery(),
        "courier_name": select(Courier.name).where(Courier.id == StockOrder.courier_id).scalar_subquery(),
        "recipient_name": channel_order(Order.recipient_name),
        "recipient_phone": channel_order(Order.recipient_phone),
        "recipient_address": channel_order(address),
        # the other channel orders the package carries, merged with the one it is named after
        "merged_orders": merged_orders(),
        "content": select(func.string_agg(
            StockOrderLine.sku + " x " + cast(StockOrderLine.planned, String),
            aggregate_order_by(literal_column("'; '"), StockOrderLine.id))
        ).where(StockOrderLine.order_id == StockOrder.id).scalar_subquery(),
    }


COUNTS_SCOPE = through_merchant("StockOrder", WmsOrderCount.merchant_id)
DELTAS_SCOPE = through_merchant("StockOrder", WmsOrderCountDelta.merchant_id)
COUNTED, DIRECT = Statements(), Statements()


async def tab_counts(db: Executor, params: WmsOrderFilters, user: Principal) -> dict[str, Any]:
    """Each WMS status's count for the search's filters but the tab: from the per-warehouse counts (folded, plus
    the deltas the trigger appended since, services/wms_orders/counts.py), or, for the filters those do not hold
    (an order or tracking number, a period ...), over the orders found."""
    others = params.model_copy(update={"wms_status": None})
    me: Any = bindparam("p_me", user.id)
    if others.narrow():
        def direct() -> Any:
            found = select(StockOrder.wms_status, func.count().label("n")).where(
                StockOrder.direction == StockOrderDirection.OUTBOUND, *orders.scope.conditions(user, me))
            return apply_filters(found, StockOrder, others).group_by(StockOrder.wms_status)
        rows = await DIRECT.rows(db, (filter_shape(others), orders.scope.shape(user)), direct,
                                 {**filter_values(others), "p_me": user.id})
    else:
        warehouse_id, merchant_id = others.warehouse_id, others.merchant_id
        bound = counts.values(warehouse_id, merchant_id)

        def summed() -> Any:
            return counts.statement(bound, COUNTS_SCOPE.conditions(user, me), DELTAS_SCOPE.conditions(user, me))
        shape = (counts.shape(warehouse_id, merchant_id), COUNTS_SCOPE.shape(user))
        rows = await COUNTED.rows(db, shape, summed, {**bound, "p_me": user.id})
    found = {str(row[0]): int(row[1]) for row in rows if row[0] is not None}
    tabs = {status.value: found.get(status.value, 0) for status in WmsOrderStatus}
    return {"tabs": {"ALL": sum(tabs.values()), **tabs}}


orders = Resource(
    name="WmsOrder", model=StockOrder, public=WmsOrderPublic, create=WmsOrderPublic, update=WmsOrderPublic,
    filters=WmsOrderFilters, permission=MENU, actions=Actions(export="wms-order#export"),
    scope=through_merchant("StockOrder", StockOrder.merchant_id), computed=with_names,
    # the warehouse works outbound orders only: the kit leaves inbound ones out of every read as it would
    # leave out a deleted row
    soft_delete=("direction", StockOrderDirection.INBOUND),
    sortable={"id", "created_at", "updated_at", "order_no"}, default_sort="-id",
    tallies=Tallies(WmsOrderPage, tab_counts),
)

router = orders.router(prefix=PREFIX, tags=["wms_orders"])


async def listed(db: AsyncSession, user: Principal, ids: Sequence[int]) -> list[WmsOrderPublic]:
    """The orders as the list shows them, after a step (re-read with their derived status and names)."""
    rows = (await db.scalars(orders.base_query(user).where(StockOrder.id.in_(list(ids))).order_by(StockOrder.id)
                             .execution_options(populate_existing=True))).all()
    return [WmsOrderPublic.model_validate(row) for row in rows]


@router.get("/{row_id}/history", summary="An order's history: every step taken on it, by whom and when",
            openapi_extra=declares(orders.scope))
async def history(row_id: int, db: SessionDep,
                  user: Annotated[Principal, Need(MENU)]) -> Reply[list[WmsActionPublic]]:
    row = await orders.load(db, user, row_id)
    actions = (await db.scalars(select(StockOrderAction).where(StockOrderAction.order_id == row.id)
                                .order_by(StockOrderAction.revision))).all()
    return ok([WmsActionPublic.model_validate(a) for a in actions])


Step = Callable[[AsyncSession, Principal, CallerScope, list[int]], Awaitable[Any]]


def step_route(path: str, permission: str, summary: str, run: Step) -> None:
    async def route(body: WmsSelection, db: SessionDep,
                    user: Annotated[Principal, Need(permission)]) -> Reply[WmsBatchResult]:
        done = await run(db, user, CallerScope(user), body.ids)
        rows, wave = done if isinstance(done, tuple) else (done, None)
        return ok(WmsBatchResult(orders=await listed(db, user, [row.id for row in rows]), wave_no=wave))

    router.add_api_route(f"/{path}", route, methods=["POST"], name=f"wms_{path}", summary=summary)


def stepping(action: ProcessAction) -> Step:
    async def run(db: AsyncSession, user: Principal, scope: CallerScope, ids: list[int]) -> Any:
        return await service.step(db, user, scope, action, ids)
    return run


PROCESS = "wms-order#process"
STEPS: tuple[tuple[str, str, str, Step], ...] = (
    ("allocate", PROCESS, "Allocate the selected orders' stock to their picks (ALLOCATED)",
     stepping(ProcessAction.ALLOCATE)),
    ("wave", PROCESS, "Make the selected orders one pick wave (PICKING_PROCESS), all or nothing",
     stepping(ProcessAction.WAVE)),
    ("picked", PROCESS, "The selected orders are picked (SORTING_AND_REVIEWING)", stepping(ProcessAction.PICKED)),
    ("handover", PROCESS, "Hand the packed orders to the carrier: each ships through the outbound path "
     "(stock consumed in the ledger; a channel order it fulfils moves to shipping)", service.handover),
    ("resume", "wms-order#abnormal", "Resume abnormal packages where they stood", service.resume),
    ("cancel", "wms-order#cancel", "Cancel the selected orders before they leave: their lock is released",
     service.cancel),
)
for entry in STEPS:
    step_route(*entry)


@router.post("/pack", summary="Pack the selected orders with the carrier and each parcel's tracking number "
             "(required, unique per carrier): PACKED")
async def pack(body: WmsPack, db: SessionDep,
               user: Annotated[Principal, Need(PROCESS)]) -> Reply[WmsBatchResult]:
    rows = await service.pack(db, user, CallerScope(user), body.courier_id,
                              [(p.id, p.tracking_no) for p in body.parcels])
    return ok(WmsBatchResult(orders=await listed(db, user, [row.id for row in rows])))


@router.post("/abnormal", summary="Hold the selected orders as abnormal packages with a reason (a short pick ...)")
async def abnormal(body: WmsAbnormal, db: SessionDep,
                   user: Annotated[Principal, Need("wms-order#abnormal")]) -> Reply[WmsBatchResult]:
    rows = await service.abnormal(db, user, CallerScope(user), body.ids, body.reason, body.note)
    return ok(WmsBatchResult(orders=await listed(db, user, [row.id for row in rows])))
