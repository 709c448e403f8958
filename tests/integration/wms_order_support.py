"""Outbound orders for the order process and hot-item printing tests, and the calls of those screens."""

from __future__ import annotations

from typing import Any

from domain.db import transaction
from domain.models.couriers import Courier
from tests.conftest import unique
from tests.integration.stock_order_support import ORDERS, Place, create

STAFF = (*ORDERS, "order-process", "wms-order#process", "wms-order#abnormal", "wms-order#cancel",
         "wms-order#export", "hot-print-data", "hot-print#print")


async def outbound(client: Any, headers: dict[str, str], place: Place, quantity: int = 2,
                   **fields: Any) -> dict[str, Any]:
    order = await create(client, headers, place, "SALES_OUTBOUND", lines=[{"sku": place.sku, "quantity": quantity}],
                         **fields)
    return order["data"]


async def courier() -> int:
    async with transaction() as db:
        row = Courier(name=unique("JNE")[:30], channel="SHOPEE_ID", shipping_method="PICK_UP")
        db.add(row)
        await db.flush()
        return row.id


async def step(client: Any, headers: dict[str, str], path: str, body: dict[str, Any], status: int = 200) -> Any:
    reply = await client.post(f"/cms/wms-order/{path}", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


async def search(client: Any, headers: dict[str, str], **filters: Any) -> dict[str, Any]:
    reply = await client.post("/cms/wms-order/search", headers=headers, json=filters)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]
