"""After-sales rows for the data-authority walk (test_data_scope_routes.py): one of each scope inside the user's
merchant and one outside, each named by a marker only that row shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from domain.db import transaction
from domain.models.after_sales import (
    AfterSalesSla,
    MaterialUsage,
    PackingMaterial,
    ReturnHour,
    ReturnOrder,
    WarehouseContent,
)
from domain.models.orders import Order

Values = tuple[list[int], list[int], list[str], list[str], dict[str, Any]]
SIDES = ("in", "out")


async def after_sales_rows(warehouses: list[Any], order_ids: list[int], mark: str) -> dict[str, Values]:
    """`warehouses` and `order_ids`: the inside merchant's first, the outside one's second."""
    now = datetime.now(UTC)
    async with transaction() as db:
        orders = [await db.scalar(select(Order).where(Order.id == i)) for i in order_ids]
        returns = [ReturnOrder(return_no=f"{mark}{n}-ret", order_id=o.id, ordered_at=o.ordered_at,
                               channel_order_no=o.channel_order_no, merchant_id=w.merchant_id, shop_id=o.shop_id,
                               warehouse_id=w.id, status="REQUESTED", quantity=1, currency=o.currency,
                               due_at=now + timedelta(days=1))
                   for o, w, n in zip(orders, warehouses, SIDES, strict=True)]
        slas = [AfterSalesSla(warehouse_id=w.id, merchant_id=w.merchant_id, sla_hours=24) for w in warehouses]
        materials = [PackingMaterial(warehouse_id=w.id, merchant_id=w.merchant_id, code=f"{mark}{n}mat",
                                     name=f"{mark}{n}material", unit="PIECE", unit_cost=Decimal(1), stock=5)
                     for w, n in zip(warehouses, SIDES, strict=True)]
        contents = [WarehouseContent(warehouse_id=w.id, merchant_id=w.merchant_id, audience="STAFF",
                                     title=f"{mark}{n}content", body="<p>x</p>", state="DRAFT")
                    for w, n in zip(warehouses, SIDES, strict=True)]
        hour = now.replace(minute=0, second=0, microsecond=0)
        db.add_all([*returns, *slas, *materials, *contents,
                    *(ReturnHour(hour=hour, warehouse_id=w.id, merchant_id=w.merchant_id, currency=r.currency,
                                 requested=1) for w, r in zip(warehouses, returns, strict=True))])
        await db.flush()
        usages = [MaterialUsage(material_id=m.id, warehouse_id=m.warehouse_id, merchant_id=m.merchant_id,
                                return_id=r.id, quantity=1, unit_cost=Decimal(1), amount=Decimal(1),
                                document_no=f"{mark}{n}-use")
                  for m, r, n in zip(materials, returns, SIDES, strict=True)]
        db.add_all(usages)
        await db.flush()

    def pair(rows: list[Any], suffix: str, query: dict[str, Any]) -> Values:
        return [rows[0].id], [rows[1].id], [f"{mark}in{suffix}"], [f"{mark}out{suffix}"], query

    houses = [f"{mark}{n}house" for n in SIDES]
    return {
        "ReturnOrder": pair(returns, "-ret", {"returnNo": mark}),
        "AfterSalesSla": ([slas[0].id], [slas[1].id], houses[:1], houses[1:], {}),
        "ReturnDay": ([], [], houses[:1], houses[1:], {"preset": "TODAY"}),
        "PackingMaterial": pair(materials, "material", {"code": mark}),
        "MaterialUsage": pair(usages, "-use", {"documentNo": mark}),
        "WarehouseContent": pair(contents, "content", {"title": mark}),
    }
