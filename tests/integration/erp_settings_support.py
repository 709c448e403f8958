"""ERP settings rows for the data-authority walk (test_data_scope_routes.py): every ERP settings list, template
and push rule of a merchant inside the walker's scope and of one outside it, and a change of each in the audit
trail for the pages' histories."""

from __future__ import annotations

from typing import Any

from domain.db import transaction
from domain.enums import ErpTemplateKind, TemplateField
from domain.models.audit import EntityChange
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

SETTINGS = {"ErpBasicSetting": BasicSetting, "ErpProductSetting": ProductSetting, "ErpOrderSetting": OrderSetting,
            "ErpStockSetting": StockSettingRow, "ErpShippingSetting": ShippingSetting}
PAGES = {"basic-settings": "ErpBasicSetting", "product-settings": "ErpProductSetting",
         "order-setting": "ErpOrderSetting", "stock-settings": "ErpStockSetting",
         "shipping-setting": "ErpShippingSetting"}


async def erp_scope_rows(merchant_ids: list[int], shop_ids: list[int], emails: list[str],
                         mark: str) -> tuple[dict[str, tuple[Any, ...]], dict[str, tuple[Any, ...]]]:
    """(rows by scope, figures of each page's history by path), each as (inside ids, outside ids, shown markers,
    hidden markers[, body])."""
    ids: dict[str, list[int]] = {name: [] for name in (*SETTINGS, "ErpTemplate", "LogisticsTemplate", "PushRule")}
    names = [f"{mark}{n}tpl" for n in ("in", "out")]
    operators = [f"{mark}{n}op" for n in ("in", "out")]
    async with transaction() as db:
        courier = Courier(name=f"{mark}courier".translate(str.maketrans("", "", "0123456789_")) or "Kurir",
                          channel="SHOPEE_ID", shipping_method="PICK_UP", country="ID")
        db.add(courier)
        await db.flush()
        for merchant_id, shop_id, name, operator in zip(merchant_ids, shop_ids, names, operators, strict=True):
            rows: dict[str, Any] = {entity: model(merchant_id=merchant_id) for entity, model in SETTINGS.items()}
            rows["ErpTemplate"] = ErpTemplate(merchant_id=merchant_id, kind=ErpTemplateKind.BASIC, name=name,
                                              fields=[TemplateField.SKU])
            rows["LogisticsTemplate"] = LogisticsTemplate(merchant_id=merchant_id, name=name, channel="SHOPEE_ID",
                                                          courier_id=courier.id)
            rows["PushRule"] = PushRule(merchant_id=merchant_id, shop_id=shop_id, mode="RATIO", ratio_percent=50)
            db.add_all(rows.values())
            await db.flush()
            for entity, row in rows.items():
                ids[entity].append(row.id)
                db.add(EntityChange(transaction_id=f"{mark}tx", operator_name=operator, entity=entity,
                                    entity_id=str(row.id), action="update", changes={"x": {"before": 1, "after": 2}}))
    by_name = {"name": mark}

    def pair(entity: str, shown: list[str], body: dict[str, Any]) -> tuple[Any, ...]:
        return ids[entity][:1], ids[entity][1:], shown[:1], shown[1:], body

    rows = {entity: pair(entity, emails, {}) for entity in SETTINGS}
    rows |= {"ErpTemplate": pair("ErpTemplate", names, by_name),
             "LogisticsTemplate": pair("LogisticsTemplate", names, by_name),
             "PushRule": pair("PushRule", emails, {})}
    history = ([], [], operators[:1], operators[1:])
    return rows, {f"/cms/erp-settings/{page}/history": history for page in PAGES}
