"""Stock sync lists (SPEC §2 stock screens) on the resource kit: warehouse stock search, product inventory,
product flow, store-warehouse bindings, stock events and the stock push history. Each row belongs to a merchant
and takes that merchant's data authority. The balances and change records are read, never written, here; the
actions (sync stock, stock fix, the switches) are in api/routers/stock_sync_actions.py."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.routers.merchants import through_merchant
from api.routers.shops import SHOP_SCOPE
from api.routers.warehouses import products, warehouses
from api.schemas.stock_sync import (
    StockBindingCreate,
    StockBindingFilters,
    StockBindingPublic,
    StockBindingUpdate,
    StockEventFilters,
    StockEventPublic,
    StockFlowFilters,
    StockFlowPublic,
    StockInventoryFilters,
    StockInventoryPublic,
    StockLockCreate,
    StockLockFilters,
    StockLockPublic,
    StockLockUpdate,
    StockNoChange,
    StockPushFilters,
    StockPushPublic,
    StockSettingFilters,
    StockSettingPublic,
    StockSyncBalanceFilters,
    StockSyncBalancePublic,
)
from domain.errors import Invalid
from domain.models.merchants import Merchant, Shop
from domain.models.stock_sync import (
    BalanceView,
    FlowView,
    InventoryView,
    StockBinding,
    StockEvent,
    StockLock,
    StockPush,
    StockSetting,
)
from domain.models.warehouses import Warehouse, WmsProduct
from domain.rules import stock_sync as rules

STOCK = "search-warehouse-stock"
EVENTS = "events-warehouse-stock"
SETTINGS = "stock-settings"
FLOW = "product-flow"
INVENTORY = "product-inventory"
BINDINGS = "store-warehouse-binding"
LOCKS = "lock-stock"
PUSHES = "stock-push-history"


def merchant_email_of(merchant_id: Any) -> Any:
    """A merchant's email as a column of a list whose rows name the merchant (shared by the goods lists)."""
    return select(Merchant.email).where(Merchant.id == merchant_id).scalar_subquery()


def _warehouse(warehouse_id: Any, column: Any) -> Any:
    return select(column).where(Warehouse.id == warehouse_id).scalar_subquery()


def shop_column_of(shop_id: Any, column: Any) -> Any:
    """A column of the shop a row names, as a column of that row's list (shared by the goods lists)."""
    return select(column).where(Shop.id == shop_id).scalar_subquery()


def _read_only(name: str, model: type, public: type, filters: type, permission: str, export: str,
               computed: Any = None, **more: Any) -> Resource[Any]:
    """A list with its export and nothing to add or change: the row is written elsewhere."""
    return Resource(name=name, model=model, public=public, create=StockNoChange, update=StockNoChange, filters=filters,
                    permission=permission, actions=Actions(export=export), computed=computed,
                    # every stock model has merchant_id; the model is typed as any class
                    scope=through_merchant(name, model.merchant_id), **more)  # type: ignore[attr-defined]


balances = _read_only("WarehouseStock", BalanceView, StockSyncBalancePublic, StockSyncBalanceFilters, STOCK,
                      "stock#export",
                      lambda: {"merchant_email": merchant_email_of(BalanceView.merchant_id)},
                      sortable={"id", "sku", "on_hand", "locked", "available", "updated_at"}, default_sort="sku")
inventory = _read_only("StockInventory", InventoryView, StockInventoryPublic, StockInventoryFilters, INVENTORY,
                       "inventory#export", lambda: {"merchant_email": merchant_email_of(InventoryView.merchant_id)},
                       sortable={"sku", "existing", "locked", "available"}, default_sort="sku")
flow = _read_only("StockFlow", FlowView, StockFlowPublic, StockFlowFilters, FLOW, "product-flow#export",
                  sortable={"id", "created_at"})
events = _read_only("StockEvent", StockEvent, StockEventPublic, StockEventFilters, EVENTS, "stock#export",
                    lambda: {"merchant_email": merchant_email_of(StockEvent.merchant_id),
                             "shop_name": shop_column_of(StockEvent.shop_id, Shop.name)}, also=(STOCK,))
pushes = _read_only("StockPush", StockPush, StockPushPublic, StockPushFilters, PUSHES, "stock-push#export",
                    lambda: {"merchant_email": merchant_email_of(StockPush.merchant_id),
                             "shop_name": shop_column_of(StockPush.shop_id, Shop.name)}, also=(STOCK,))
settings = _read_only("StockSetting", StockSetting, StockSettingPublic, StockSettingFilters, SETTINGS,
                      "stock-settings#export", lambda: {"merchant_email": merchant_email_of(StockSetting.merchant_id)})


async def check_binding(db: AsyncSession, row: StockBinding, user: Principal) -> None:
    """A store is fed only by warehouses of its own merchant; the binding belongs to that merchant. The store and
    the warehouse are looked for within the caller's data authority: one outside it is not there for them."""
    shop = await db.scalar(SHOP_SCOPE(select(Shop).where(Shop.id == row.shop_id), user))
    if shop is None:
        raise Invalid("shopId", "not_found", ids=row.shop_id)
    owner = await db.scalar(warehouses.scope(select(Warehouse.merchant_id).where(Warehouse.id == row.warehouse_id),
                                             user))
    if owner is None:
        raise Invalid("warehouseId", "not_found", ids=row.warehouse_id)
    if owner != shop.merchant_id:
        raise Invalid("warehouseId", "stock_binding_other_merchant")
    row.merchant_id = shop.merchant_id


bindings = Resource(
    name="StockBinding", model=StockBinding, public=StockBindingPublic, create=StockBindingCreate,
    update=StockBindingUpdate,
    filters=StockBindingFilters, permission=BINDINGS, also=(STOCK,),
    actions=Actions(add="stock-binding#add", edit="stock-binding#edit", delete="stock-binding#delete",
                    export="stock-binding#export"),
    scope=through_merchant("StockBinding", StockBinding.merchant_id), prepare=check_binding,
    computed=lambda: {"merchant_email": merchant_email_of(StockBinding.merchant_id),
                      "shop_name": shop_column_of(StockBinding.shop_id, Shop.name),
                      "channel": shop_column_of(StockBinding.shop_id, Shop.channel),
                      "country": shop_column_of(StockBinding.shop_id, Shop.country),
                      "warehouse_name": _warehouse(StockBinding.warehouse_id, Warehouse.name)},
    unique={"uq_stock_sync_bindings_shop_id_warehouse_id": ("warehouseId", "STOCK_BINDING_EXISTS"),
            "uq_stock_sync_bindings_fulfils": ("fulfils", "STOCK_BINDING_FULFILS_EXISTS")},
)

async def lock_target(db: AsyncSession, row: StockLock, values: dict[str, Any], user: Principal) -> None:
    """Lock stock: a store picked within the caller's data authority (its merchant's lock), or a product of a
    merchant's library (that merchant's SKU); exactly one of them."""
    product_id = values.get("product_id")
    rules.check_lock_target(row.shop_id, product_id)
    if row.shop_id is not None:
        shop = await db.scalar(SHOP_SCOPE(select(Shop).where(Shop.id == row.shop_id), user))
        if shop is None:
            raise Invalid("shopId", "not_found", ids=row.shop_id)
        row.merchant_id = shop.merchant_id
    else:
        product = await db.scalar(products.scope(select(WmsProduct).where(WmsProduct.id == product_id), user))
        if product is None:
            raise Invalid("productId", "not_found", ids=product_id)
        row.merchant_id, row.sku = product.merchant_id, product.sku
    row.locked_by, row.locked_by_name = user.id, user.username


locks = Resource(
    name="StockLock", model=StockLock, public=StockLockPublic, create=StockLockCreate, update=StockLockUpdate,
    filters=StockLockFilters, permission=LOCKS, also=(STOCK,),
    actions=Actions(add="stock#lock", delete="stock#lock"),
    scope=through_merchant("StockLock", StockLock.merchant_id), extras=lock_target,
    computed=lambda: {"merchant_email": merchant_email_of(StockLock.merchant_id),
                      "shop_name": shop_column_of(StockLock.shop_id, Shop.name)},
    unique={"uq_stock_locks_merchant_id_shop_id": ("shopId", "STOCK_LOCK_EXISTS"),
            "uq_stock_locks_merchant_id_sku": ("productId", "STOCK_LOCK_EXISTS")},
)

ROUTERS = [
    balances.router(prefix="/stock-sync/stock", tags=["stock_sync_balances"]),
    inventory.router(prefix="/stock-sync/inventory", tags=["stock_sync_inventory"]),
    flow.router(prefix="/stock-sync/flow", tags=["stock_sync_flow"]),
    events.router(prefix="/stock-sync/event", tags=["stock_sync_events"]),
    pushes.router(prefix="/stock-sync/push", tags=["stock_sync_pushes"]),
    settings.router(prefix="/stock-sync/setting", tags=["stock_sync_settings"]),
    bindings.router(prefix="/stock-sync/binding", tags=["stock_sync_bindings"]),
    locks.router(prefix="/stock-sync/lock", tags=["stock_sync_locks"]),
]
