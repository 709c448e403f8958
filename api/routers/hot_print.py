"""Hot-item printing (SPEC §2 /hot-print-data, §4 print status): the groups of orders waiting to print by their one
SKU x quantity, the print sheet of a selection (print-ready HTML: a pick list, one shipping label a page, the
tracking number as a Code 128 SVG) and the confirmation that it printed. Data authority as the WMS order list's.
The print job's rules are in services/wms_orders/printing.py."""

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse
from sqlalchemy import select

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource.scope import declares
from api.routers.stock_orders import CallerScope
from api.routers.wms_orders import listed, orders
from api.schemas.types import Int64
from api.schemas.wms_orders import HotGroup, HotPrint, WmsBatchResult
from domain.models.stock_orders import StockOrder, StockOrderLine
from services.wms_orders import printing

MENU = "hot-print-data"
router = APIRouter(prefix="/hot-print", tags=["hot_print"])


@router.get("/groups", summary="Orders waiting to print grouped by their one SKU x quantity, hottest first",
            openapi_extra=declares(orders.scope))
async def groups(db: SessionDep, user: Annotated[Principal, Need(MENU)],
                 warehouse_id: Annotated[Int64 | None, Query(alias="warehouseId")] = None,
                 merchant_id: Annotated[Int64 | None, Query(alias="merchantId")] = None) -> Reply[list[HotGroup]]:
    found = await printing.groups(db, orders.base_query(user), warehouse_id, merchant_id)
    return ok([HotGroup.model_validate(group) for group in found])


@router.post("/sheet", response_class=HTMLResponse, openapi_extra=declares(orders.scope),
             summary="The print sheet of the selected orders (a pick list, then one label a page): a print job, "
                     "the orders' print status UNKNOWN until confirmed, their print count raised")
async def sheet(body: HotPrint, db: SessionDep, user: Annotated[Principal, Need("hot-print#print")]) -> HTMLResponse:
    rows = await printing.print_job(db, user, CallerScope(user), body.ids)
    shown = (await db.scalars(orders.base_query(user).where(StockOrder.id.in_([r.id for r in rows]))
                              .order_by(StockOrder.id).execution_options(populate_existing=True))).all()
    lines: dict[int, list[tuple[str, int]]] = {}
    for order_id, sku, planned in await db.execute(
            select(StockOrderLine.order_id, StockOrderLine.sku, StockOrderLine.planned)
            .where(StockOrderLine.order_id.in_([r.id for r in rows])).order_by(StockOrderLine.id)):
        lines.setdefault(order_id, []).append((sku, planned))
    return HTMLResponse(printing.sheet([printing.Printed.of(row, lines.get(row.id, [])) for row in shown]),
                        headers={"Cache-Control": "no-store"})


@router.post("/confirm", summary="The sheet printed: the orders' print status PRINTED")
async def confirm(body: HotPrint, db: SessionDep,
                  user: Annotated[Principal, Need("hot-print#print")]) -> Reply[WmsBatchResult]:
    rows = await printing.confirm(db, user, CallerScope(user), body.ids)
    return ok(WmsBatchResult(orders=await listed(db, user, [row.id for row in rows])))
