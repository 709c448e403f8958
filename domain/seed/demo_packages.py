"""Demo packages: the plans of SPEC §3 (Basic, Pro, Business, Omnichannel, Plus, trial) for several countries,
enabled and with permissions, and the add-ons of SPEC §3's add-on quantities, priced in each country's
currency through the same version writer as the API."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    AddonMode,
    AddonType,
    Country,
    PackageKind,
    PackageScene,
    PackageType,
    PaymentPeriod,
    PlanName,
    Status,
)
from domain.models.packages import Package
from domain.package_versions import write_version
from domain.rules.subscriptions import ADDON_QUANTITY

# What one IDR is worth in each currency, for prices that look local (rounded to whole units).
PER_IDR = {Country.ID: Decimal(1), Country.PH: Decimal("0.0036"), Country.MY: Decimal("0.0003"),
           Country.TH: Decimal("0.0022"), Country.VN: Decimal("1.6"), Country.SG: Decimal("0.000085")}

ERP_CORE = ["erp", "erp#1", "erp#1.1", "erp#1.2", "erp#1.3", "erp#1.4", "erp#2", "erp#3", "erp#4", "erp#9"]
ERP_MORE = [*ERP_CORE, "erp#1.5", "erp#1.6", "erp#1.7", "erp#5", "erp#5.1", "erp#5.2", "erp#6", "erp#8", "erp#12"]
ERP_ALL = [*ERP_MORE, "erp#5.3", "erp#5.4", "erp#7", "erp#10", "erp#11", "erp#13", "erp#14", "erp#15", "erp#17",
           "erp#sensitive-info"]

# name, plan, yearly price in IDR, monthly orders, stores, sub-accounts, MSKU, permissions (SPEC §9 order bands)
PLANS: list[tuple[str, PlanName, int, int, int, int, int, list[str]]] = [
    ("Trial", PlanName.FREE_TRIAL, 1, 3000, 3, 2, 500, ERP_CORE),
    ("Omnichannel", PlanName.OMNICHANNEL, 1_800_000, 3000, 5, 3, 2000, ERP_CORE),
    ("Basic", PlanName.BASIC, 3_600_000, 10000, 10, 5, 10000, ERP_MORE),
    ("Pro", PlanName.PRO, 7_200_000, 30000, 30, 20, 50000, ERP_MORE),
    ("Business", PlanName.BUSINESS, 14_400_000, 100000, 100, 100, 200000, ERP_ALL),
    ("Plus", PlanName.PLUS, 24_000_000, 1_000_000, -1, -1, -1, ERP_ALL),
]

# SPEC §3 add-on package quantities (type, quantity): the quantity is the most a merchant buys at once.
ADDONS: list[tuple[str, PackageScene, AddonMode, int, list[str]]] = [
    ("OMS Add 5 Staff", PackageScene.ERP, AddonMode.SUPERIMPOSE, 300_000, ["erp#11.1"]),
    ("OMS Add 10 Store", PackageScene.ERP, AddonMode.SUPERIMPOSE, 500_000, ["erp#9"]),
    ("OMS Add 10K Order", PackageScene.ERP, AddonMode.SUPERIMPOSE, 400_000, ["erp#1"]),
    ("WMS Add 5 Consignor", PackageScene.WMS, AddonMode.SUPERIMPOSE, 600_000, ["wms#consignor"]),
    ("WMS Order 10K", PackageScene.WMS, AddonMode.CONTINUE, 800_000, ["wms#order"]),
    ("Oms Open Api", PackageScene.ERP, AddonMode.CONTINUE, 2_000_000, ["erp#9"]),
    ("Advanced WMS", PackageScene.WMS, AddonMode.CONTINUE, 5_000_000, ["wms", "wms#wave-picking", "wms#pda"]),
]
ADDON_TYPE = {"OMS Add 5 Staff": AddonType.OMS_ADD_5_STAFF, "OMS Add 10 Store": AddonType.OMS_ADD_10_STORE,
              "OMS Add 10K Order": AddonType.OMS_ADD_10K_ORDER, "WMS Add 5 Consignor": AddonType.WMS_ADD_5_CONSIGNOR,
              "WMS Order 10K": AddonType.WMS_ORDER_10K, "Oms Open Api": AddonType.OMS_OPEN_API,
              "Advanced WMS": AddonType.ADVANCED_WMS}


def local(idr: int, country: Country) -> Decimal:
    return max(Decimal(1), (Decimal(idr) * PER_IDR[country]).quantize(Decimal(1)))


def terms(display: str, amount: Decimal, monthly: int, stores: int, subs: int, msku: int, keys: list[str],
          **more: Any) -> dict[str, Any]:
    tax_rate = Decimal(11) if amount > 100 else Decimal(0)
    return {"display_name": display, "subscription_method": "OFFLINE", "payment_period": PaymentPeriod.YEAR,
            "priority": 0, "amount": amount, "tax_rate": tax_rate, "discounted_price": Decimal(0), "free_days": 0,
            "monthly_orders": monthly, "reminder_orders": None, "intercepted_orders": None,
            "effect_after_interception": None, "channels": [], "store_count": stores, "sub_account_count": subs,
            "msku_count": msku, "pricing_copy": None, "feature_keys": keys, **more}


async def add(db: AsyncSession, package: Package, package_terms: dict[str, Any]) -> None:
    db.add(package)
    await db.flush()
    await write_version(db, package, package_terms, 1, None)


async def create(db: AsyncSession, mark: str = "") -> None:
    """`mark` ends every name (a test writes the set beside packages that already exist)."""
    for country in PER_IDR:
        for position, (name, plan, idr, monthly, stores, subs, msku, keys) in enumerate(PLANS):
            trial = plan == PlanName.FREE_TRIAL
            amount = Decimal(1) if trial else local(idr, country)
            package = Package(kind=PackageKind.ERP, name=name + mark, country=country, scene=PackageScene.ERP,
                              package_type=PackageType.BASIC, plan_name=plan, status=Status.ENABLED)
            await add(db, package, terms(f"Ginee {name}", amount, monthly, stores, subs, msku, keys,
                                         priority=position, free_days=14 if trial else 0,
                                         discounted_price=amount if trial else Decimal(0),
                                         payment_period=PaymentPeriod.MONTH if trial else PaymentPeriod.YEAR))
        for name, scene, mode, idr, keys in ADDONS:
            package = Package(kind=PackageKind.COMMON, name=name + mark, country=country, scene=scene,
                              package_type=PackageType.ADDON, addon_mode=mode, addon_type=ADDON_TYPE[name],
                              status=Status.ENABLED)
            await add(db, package, terms(name, local(idr, country), 1, -1, -1, -1, keys,
                                         pricing_copy=f"Up to {ADDON_QUANTITY[ADDON_TYPE[name]]} at once"))
    # A menu package and one still being prepared (disabled, no permissions yet), as operators leave them.
    await add(db, Package(kind=PackageKind.MENU, name="Chat assistant" + mark, country=Country.ID,
                          scene=PackageScene.CHAT, package_type=PackageType.BASIC, status=Status.ENABLED),
              terms("Ginee Chat", Decimal(1_200_000), 3000, -1, 5, -1, ["chat", "chat#auto-reply", "chat#quick-reply"]))
    await add(db, Package(kind=PackageKind.ERP, name="Enterprise" + mark, country=Country.ID, scene=PackageScene.ERP,
                          package_type=PackageType.BASIC, plan_name=PlanName.PLUS),
              terms("Ginee Enterprise", Decimal(60_000_000), 1_000_000, -1, -1, -1, []))
