"""Lock stock (SPEC §2 stock screens; docs/decisions/stock-sync.md): the locks a sync, a push retry, a new outbound
order and an outbound movement look up before they act, refused naming the lock (domain/rules/stock_sync.py)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Select, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.merchants import Shop
from domain.models.stock_sync import StockLock
from domain.models.warehouses import Warehouse
from domain.rules import stock_sync as rules


def _lock(row: Any, target: str, store: bool) -> rules.Lock:
    return rules.Lock(store=store, target=target, by=row.locked_by_name, at=row.created_at)


async def store_lock(db: AsyncSession, shop: Shop) -> rules.Lock | None:
    row = await db.scalar(select(StockLock).where(StockLock.shop_id == shop.id))
    return None if row is None else _lock(row, shop.name, True)


async def sku_lock(db: AsyncSession, merchant_id: int, skus: Iterable[str]) -> rules.Lock | None:
    """The first of the SKUs the merchant has locked, if any."""
    row = await db.scalar(select(StockLock).where(StockLock.merchant_id == merchant_id,
                                                  StockLock.sku.in_(list(skus))).order_by(StockLock.sku).limit(1))
    return None if row is None else _lock(row, row.sku or "", False)


async def locked_skus(db: AsyncSession, merchant_id: int) -> frozenset[str]:
    return frozenset(s for s in await db.scalars(select(StockLock.sku).where(
        StockLock.merchant_id == merchant_id, StockLock.sku.is_not(None))) if s)


async def refuse_locked_order(db: AsyncSession, merchant_id: int, skus: Iterable[str], shop_id: int | None) -> None:
    """A new outbound order takes no stock of a locked SKU, nor for a locked store."""
    if shop_id is not None:
        shop = await db.get(Shop, shop_id)
        if shop is not None:
            rules.refuse_locked(await store_lock(db, shop))
    rules.refuse_locked(await sku_lock(db, merchant_id, skus))


def locked_in_warehouse() -> Select[str | None, str | None, datetime]:
    """The lock of the SKU `:sku` held by the merchant of the warehouse `:warehouse_id` (named binds): the movement
    statement by hand carries its absence as a guard (services/stock/store.py `move_alone`)."""
    return (select(StockLock.sku, StockLock.locked_by_name, StockLock.created_at)
            .join(Warehouse, Warehouse.merchant_id == StockLock.merchant_id)
            .where(Warehouse.id == bindparam("warehouse_id"), StockLock.sku == bindparam("sku")))


async def refuse_locked_movement(db: AsyncSession, warehouse_id: int, sku: str, movement_type: str) -> None:
    """An outbound movement by hand of a SKU its warehouse's merchant has locked is refused."""
    if movement_type not in rules.LOCK_REFUSES:
        return
    row = (await db.execute(locked_in_warehouse(), {"warehouse_id": warehouse_id, "sku": sku})).first()
    if row is not None:
        rules.refuse_locked(rules.Lock(store=False, target=row[0] or "", by=row[1], at=row[2]))
