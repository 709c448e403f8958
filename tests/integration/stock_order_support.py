"""A merchant with a warehouse and stock, and the calls of the inbound and outbound order screen, for tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from domain.db import transaction
from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    StockMovementType,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.models.stock import StockChange
from domain.models.stock_orders import StockOrder, StockOrderLine
from domain.rules.stock import Movement
from services.stock import store as stock_store
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import insert_warehouse

ORDERS = ("outbound-inbound-order-query", "stock-order#add", "stock-order#receive", "stock-order#ship",
          "stock-order#cancel", "stock-order#delete", "stock-order#export")


@dataclass
class Place:
    merchant_id: int
    warehouse_id: int
    sku: str


async def place_with_stock(on_hand: int = 0, country: str = "ID") -> Place:
    """A merchant of `country` with a warehouse holding `on_hand` units of a fresh sku."""
    merchant = await insert_merchant(country)
    place = Place(merchant.id, (await insert_warehouse(0, merchant.id)).warehouse_id, unique("SKU"))
    if on_hand:
        await stock_store.move_now(Movement(place.warehouse_id, place.sku, StockMovementType.MANUAL_INBOUND,
                                            on_hand, unique("stock-in")))
    return place


async def figures(place: Place, sku: str | None = None) -> dict[str, int]:
    async with transaction() as db:
        balance = await stock_store.read_balance(db, place.warehouse_id, sku or place.sku)
    assert balance is not None
    return {"on_hand": balance.on_hand, "locked": balance.locked, "transit": balance.transit,
            "available": balance.available}


async def changes_of(order_no: str, movement: StockMovementType) -> int:
    """How many change records of one movement type the order's number is on."""
    async with transaction() as db:
        return await db.scalar(select(func.count()).where(
            StockChange.document_no == order_no, StockChange.movement_type == movement)) or 0


async def create(client: Any, headers: dict[str, str], place: Place, order_type: str, status: int = 200,
                 **fields: Any) -> dict[str, Any]:
    body = {"merchantId": place.merchant_id, "warehouseId": place.warehouse_id, "orderType": order_type,
            "lines": [{"sku": place.sku, "quantity": 10}], **fields}
    reply = await client.post("/cms/stock-order/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def act(client: Any, headers: dict[str, str], path: str, body: dict[str, Any], status: int = 200) -> Any:
    reply = await client.post(f"/cms/stock-order/{path}", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def insert_order(merchant_id: int, warehouse_id: int, order_no: str, *, outbound: bool = False) -> int:
    """An inbound (or sales outbound) order row as it is created, for tests that only read orders (its transit or
    lock is not booked)."""
    direction, kind = ((StockOrderDirection.OUTBOUND, StockOrderType.SALES_OUTBOUND) if outbound
                       else (StockOrderDirection.INBOUND, StockOrderType.PURCHASE_INBOUND))
    async with transaction() as db:
        row = StockOrder(order_no=order_no, merchant_id=merchant_id, warehouse_id=warehouse_id,
                         direction=direction, order_type=kind,
                         working_status=OutboundWorkingStatus.CREATE if outbound else None,
                         print_status=PrintStatus.NOT_PRINTED if outbound else None,
                         status=WarehouseDocumentStatus.CREATE, push_status=WarehousePushStatus.NORMAL,
                         planned_quantity=1, lines=[StockOrderLine(sku=unique("SKU"), planned=1)])
        db.add(row)
        await db.flush()
        return row.id
