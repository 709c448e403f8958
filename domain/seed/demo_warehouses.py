"""Demo warehouses for a first `make run`: the first demo merchants that use the WMS get a default warehouse of
their own run in the WMS (product areas, shelves) and a third-party one, a product library of SKUs across the
categories of SPEC §3, and a history of stock movements written through the stock ledger's one movement
primitive, so the stock screens open on live figures. Seeded from a fixed random, like the demo merchants.

The stock itself is written by demo/stock.py (the ledger's primitive lives in activities, which domain
does not import); this module builds what it stands on and the movements of each SKU's history."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    AccountSystem,
    FulfillmentProvider,
    ProductCategory,
    StockMovementType,
    WarehouseType,
    WarehouseUsageMode,
)
from domain.models.merchants import Merchant, MerchantAccount
from domain.models.warehouses import Shelf, Warehouse, WarehouseArea, WmsProduct
from domain.rules.stock import Movement

MERCHANTS = 6
CITIES = ["Jakarta", "Surabaya", "Bandung", "Medan", "Manila", "Kuala Lumpur", "Bangkok", "Ho Chi Minh"]
THIRD_PARTY = [FulfillmentProvider.JNE_FULFILLMENT, FulfillmentProvider.FASTOCK, FulfillmentProvider.KEEPPACK,
               FulfillmentProvider.LAZADA_FULFILLMENT]
PROVIDER_NAMES = {FulfillmentProvider.JNE_FULFILLMENT: "JNE Fulfillment", FulfillmentProvider.FASTOCK: "Fastock",
                  FulfillmentProvider.KEEPPACK: "Keeppack",
                  FulfillmentProvider.LAZADA_FULFILLMENT: "Lazada Fulfillment"}
AREAS = [("A", "Fashion"), ("B", "Beauty and health"), ("C", "Home and living")]
SHELVES_PER_AREA = 3
# (sku stem, name, variant, category, weight g, length, width, height cm)
PRODUCTS = [
    ("BATIK-SHIRT", "Batik shirt", "Blue / L", ProductCategory.MEN_CLOTHING, 250, "30", "25", "3"),
    ("GAMIS", "Gamis dress", "Maroon / M", ProductCategory.MUSLIM_CLOTHING, 400, "35", "28", "4"),
    ("SERUM-20", "Vitamin C serum 20 ml", None, ProductCategory.BEAUTY_CARE, 80, "4", "4", "11"),
    ("KOPI-250", "Toraja coffee 250 g", "Ground", ProductCategory.FOOD_AND_BEVERAGE, 260, "12", "8", "18"),
    ("TOTE", "Canvas tote bag", "Natural", ProductCategory.WOMEN_BAG, 300, "40", "35", "2"),
    ("PHONE-CASE", "Phone case", "Clear / 6.1 in", ProductCategory.MOBILE_AND_ACCESSORIES, 40, "16", "9", "2"),
    ("BABY-WIPES", "Baby wipes 80 sheets", None, ProductCategory.BABY_PRODUCT, 450, "20", "12", "8"),
    ("SNEAKER", "Running sneaker", "White / 40", ProductCategory.OUTDOOR_SPORT, 700, "32", "20", "12"),
]


async def _wms_merchants(db: AsyncSession) -> list[Merchant]:
    uses_wms = select(MerchantAccount.merchant_id).where(MerchantAccount.system == AccountSystem.WMS)
    return list((await db.scalars(select(Merchant).where(Merchant.id.in_(uses_wms)).order_by(Merchant.id)
                                  .limit(MERCHANTS))).all())


def hub_name(provider: FulfillmentProvider, city: str) -> str:
    """A third-party warehouse is named after the provider that runs it, in the merchant's city."""
    return f"{PROVIDER_NAMES[provider]} hub {city}"


async def _warehouses(db: AsyncSession, merchant: Merchant, rng: random.Random,
                      city: str) -> tuple[Warehouse, list[int]]:
    """The merchant's own default warehouse with its areas and shelves, and a third-party one, both in the
    merchant's city (a city of its own: no two demo warehouses share a name)."""
    own = Warehouse(merchant_id=merchant.id, name=f"{city} main", code=f"WH-{merchant.id}-01",
                    provider=FulfillmentProvider.GINEE_WMS, type=WarehouseType.OWN,
                    usage_mode=WarehouseUsageMode.WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE, owner="Warehouse admin",
                    address=f"Jl. Gudang {rng.randrange(1, 200)}, {city}", is_default=True, enabled=True)
    provider = rng.choice(THIRD_PARTY)
    third = Warehouse(merchant_id=merchant.id, name=hub_name(provider, city),
                      code=f"WH-{merchant.id}-02", provider=provider,
                      type=WarehouseType.THIRD_PARTY,
                      usage_mode=WarehouseUsageMode.WMS_USE_GINEE_WMS_AND_THIRD_WAREHOUSE, owner=None,
                      address=None, is_default=False, enabled=rng.random() > 0.3)
    db.add_all([own, third])
    await db.flush()
    shelves: list[Shelf] = []
    for code, name in AREAS:
        area = WarehouseArea(warehouse_id=own.id, code=code, name=name)
        db.add(area)
        await db.flush()
        shelves += [Shelf(warehouse_id=own.id, area_id=area.id, code=f"{code}-{n:02d}", name=f"{name} rack {n}")
                    for n in range(1, SHELVES_PER_AREA + 1)]
    db.add_all(shelves)
    await db.flush()
    return own, [s.id for s in shelves]


def _products(merchant: Merchant) -> list[WmsProduct]:
    return [WmsProduct(merchant_id=merchant.id, sku=f"{stem}-{merchant.id}", name=name, variant=variant,
                       category=category, weight_g=weight, length_cm=Decimal(length), width_cm=Decimal(width),
                       height_cm=Decimal(height), remark=None)
            for stem, name, variant, category, weight, length, width, height in PRODUCTS]


def history(warehouse_id: int, sku: str, shelves: list[int], rng: random.Random) -> list[Movement]:
    """A SKU's few weeks: an inbound order planned and received onto a shelf, orders locked and shipped, a manual
    top-up, a move to another shelf, sometimes a defective unit, a void and a promotion reserve."""
    shelf, other = rng.sample(shelves, 2)
    received = rng.randrange(40, 200)
    shipped = rng.randrange(5, received // 3)
    steps: list[dict[str, object]] = [
        {"type": StockMovementType.PLAN_INBOUND, "quantity": received, "document_no": f"IN-{sku}"},
        {"type": StockMovementType.RECEIVE_INBOUND, "quantity": received, "shelf_id": shelf,
         "document_no": f"IN-{sku}"},
        {"type": StockMovementType.LOCK_OUTBOUND, "quantity": shipped + 2, "document_no": f"OUT-{sku}"},
        {"type": StockMovementType.PACKAGE_OUTBOUND, "quantity": shipped, "shelf_id": shelf,
         "document_no": f"OUT-{sku}"},
        {"type": StockMovementType.RELEASE_OUTBOUND, "quantity": 2, "document_no": f"OUT-{sku}",
         "reason": "Order voided"},
        {"type": StockMovementType.MANUAL_INBOUND, "quantity": rng.randrange(5, 30), "shelf_id": shelf,
         "reason": "Stocktaking surplus"},
        {"type": StockMovementType.MOVE_SHELF, "quantity": rng.randrange(1, 5), "shelf_id": shelf,
         "to_shelf_id": other, "reason": "Rack reorganised"},
        {"type": StockMovementType.RESERVE_PROMOTION, "quantity": rng.randrange(1, 5), "reason": "Flash sale"},
    ]
    if rng.random() < 0.4:
        steps.append({"type": StockMovementType.DEFECTIVE_GOOD, "quantity": 1, "shelf_id": shelf,
                      "reason": "Damaged packaging"})
    return [Movement(warehouse_id=warehouse_id, sku=sku, idempotency_key=f"demo-{warehouse_id}-{sku}-{number}",
                     # each step holds Movement's own fields, typed as a dict of object values
                     actor_name="demo", **step) for number, step in enumerate(steps)]  # type: ignore[arg-type]


@dataclass
class DemoSite:
    """One demo merchant's own warehouse, its shelves and its SKUs, to which demo/stock.py adds stock."""

    merchant: Merchant
    warehouse: Warehouse
    shelves: list[int]
    skus: list[str]


async def create(db: AsyncSession, rng: random.Random) -> list[DemoSite]:
    """The warehouses, shelves and product libraries; no stock: stock moves only through the stock ledger's
    primitive (services/stock/store.py), which the demo stock step (demo/stock.py) calls."""
    sites = []
    merchants = await _wms_merchants(db)
    for merchant, city in zip(merchants, rng.sample(CITIES, len(merchants)), strict=True):
        own, shelves = await _warehouses(db, merchant, rng, city)
        products = _products(merchant)
        db.add_all(products)
        await db.flush()
        sites.append(DemoSite(merchant, own, shelves, [p.sku for p in products]))
    return sites
