"""Channel orders (SPEC §2 /operation/ginee-oms/order/order-list and /orderId/:id, §3 order display and tabs):
the list with its tabs and their counts in one reply, the detail with lines and timeline, the actions (accept,
ship, complete, cancel, hold with a cause, release) and the xlsx export. Data authority follows the owning
merchant. What an action does is in services/orders; the counts come from services/orders/counts.
No `from __future__ import annotations`: the action routes are built in a loop and FastAPI must see real types."""

from typing import Annotated, Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.page import Tallies
from api.resource.query import apply_filters, filter_shape, filter_values
from api.resource.scope import declares
from api.resource.statements import Statements
from api.routers.merchants import through_merchant
from api.schemas.orders import (
    OrderDetail,
    OrderEventPublic,
    OrderFilters,
    OrderHoldBody,
    OrderLinePublic,
    OrderPage,
    OrderPublic,
    OrderRef,
    period_binds,
    recent_binds,
)
from domain import audit
from domain.db import Executor
from domain.enums import OrderAction, OrderTab
from domain.models.merchants import Merchant, Shop
from domain.models.orders import Order, OrderCount, OrderCountDelta, OrderEvent, OrderLine
from domain.rules import orders as rules
from services import orders as service
from services.orders import fulfilment, handover
from services.orders.counts import CountFilters, statement

MENU = "order-list"
DETAIL = "order-detail"
PREFIX = "/order"


def with_names() -> dict[str, Any]:
    return {
        "merchant_email": select(Merchant.email).where(Merchant.id == Order.merchant_id).scalar_subquery(),
        "shop_name": select(Shop.name).where(Shop.id == Order.shop_id).scalar_subquery(),
    }


COUNTS_SCOPE = through_merchant("Order", OrderCount.merchant_id)
DELTAS_SCOPE = through_merchant("Order", OrderCountDelta.merchant_id)
COUNTED, DIRECT = Statements(), Statements()


def count_filters(params: OrderFilters) -> CountFilters:
    """The filters as the maintained counts take them: the period and the past-90-days bound meet."""
    bounds = period_binds(params.ordered_at) if params.ordered_at else {}
    recent = recent_binds(bool(params.recent))
    starts = [at for at in (bounds.get("f_ordered_at_from"), recent.get("f_recent_from")) if at is not None]
    return CountFilters(merchant_ids=(params.merchant_id,) if params.merchant_id else (),
                        shop_ids=(params.shop_id,) if params.shop_id else (),
                        channels=tuple(params.channel or ()), statuses=tuple(params.status or ()),
                        lo=max(starts) if starts else None, hi=bounds.get("f_ordered_at_to"))


def tab_statement(params: OrderFilters, user: Principal) -> tuple[Statements, Any, Any, dict[str, Any]]:
    """(status, n) for the search's filters but the tab, as (statements, shape, build, values): from the
    maintained counts, or, for named order numbers (a hundred at most), from those orders."""
    others = params.model_copy(update={"order_tab": None})
    me: Any = bindparam("p_me", user.id)
    if others.order_no:
        def direct() -> Any:
            matched = select(Order.status, func.count().label("n")).where(*orders.scope.conditions(user, me))
            return apply_filters(matched, Order, others).group_by(Order.status)
        shape = (filter_shape(others), orders.scope.shape(user))
        return DIRECT, shape, direct, {**filter_values(others), "p_me": user.id}
    counted = count_filters(others)
    scoped = bool(COUNTS_SCOPE.conditions(user))

    def summed() -> Any:
        return statement(counted, COUNTS_SCOPE.conditions(user, me), DELTAS_SCOPE.conditions(user, me))
    return COUNTED, (counted.shape(scoped), COUNTS_SCOPE.shape(user)), summed, {**counted.values(), "p_me": user.id}


async def tab_counts(db: Executor, params: OrderFilters, user: Principal) -> dict[str, Any]:
    """Each tab's count for the search's filters but the tab (`tab_statement`)."""
    statements, shape, build, values = tab_statement(params, user)
    by_status = {row[0]: int(row[1]) for row in await statements.rows(db, shape, build, values)}
    return {"tabs": {tab.value: sum(by_status.get(s, 0) for s in statuses)
                     for tab, statuses in rules.TAB_STATUSES.items()}}


def tab_total(figures: dict[str, Any], params: OrderFilters) -> int:
    """The page's total is its tab's count, exact whatever the filters: the counts take every filter but the tab
    (order numbers counted from their orders), and the tab picks its statuses from them."""
    return int(figures["tabs"][(params.order_tab or OrderTab.ALL).value])


orders = Resource(
    name="Order", model=Order, public=OrderPublic, create=OrderPublic, update=OrderPublic, filters=OrderFilters,
    permission=MENU, also=(DETAIL,), actions=Actions(export="order#export"),
    scope=through_merchant("Order", Order.merchant_id), computed=with_names, default_sort="-ordered_at",
    sortable={"ordered_at", "total", "updated_at", "id"}, tallies=Tallies(OrderPage, tab_counts, tab_total),
)

router = orders.router(prefix=PREFIX, tags=["orders"])


async def detail_of(db: AsyncSession, user: Principal, row_id: int) -> OrderDetail:
    row = await orders.shown(db, user, await orders.load(db, user, row_id))
    lines = (await db.scalars(select(OrderLine).where(OrderLine.order_id == row.id,
                                                       OrderLine.ordered_at == row.ordered_at)
                              .order_by(OrderLine.line_no))).all()
    events = (await db.scalars(select(OrderEvent).where(OrderEvent.order_id == row.id,
                                                         OrderEvent.ordered_at == row.ordered_at)
                               .order_by(OrderEvent.revision))).all()
    shown = OrderPublic.model_validate(row).model_dump()
    extra = {name: getattr(row, name) for name in OrderDetail.model_fields if name not in shown and hasattr(row, name)}
    return OrderDetail(**shown, **extra, lines=[OrderLinePublic.model_validate(line) for line in lines],
                       timeline=[OrderEventPublic.model_validate(event) for event in events],
                       actions=rules.allowed_actions(row.status))


@router.get("/{row_id}/details", summary="An order with every field of its display, its lines, its timeline and "
            "the actions its state allows", openapi_extra=declares(orders.scope))
async def details(row_id: int, db: SessionDep, user: Annotated[Principal, Need(MENU, DETAIL)]) -> Reply[OrderDetail]:
    return ok(await detail_of(db, user, row_id))


async def act(db: AsyncSession, user: Principal, action: OrderAction, body: OrderRef,
              cause: Any = None) -> OrderDetail:
    row = await orders.load(db, user, body.id)  # within the caller's data authority (else not found)
    before = {"status": row.status, "cause": row.cause}
    if action == OrderAction.RELEASE:  # resumed: accepted again when it can be (services/orders/fulfilment.py)
        changed = await fulfilment.resume(db, user, row.id, body.note)
    else:
        changed = await service.transition(db, user, row.id, action, cause=cause, note=body.note)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="Order",
                              entity_id=row.id, action=action.value.lower(), before=before,
                              after={"status": changed.status, "cause": changed.cause})
    return await detail_of(db, user, row.id)


def action_route(action: OrderAction, summary: str) -> None:
    async def route(body: OrderRef, db: SessionDep,
                    user: Annotated[Principal, Need(f"order#{action.value.lower()}")]) -> Reply[OrderDetail]:
        return ok(await act(db, user, action, body))

    router.add_api_route(f"/{action.value.lower()}", route, methods=["POST"], name=f"order_{action.value.lower()}",
                         summary=summary)


for _action, _summary in (
    (OrderAction.ACCEPT, "Accept a pending order: its lines are reserved at the shop's warehouse (READY), or it "
                         "goes ABNORMAL with the cause (short of stock, intercepted)"),
    (OrderAction.SHIP, "Ship a ready order (SHIPPING): its reservation is consumed through the outbound order"),
    (OrderAction.COMPLETE, "Complete a shipping order (COMPLETED)"),
    (OrderAction.CANCEL, "Cancel a pending, ready or abnormal order: what it reserved is released, once"),
    (OrderAction.RELEASE, "Release an abnormal order: it resumes as PENDING and is accepted again (READY when its "
                          "stock is reserved, ABNORMAL again with the new cause when not)"),
):
    action_route(_action, _summary)


@router.post("/hold", summary="Hold a pending or ready order as ABNORMAL with a stock exception cause")
async def hold(body: OrderHoldBody, db: SessionDep,
               user: Annotated[Principal, Need("order#hold")]) -> Reply[OrderDetail]:
    return ok(await act(db, user, OrderAction.HOLD, body, body.cause))



@router.post("/to-warehouse", summary="Hand a ready order to its warehouse's order process: its reservation becomes "
             "the locks of its parcels there, outbound orders split by the merchant's order settings (open ones are "
             "joined), which the order process ships")
async def to_warehouse(body: OrderRef, db: SessionDep,
                       user: Annotated[Principal, Need("order#ship")]) -> Reply[OrderDetail]:
    row = await orders.load(db, user, body.id)  # within the caller's data authority (else not found)
    parcels = await handover.to_warehouse(db, user, row.id)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="Order",
                              entity_id=row.id, action="to_warehouse", before={"outbound": None},
                              after={"outbound": ", ".join(parcel.order_no for parcel in parcels)})
    return ok(await detail_of(db, user, row.id))
