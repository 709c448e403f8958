"""Checks of ERP settings writes against the caller and the database: the merchant picked is one the caller's
data authority reaches, the warehouse picked is that merchant's, the courier picked exists (and serves the
channel of a logistics template). Every broken field is named in one refusal (domain/rules/inputs.Problems)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.merchant_scope import within_scope
from domain.models.couriers import Courier
from domain.models.merchants import Merchant
from domain.models.warehouses import Warehouse
from domain.rules.inputs import Problems


async def check_merchant(db: AsyncSession, user: Principal, merchant_id: int, problems: Problems) -> None:
    """A merchant that does not exist, or that the caller may not see, is not there for them."""
    found = await db.scalar(select(Merchant.id).where(Merchant.id == merchant_id))
    if found is None or not await within_scope(db, user, merchant_id):
        problems.add("merchantId", "not_found", ids=merchant_id)


async def check_warehouse(db: AsyncSession, merchant_id: int, warehouse_id: int | None, field: str,
                          problems: Problems) -> None:
    """A default or shipping warehouse is one of the merchant's own."""
    if warehouse_id is None:
        return
    owner = await db.scalar(select(Warehouse.merchant_id).where(Warehouse.id == warehouse_id))
    if owner is None:
        problems.add(field, "not_found", ids=warehouse_id)
    elif owner != merchant_id:
        problems.add(field, "erp_warehouse_other_merchant")


async def check_courier(db: AsyncSession, courier_id: int | None, field: str, problems: Problems,
                        channel: str | None = None) -> None:
    """A courier of the logistics configuration; for a channel's template, one offered on that channel."""
    if courier_id is None:
        return
    courier = await db.scalar(select(Courier).where(Courier.id == courier_id))
    if courier is None:
        problems.add(field, "not_found", ids=courier_id)
    elif channel is not None and courier.channel != channel:
        problems.add(field, "erp_courier_channel", channel=courier.channel)
