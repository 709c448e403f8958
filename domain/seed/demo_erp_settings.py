"""Demo ERP settings (SPEC §2 ERP settings): the demo merchants' basic, product, order, stock and shipping
settings, their templates, a logistics template per channel they sell on (where a courier serves it) and push
rules for some of their stores. Run after the demo stock, so a merchant's default warehouse is one of its own."""

from __future__ import annotations

import random

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    Country,
    Currency,
    ErpTemplateKind,
    HandoverMode,
    LabelSize,
    MasterProductMode,
    OrderSplitRule,
    PushRuleMode,
    StockReserveOn,
    TemplateField,
)
from domain.models.couriers import Courier
from domain.models.erp_settings import (
    BasicSetting,
    ErpTemplate,
    LogisticsTemplate,
    OrderSetting,
    ProductSetting,
    PushRule,
    ShippingSetting,
    StockSettingRow,
)
from domain.models.merchants import Merchant, Shop
from domain.models.warehouses import Warehouse

MERCHANTS = 60  # the first demo merchants have settings; the others show the "no settings yet" case
ZONES = {Country.ID: "Asia/Jakarta", Country.PH: "Asia/Manila", Country.CN: "Asia/Shanghai",
         Country.MY: "Asia/Kuala_Lumpur", Country.TH: "Asia/Bangkok", Country.VN: "Asia/Ho_Chi_Minh"}
CURRENCIES = {Country.ID: Currency.IDR, Country.PH: Currency.PHP, Country.CN: Currency.CNY,
              Country.MY: Currency.MYR, Country.TH: Currency.THB, Country.VN: Currency.VND}
TEMPLATES = {
    ErpTemplateKind.BASIC: ("Product list", LabelSize.A4, [TemplateField.SKU, TemplateField.PRODUCT_NAME,
                                                           TemplateField.PRICE, TemplateField.BARCODE]),
    ErpTemplateKind.ORDER: ("Packing slip", LabelSize.A5, [TemplateField.ORDER_NO, TemplateField.SHOP_NAME,
                                                           TemplateField.SKU, TemplateField.QUANTITY,
                                                           TemplateField.TOTAL]),
    ErpTemplateKind.SHIPPING: ("Shipping label", LabelSize.SIZE_100X150, [
        TemplateField.RECIPIENT, TemplateField.PHONE, TemplateField.ADDRESS, TemplateField.COURIER,
        TemplateField.TRACKING_NO, TemplateField.BARCODE]),
}


def _split(rng: random.Random, warehouse: int | None, auto_accept: bool) -> OrderSplitRule:
    """Of the merchants with a warehouse, those accepting by themselves ship a package a SKU and the others one
    package; the rest by chance (drawn for every merchant, so the draws after it stay as they were)."""
    drawn = rng.choice(list(OrderSplitRule))
    if warehouse is None:
        return drawn
    return OrderSplitRule.BY_LINE if auto_accept else OrderSplitRule.NO_SPLIT


async def create(db: AsyncSession) -> None:
    rng = random.Random(48)
    merchants = (await db.scalars(select(Merchant).order_by(Merchant.id).limit(MERCHANTS))).all()
    couriers = (await db.scalars(select(Courier).order_by(Courier.id))).all()
    stocked = 0
    for merchant in merchants:
        warehouse = await db.scalar(select(Warehouse.id).where(Warehouse.merchant_id == merchant.id)
                                    .order_by(Warehouse.id).limit(1))
        country = Country(merchant.country) if merchant.country in Country.__members__ else Country.ID
        stocked += warehouse is not None
        # of the merchants with a warehouse every other one (the first too) accepts its orders by hand, so the
        # demo shows both ways, and of those one reserves stock when accepting, the next on payment; the rest by
        # chance
        auto_accept = stocked % 2 == 0 if warehouse is not None else rng.random() < 0.6
        reserve_on = rng.choice(list(StockReserveOn))
        if warehouse is not None and not auto_accept:
            reserve_on = StockReserveOn.ACCEPTED if stocked % 4 == 1 else StockReserveOn.PAID
        # of the merchants with a warehouse, those accepting by hand merge a buyer's orders; the rest by chance
        merge = rng.random() < 0.4  # drawn for every merchant, so the draws after it stay as they were
        merge = merge if warehouse is None else not auto_accept
        ratio = rng.choice([100, 90, 80, 70])
        handover = rng.choice(list(HandoverMode))
        db.add_all([
            BasicSetting(merchant_id=merchant.id, default_warehouse_id=warehouse, time_zone=ZONES.get(
                country, "Asia/Jakarta"), currency=CURRENCIES.get(country, Currency.IDR),
                order_no_prefix=f"{country.value}{merchant.id % 1000}", low_stock_threshold=rng.choice([5, 10, 20]),
                mask_sensitive_info=rng.random() < 0.8),
            ProductSetting(merchant_id=merchant.id, master_product_mode=rng.choice(list(MasterProductMode)),
                           auto_bind_by_sku=False, sku_max_length=rng.choice([30, 50, 64]),
                           sync_price=rng.random() < 0.3, price_alert_percent=rng.choice([10, 20, 30])),
            OrderSetting(merchant_id=merchant.id, auto_accept=auto_accept,
                         auto_accept_delay_minutes=rng.choice([0, 5, 15]) if auto_accept else 0, auto_merge=merge,
                         merge_window_minutes=rng.choice([15, 30, 60]), split_rule=_split(rng, warehouse, auto_accept),
                         reserve_on=reserve_on, hold_minutes=rng.choice([0, 0, 10, 30]),
                         auto_cancel_unpaid_hours=rng.choice([24, 48, 72])),
            StockSettingRow(merchant_id=merchant.id, sync_enabled=rng.random() < 0.85, push_ratio_percent=ratio,
                            safety_stock=rng.choice([0, 2, 5, 10]),
                            promotion_reserve_percent=rng.choice([0, 5, 10]) if ratio < 100 else 0),
            ShippingSetting(merchant_id=merchant.id, default_courier_id=rng.choice(couriers).id if couriers else None,
                            label_size=rng.choice([LabelSize.SIZE_100X150, LabelSize.A6]), handover_mode=handover,
                            auto_print_label=rng.random() < 0.5, ship_within_hours=rng.choice([24, 48, 72])),
            *(ErpTemplate(merchant_id=merchant.id, kind=kind, name=name, paper_size=paper, fields=fields,
                          is_default=True) for kind, (name, paper, fields) in TEMPLATES.items()),
        ])
        shops = (await db.scalars(select(Shop).where(Shop.merchant_id == merchant.id).order_by(Shop.id))).all()
        for channel in sorted({shop.channel for shop in shops}):
            courier = next((c for c in couriers if c.channel == channel), None)
            if courier is not None:
                db.add(LogisticsTemplate(merchant_id=merchant.id, name=f"{courier.name} for {channel}",
                                         channel=channel, courier_id=courier.id, warehouse_id=warehouse,
                                         is_default=True))
        for shop in shops[::2]:
            fixed = rng.random() < 0.25
            db.add(PushRule(merchant_id=merchant.id, shop_id=shop.id,
                            mode=PushRuleMode.FIXED if fixed else PushRuleMode.RATIO,
                            ratio_percent=None if fixed else rng.choice([50, 80, 100]),
                            fixed_quantity=rng.choice([10, 50, 100]) if fixed else None,
                            safety_stock=rng.choice([0, 3, 5]), enabled=rng.random() < 0.9))
    await db.flush()
