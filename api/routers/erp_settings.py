"""ERP settings (SPEC §2 /operation/ginee-oms/erp-settings/*): a merchant's basic, product, order, stock and
shipping settings on the resource kit, one row per merchant and kind, effective as soon as they are saved.

Each kind is one declaration: the menu of its page guards the list and the detail, `erp-settings#edit` the add
and the modify, `erp-settings#export` the export; rows take their merchant's data authority. The kit records
every write's field-level changes, which the pages' history reads (api/routers/erp_settings_history.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.erp_settings_ops import check_courier, check_merchant, check_warehouse
from api.resource import Actions, PrepareFn, Resource
from api.routers.merchants import through_merchant
from api.schemas import erp_settings as schemas
from domain.enums import HandoverMode, MasterProductMode
from domain.models.couriers import Courier
from domain.models.erp_settings import (
    BasicSetting,
    OrderSetting,
    ProductSetting,
    ShippingSetting,
    StockSettingRow,
)
from domain.models.merchants import Merchant
from domain.models.warehouses import Warehouse
from domain.rules import erp_settings as rules
from domain.rules.inputs import Problems

EDIT = "erp-settings#edit"
EXPORT = "erp-settings#export"
EXISTS = "ERP_SETTING_EXISTS"


def email_of(merchant_id: Any) -> Any:
    return select(Merchant.email).where(Merchant.id == merchant_id).scalar_subquery()


def named(column: Any, key: Any, name: Any) -> Any:
    return select(name).where(key == column).scalar_subquery()


def owned_by_merchant(rules_of: Any = None) -> PrepareFn:
    """The prepare hook of a merchant's row: the merchant within the caller's reach (on creation), then the kind's
    own checks (`rules_of(db, row, problems)`), every broken field named at once."""
    async def prepare(db: AsyncSession, row: Any, user: Principal) -> None:
        problems = Problems()
        if row.id is None:
            await check_merchant(db, user, row.merchant_id, problems)
        if rules_of is not None and not problems:
            await rules_of(db, row, problems)
        problems.raise_any()
    return prepare


async def basic_rules(db: AsyncSession, row: BasicSetting, problems: Problems) -> None:
    found = rules.order_prefix_problem(row.order_no_prefix)
    if found:
        problems.extend([found])
    await check_warehouse(db, row.merchant_id, row.default_warehouse_id, "defaultWarehouseId", problems)


async def product_rules(_: AsyncSession, row: ProductSetting, problems: Problems) -> None:
    problems.extend(rules.product_problems(MasterProductMode(row.master_product_mode), row.auto_bind_by_sku))


async def order_rules(_: AsyncSession, row: OrderSetting, problems: Problems) -> None:
    problems.extend(rules.order_problems(row.auto_accept, row.auto_accept_delay_minutes, row.auto_merge,
                                         row.merge_window_minutes))


async def stock_rules(_: AsyncSession, row: StockSettingRow, problems: Problems) -> None:
    problems.extend(rules.stock_problems(row.push_ratio_percent, row.promotion_reserve_percent))


async def shipping_rules(db: AsyncSession, row: ShippingSetting, problems: Problems) -> None:
    problems.extend(rules.shipping_problems(HandoverMode(row.handover_mode), row.pickup_start_hour,
                                            row.pickup_end_hour))
    await check_courier(db, row.default_courier_id, "defaultCourierId", problems)


def settings_of(name: str, model: Any, create: type[Any], update: type[Any], public: type[Any], permission: str,
                checks: Any, computed: dict[str, Any] | None = None) -> Resource[Any]:
    table = model.__tablename__
    return Resource(
        name=name, model=model, public=public, create=create, update=update, filters=schemas.ErpSettingFilters,
        permission=permission, actions=Actions(add=EDIT, edit=EDIT, export=EXPORT),
        scope=through_merchant(name, model.merchant_id), prepare=owned_by_merchant(checks),
        computed=lambda: {"merchant_email": email_of(model.merchant_id), **(computed or {})},
        unique={f"uq_{table}_merchant_id": ("merchantId", EXISTS)}, default_sort="merchant_id",
    )


basic = settings_of("ErpBasicSetting", BasicSetting, schemas.ErpBasicCreate, schemas.ErpBasicUpdate,
                    schemas.ErpBasicPublic, "basic-settings", basic_rules,
                    {"default_warehouse_name": named(BasicSetting.default_warehouse_id, Warehouse.id,
                                                     Warehouse.name)})
product = settings_of("ErpProductSetting", ProductSetting, schemas.ErpProductCreate, schemas.ErpProductUpdate,
                      schemas.ErpProductPublic, "product-settings", product_rules)
order = settings_of("ErpOrderSetting", OrderSetting, schemas.ErpOrderCreate, schemas.ErpOrderUpdate,
                    schemas.ErpOrderPublic, "order-setting", order_rules)
stock = settings_of("ErpStockSetting", StockSettingRow, schemas.ErpStockCreate, schemas.ErpStockUpdate,
                    schemas.ErpStockPublic, "stock-settings", stock_rules)
shipping = settings_of("ErpShippingSetting", ShippingSetting, schemas.ErpShippingCreate, schemas.ErpShippingUpdate,
                       schemas.ErpShippingPublic, "shipping-setting", shipping_rules,
                       {"default_courier_name": named(ShippingSetting.default_courier_id, Courier.id,
                                                      Courier.name)})

# page (menu identifier) -> its settings, for the routes and the history
SETTINGS: dict[str, Resource[Any]] = {
    "basic-settings": basic, "product-settings": product, "order-setting": order, "stock-settings": stock,
    "shipping-setting": shipping,
}
ROUTERS = [resource.router(prefix=f"/erp-settings/{page}", tags=[f"erp_{page.replace('-', '_')}"])
           for page, resource in SETTINGS.items()]
