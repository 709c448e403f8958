"""The stock side of a channel order (its detail page): each line's reservation at the warehouse it was accepted
at (reserved, short, released, shipped) and the parcels it was handed to (outbound stock orders, as the merchant's
order settings split it), within the merchant's data authority."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from sqlalchemy import select

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource.scope import declares
from api.routers.merchants import through_merchant
from api.schemas.interception import OrderLineStockPublic, OrderOutboundPublic, OrderStockPublic
from domain.errors import NotFound
from domain.models.orders import Order
from services.orders import fulfilment, handover
from services.orders.store import ordered_at_of

ORDER_SCOPE = through_merchant("OrderStock", Order.merchant_id, Order.country)
router = APIRouter(prefix="/order-fulfilment", tags=["order_fulfilment"])


@router.get("/{row_id}", summary="An order's stock: each line's reservation state and its parcels",
            openapi_extra=declares(ORDER_SCOPE))
async def order_stock(row_id: Annotated[int, Path(ge=1, le=2**63 - 1)], db: SessionDep,
                      user: Annotated[Principal, Need("order-list", "order-detail")]) -> Reply[OrderStockPublic]:
    ordered_at = await ordered_at_of(db, row_id)  # reads of one order touch its partition
    order = await db.scalar(ORDER_SCOPE(select(Order).where(Order.id == row_id, Order.ordered_at == ordered_at), user))
    if order is None:
        raise NotFound(entity="Order")
    lines = await fulfilment.line_stock(db, row_id)
    parcels = await handover.parcels_of(db, order)
    return ok(OrderStockPublic(
        lines=[OrderLineStockPublic.model_validate(line) for line in lines],
        parcels=[OrderOutboundPublic(id=p.id, order_no=p.order_no, status=p.status, warehouse_id=p.warehouse_id,
                                     wms_status=p.wms_status, skus=[line.sku for line in p.lines],
                                     with_orders=others)
                 for p, others in parcels]))
