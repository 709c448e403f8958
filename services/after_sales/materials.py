"""Packing materials: a usage takes units off the material's stock in one guarded statement (never below zero) and
records what the merchant is charged at the material's cost then; `material_charges` sums those charges for the
financial reconciliation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, NotFound
from domain.models.after_sales import MaterialUsage, PackingMaterial, ReturnOrder
from domain.models.stock_orders import StockOrder
from domain.rules import after_sales as rules
from services.actors import Actor


async def record_usage(db: AsyncSession, actor: Actor | None, material: PackingMaterial, quantity: int, *,
                       return_id: int | None = None, stock_order_id: int | None = None) -> MaterialUsage:
    """`quantity` units of `material` used on one return or one outbound order of the material's warehouse."""
    rules.check_usage_target(return_id, stock_order_id)
    if return_id is not None:
        target = (await db.execute(select(ReturnOrder.return_no, ReturnOrder.warehouse_id, ReturnOrder.merchant_id)
                                   .where(ReturnOrder.id == return_id))).first()
        field = "returnId"
    else:
        target = (await db.execute(select(StockOrder.order_no, StockOrder.warehouse_id, StockOrder.merchant_id)
                                   .where(StockOrder.id == stock_order_id, StockOrder.direction == "OUTBOUND"))
                  ).first()
        field = "stockOrderId"
    if target is None:
        raise NotFound(entity="ReturnOrder" if return_id is not None else "StockOrder")
    document_no, warehouse_id, merchant_id = target
    if warehouse_id != material.warehouse_id:
        raise DomainError("MATERIAL_OTHER_WAREHOUSE", status=409, field=field, materialCode=material.code)
    taken = await db.scalar(update(PackingMaterial).where(
        PackingMaterial.id == material.id, PackingMaterial.stock >= quantity).values(
        stock=PackingMaterial.stock - quantity, updated_at=func.now()).returning(PackingMaterial.unit_cost))
    if taken is None:
        raise DomainError("MATERIAL_STOCK_SHORT", status=409, field="quantity", materialCode=material.code,
                          stock=material.stock)
    usage = MaterialUsage(material_id=material.id, warehouse_id=warehouse_id, merchant_id=merchant_id,
                          return_id=return_id, stock_order_id=stock_order_id, quantity=quantity, unit_cost=taken,
                          amount=rules.usage_amount(taken, quantity), document_no=document_no,
                          actor_name=actor.username if actor else None)
    db.add(usage)
    await db.flush()
    return usage


@dataclass(frozen=True)
class MaterialCharge:
    material_id: int
    code: str
    name: str
    quantity: int
    amount: Decimal


async def material_charges(db: AsyncSession, merchant_id: int, period: tuple[datetime, datetime]
                           ) -> list[MaterialCharge]:
    """What the merchant is charged for materials used in [start, end): per material, units and amount."""
    start, end = period
    rows = await db.execute(
        select(PackingMaterial.id, PackingMaterial.code, PackingMaterial.name, func.sum(MaterialUsage.quantity),
               func.sum(MaterialUsage.amount))
        .join(PackingMaterial, PackingMaterial.id == MaterialUsage.material_id)
        .where(MaterialUsage.merchant_id == merchant_id, MaterialUsage.used_at >= start, MaterialUsage.used_at < end)
        .group_by(PackingMaterial.id, PackingMaterial.code, PackingMaterial.name).order_by(PackingMaterial.code))
    return [MaterialCharge(row[0], row[1], row[2], int(row[3]), Decimal(row[4])) for row in rows]
