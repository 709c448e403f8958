"""A merchant with a store bound to a warehouse holding stock, for the stock sync tests (stock moved through the
stock module's primitive)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from domain.db import transaction
from domain.enums import StockEventKind, StockSyncStatus
from domain.enums import StockMovementType as M
from domain.models.merchants import Shop
from domain.models.stock_sync import StockBinding, StockEvent, StockLock, StockPush, StockSetting
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_support import Place, insert_warehouse, moved


@dataclass(frozen=True)
class Stocked:
    merchant_id: int
    email: str
    shop_id: int
    place: Place
    skus: tuple[str, ...]


async def stocked_store(country: str = "ID", *, stock: dict[str, int] | None = None, bind: bool = True,
                        shop: dict[str, object] | None = None) -> Stocked:
    """A merchant, one store on SHOPEE_ID and one warehouse (bound to the store unless told), and on hand stock of
    each sku given (fresh SKU names: `{"A": 5}` becomes `<unique>-A`)."""
    merchant = await insert_merchant(country, shops=[{"channel": "SHOPEE_ID", **(shop or {})}])
    place = await insert_warehouse(1, merchant.id)
    async with transaction() as db:
        shop_id = await db.scalar(select(Shop.id).where(Shop.merchant_id == merchant.id))
        assert shop_id is not None
        if bind:
            db.add(StockBinding(merchant_id=merchant.id, shop_id=shop_id, warehouse_id=place.warehouse_id))
    prefix = unique("SKU")
    skus = []
    for name, quantity in (stock or {}).items():
        sku = f"{prefix}-{name}"
        skus.append(sku)
        await moved(place, M.MANUAL_INBOUND, quantity, sku, document_no=f"ERP-{prefix[-6:]}-{name}")
    return Stocked(merchant.id, merchant.email, shop_id, place, tuple(skus))


async def scope_rows(merchant_ids: list[int], shop_ids: list[int], emails: list[str],
                     mark: str) -> dict[str, tuple[Any, ...]]:
    """For the data-authority walk: one row of every stock sync list for a merchant inside the scope and one for a
    merchant outside it, as (inside ids, outside ids, shown markers, hidden markers, search body)."""
    ids: dict[str, list[int]] = {name: [] for name in ("balance", "flow", "event", "push", "setting", "binding",
                                                       "lock")}
    skus = [f"{mark}{n}SKU" for n in ("in", "out")]
    for merchant_id, shop_id, sku in zip(merchant_ids, shop_ids, skus, strict=True):
        place = await insert_warehouse(1, merchant_id)
        change = await moved(place, M.MANUAL_INBOUND, 3, sku)
        async with transaction() as db:
            binding = StockBinding(merchant_id=merchant_id, shop_id=shop_id, warehouse_id=place.warehouse_id)
            setting = StockSetting(merchant_id=merchant_id)
            event = StockEvent(merchant_id=merchant_id, kind=StockEventKind.SYNC, shop_id=shop_id)
            lock = StockLock(merchant_id=merchant_id, shop_id=shop_id)
            db.add_all([binding, setting, event, lock])
            await db.flush()
            push = StockPush(event_id=event.id, merchant_id=merchant_id, shop_id=shop_id, channel="SHOPEE_ID",
                             sku=sku, available=3, promotion=0, quantity=3, status=StockSyncStatus.COMPLETE)
            db.add(push)
            await db.flush()
        for name, row_id in (("balance", change.change_id), ("flow", change.change_id), ("event", event.id),
                             ("push", push.id), ("setting", setting.id), ("binding", binding.id),
                             ("lock", lock.id)):
            ids[name].append(row_id)
    by_sku = {"sku": mark}

    def rows(name: str, shown: list[str], body: dict[str, object]) -> tuple[Any, ...]:
        return ids[name][:1], ids[name][1:], shown[:1], shown[1:], body

    return {"WarehouseStock": rows("balance", skus, by_sku), "StockInventory": rows("balance", skus, by_sku),
            "StockFlow": rows("flow", skus, by_sku), "StockPush": rows("push", skus, by_sku),
            "StockEvent": rows("event", emails, {}), "StockSetting": rows("setting", emails, {}),
            "StockBinding": rows("binding", emails, {}), "StockLock": rows("lock", emails, {})}
