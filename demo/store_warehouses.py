"""Demo store warehouses for a first `make run`, after the demo fulfilment: a merchant selling in bound stores with
no warehouse of its own (one on the ERP alone, outside the WMS) gets a default warehouse in its country, the
marketplace catalogue's SKUs (demo/catalogue.py) in its product library with opening stock received through the
stock ledger, its stores bound to it, and that warehouse as its ERP default. So the orders of every demo store, the
demo's own (demo/orders.py) and those the demo marketplace keeps placing, can be accepted, reserved and shipped,
as in a console where every merchant has at least one warehouse."""

from __future__ import annotations

import random

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from demo.catalogue import VARIANTS
from demo.regions import region_of
from domain.enums import FulfillmentProvider, ProductCategory, StockMovementType, WarehouseType, WarehouseUsageMode
from domain.models.erp_settings import BasicSetting
from domain.models.merchants import Merchant, Shop
from domain.models.stock_sync import StockBinding
from domain.models.warehouses import Warehouse, WmsProduct
from domain.rules.stock import Movement
from services.stock.store import move

OPENING = (200, 500)  # units of each SKU on hand, by chance
CATEGORIES = {"TSHIRT": ProductCategory.MEN_CLOTHING, "MUG": ProductCategory.HOME_LIVING,
              "CASE": ProductCategory.MOBILE_AND_ACCESSORIES, "SOCKS": ProductCategory.FASHION_ACCESSORIES}


async def create(db: AsyncSession) -> int:
    """The store warehouses; returns how many were made."""
    rng = random.Random(64)
    sells = select(Shop.merchant_id).where(Shop.bound)
    merchants = (await db.scalars(select(Merchant).where(
        Merchant.id.in_(sells), Merchant.id.not_in(select(Warehouse.merchant_id))).order_by(Merchant.id))).all()
    for merchant in merchants:
        warehouse = await _warehouse(db, merchant)
        db.add_all(WmsProduct(merchant_id=merchant.id, sku=sku, name=name, variant=variant,
                              category=CATEGORIES[code], weight_g=250) for code, sku, name, variant in VARIANTS)
        for _, sku, _, _ in VARIANTS:
            await move(db, Movement(warehouse.id, sku, StockMovementType.MANUAL_INBOUND, rng.randrange(*OPENING),
                                    f"demo-store-{warehouse.id}-{sku}", reason="Opening stock", actor_name="demo"))
        for shop_id in (await db.scalars(select(Shop.id).where(Shop.merchant_id == merchant.id, Shop.bound))).all():
            await db.execute(insert(StockBinding).values(merchant_id=merchant.id, shop_id=shop_id,
                                                         warehouse_id=warehouse.id, sync_enabled=True, fulfils=True)
                             .on_conflict_do_nothing())
        await db.execute(update(BasicSetting).where(BasicSetting.merchant_id == merchant.id,
                                                    BasicSetting.default_warehouse_id.is_(None))
                         .values(default_warehouse_id=warehouse.id))
    return len(merchants)


async def _warehouse(db: AsyncSession, merchant: Merchant) -> Warehouse:
    """Named after the merchant (no two demo warehouses share a name); coded ST-, apart from the WMS demo's WH-."""
    city = region_of(merchant.country).city
    row = Warehouse(merchant_id=merchant.id, name=f"{merchant.email.split('@')[0]} store, {city}",
                    code=f"ST-{merchant.id}-01",
                    provider=FulfillmentProvider.GINEE_WMS, type=WarehouseType.OWN,
                    usage_mode=WarehouseUsageMode.ERP_ONLY_USE_OWN_WAREHOUSE, owner=None,
                    address=f"{city}, {region_of(merchant.country).province}", is_default=True, enabled=True)
    db.add(row)
    await db.flush()
    return row
