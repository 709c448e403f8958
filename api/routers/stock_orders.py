"""Inbound and outbound orders (SPEC §2 /operation/ginee-oms/stock/outbound-inbound-order-query): search by order
number with details, create, receive, ship, cancel, void, delete, mass outbound and mass cancel, xlsx export.
Data authority follows the owning merchant. What each action does is in services/stock/orders.py.
No `from __future__ import annotations`: the warehouse-side routes are built in a loop and FastAPI must see real
types."""

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Response
from fastapi.responses import HTMLResponse
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.idempotency import REPLAYED_HEADER, Idempotency, KeyHeader
from api.resource import Actions, Resource
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.routers.warehouses import warehouses
from api.schemas.stock_orders import (
    MassResult,
    StockFigures,
    StockOrderActionPublic,
    StockOrderCreate,
    StockOrderDetails,
    StockOrderFilters,
    StockOrderProgress,
    StockOrderPublic,
    StockOrderReceipt,
    StockOrderRef,
    StockOrderSelection,
)
from domain.i18n import current_language, pick_language
from domain.models.merchants import Merchant
from domain.models.stock_orders import StockOrder, StockOrderAction
from domain.models.warehouses import Warehouse
from domain.rules import stock_orders as rules
from domain.rules.stock_orders import Action, MassAction
from services.stock import orders as ops
from services.stock.picking import picking_list

MENU = "outbound-inbound-order-query"
PREFIX = "/stock-order"


def with_names() -> dict[str, Any]:
    return {
        "merchant_email": select(Merchant.email).where(Merchant.id == StockOrder.merchant_id).scalar_subquery(),
        "warehouse_name": select(Warehouse.name).where(Warehouse.id == StockOrder.warehouse_id).scalar_subquery(),
    }


async def delete_check(db: AsyncSession, row: Any, user: Principal) -> None:
    await ops.delete(db, user, row)


orders = Resource(
    name="StockOrder", model=StockOrder, public=StockOrderPublic, create=StockOrderCreate, update=StockOrderRef,
    filters=StockOrderFilters, permission=MENU,
    actions=Actions(delete="stock-order#delete", export="stock-order#export"),
    scope=through_merchant("StockOrder", StockOrder.merchant_id), computed=with_names,
    relations=(StockOrder.lines,), check_delete=delete_check,
    unique={"uq_stock_orders_order_no": ("orderNo", "STOCK_ORDER_NO_TAKEN")}, default_sort="-id",
)

router = orders.router(prefix=PREFIX, tags=["stock_orders"])


@dataclass(frozen=True)
class CallerScope:
    """The caller's data authority as services/stock/orders.py asks it (`OrderScope`), from the resource kit."""

    user: Principal

    async def load(self, db: AsyncSession, order_id: int) -> StockOrder:
        return await orders.load(db, self.user, order_id, lock=True)

    def visible(self) -> Select[Any]:
        return orders.base_query(self.user)

    def warehouses(self, query: Select[Any]) -> Select[Any]:
        return warehouses.scope(query, self.user)

    async def created(self, db: AsyncSession, row: StockOrder) -> None:
        await orders.flush(db, {"orderNo": row.order_no})
        await orders.ensure_in_scope(db, self.user, row)


async def shown(db: AsyncSession, user: Principal, row: StockOrder) -> StockOrderPublic:
    return StockOrderPublic.model_validate(await orders.shown(db, user, row))


@router.get("/{row_id}/details", summary="An order's stock figures in its warehouse and its action history",
            openapi_extra=declares(orders.scope))
async def details(row_id: int, db: SessionDep, user: Annotated[Principal, Need(MENU)]) -> Reply[StockOrderDetails]:
    row = await orders.load(db, user, row_id)
    actions = (await db.scalars(select(StockOrderAction).where(StockOrderAction.order_id == row.id)
                                .order_by(StockOrderAction.revision))).all()
    stock = [StockFigures.model_validate(f) for f in await ops.figures(db, row)]
    return ok(StockOrderDetails(stock=stock, actions=[StockOrderActionPublic.model_validate(a) for a in actions]))


@router.get("/{row_id}/picking-list", response_class=HTMLResponse, openapi_extra=declares(orders.scope),
            summary="An outbound order's picking list: a print-styled page of its lines (SKU, name, quantity, shelves)")
async def picking_list_page(row_id: int, db: SessionDep, user: Annotated[Principal, Need("stock-order#print")],
                            language: str | None = None) -> HTMLResponse:
    """Opened in a tab of its own (no Accept-Language of the console there), so the console names its language."""
    row = await orders.load(db, user, row_id)
    rules.check_work(ops.state_of(row), Action.PRINT)  # outbound, not cancelled
    token = current_language.set(pick_language(language)) if language else None
    try:
        page = await picking_list(db, row)
    finally:
        if token is not None:
            current_language.reset(token)
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


@router.post("/add", summary="Create an inbound or outbound order (its stock goes in transit or is locked)")
async def add(body: StockOrderCreate, db: SessionDep, response: Response,
              user: Annotated[Principal, Need("stock-order#add")], key: KeyHeader = None) -> Reply[StockOrderPublic]:
    once = Idempotency.of(key, f"{PREFIX}/add", body)
    first = await once.claim(db, user.id) if once else None
    if first is not None:  # a retry: the order the first call created
        response.headers[REPLAYED_HEADER] = "true"
        return ok(await shown(db, user, await orders.load(db, user, first)))
    row = await ops.create(db, user, CallerScope(user), body)
    if once:
        await once.bind(db, row.id)
    return ok(await shown(db, user, row))


@router.post("/receive", summary="Receive part or all of an inbound order (PART_COMPLETE or COMPLETE)")
async def receive(body: StockOrderReceipt, db: SessionDep,
                  user: Annotated[Principal, Need("stock-order#receive")]) -> Reply[StockOrderPublic]:
    row = await ops.progress(db, user, CallerScope(user), Action.RECEIVE, body.id, body.revision, body.quantities,
                             body.shelf_id)
    return ok(await shown(db, user, row))


@router.post("/ship", summary="Ship part or all of an outbound order (PART_COMPLETE or COMPLETE)")
async def ship(body: StockOrderProgress, db: SessionDep,
               user: Annotated[Principal, Need("stock-order#ship")]) -> Reply[StockOrderPublic]:
    row = await ops.progress(db, user, CallerScope(user), Action.SHIP, body.id, body.revision, body.quantities)
    return ok(await shown(db, user, row))


@router.post("/cancel", summary="Cancel an inbound order: its in-transit stock is released, once")
async def cancel(body: StockOrderRef, db: SessionDep,
                 user: Annotated[Principal, Need("stock-order#cancel")]) -> Reply[StockOrderPublic]:
    return ok(await shown(db, user, await ops.release(db, user, CallerScope(user), Action.CANCEL, body.id)))


@router.post("/void", summary="Void an outbound order: its locked stock is released and available raised, once; "
              "an order its warehouse holds is asked of the warehouse first (CANCELING)")
async def void(body: StockOrderRef, db: SessionDep,
               user: Annotated[Principal, Need("stock-order#cancel")]) -> Reply[StockOrderPublic]:
    return ok(await shown(db, user, await ops.release(db, user, CallerScope(user), Action.VOID, body.id)))


def work_route(action: Action, path: str, permission: str, summary: str) -> None:
    """One route of the warehouse's side of an order (push, print, pick, pack, ...): the order by id, the action
    through services/stock/orders.py `work`, the order as it is after it."""
    async def route(body: StockOrderRef, db: SessionDep,
                    user: Annotated[Principal, Need(permission)]) -> Reply[StockOrderPublic]:
        return ok(await shown(db, user, await ops.work(db, user, CallerScope(user), action, body.id)))

    router.add_api_route(f"/{path}", route, methods=["POST"], name=path.replace("-", "_"), summary=summary)


WORK_ROUTES = (
    (Action.PUSH, "push", "stock-order#push", "Push an order to its warehouse: PENDING there, or push FAIL"),
    (Action.PRINT, "print", "stock-order#print", "Print an outbound order's picking list (print status PRINTED)"),
    (Action.PICK, "pick", "stock-order#ship", "Start picking an outbound order (working status PICKING_PROCESS)"),
    (Action.PACK, "pack", "stock-order#ship", "Pack a picked outbound order (working status PACKED)"),
    (Action.CONFIRM, "confirm", "stock-order#push",
     "The warehouse took the pushed order: push RECEIVED (RECEIVED_PULL_AWB without an air waybill)"),
    (Action.ALLOCATE, "allocate", "stock-order#ship", "The warehouse allocated an outbound order's stock (ALLOCATED)"),
    (Action.REVIEW, "review", "stock-order#ship", "Sort and review a picked outbound order (SORTING_AND_REVIEWING)"),
    (Action.HANDOVER, "handover", "stock-order#ship", "A packed outbound order waits for the courier (WAITING_PICKUP)"),
    (Action.CANCEL_DONE, "cancel-done", "stock-order#cancel",
     "The warehouse cancelled an outbound order asked to cancel (CANCELING): its lock is released"),
    (Action.CANCEL_REFUSED, "cancel-refused", "stock-order#cancel",
     "The warehouse could not cancel an outbound order: it had shipped it (CANCEL_FAIL)"),
)
for work in WORK_ROUTES:
    work_route(*work)


@router.post("/mass-outbound", summary="Ship what remains of every selected outbound order (all or nothing)")
async def mass_outbound(body: StockOrderSelection, db: SessionDep,
                        user: Annotated[Principal, Need("stock-order#ship")]) -> Reply[MassResult]:
    rows = await ops.mass(db, user, CallerScope(user), MassAction.OUTBOUND, body.ids)
    return ok(MassResult(orders=[await shown(db, user, row) for row in rows]))


@router.post("/mass-cancel", summary="Cancel or void every selected order (all or nothing)")
async def mass_cancel(body: StockOrderSelection, db: SessionDep,
                      user: Annotated[Principal, Need("stock-order#cancel")]) -> Reply[MassResult]:
    rows = await ops.mass(db, user, CallerScope(user), MassAction.CANCEL, body.ids)
    return ok(MassResult(orders=[await shown(db, user, row) for row in rows]))
