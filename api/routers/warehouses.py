"""Warehouses (SPEC §2 /warehouse-setting/warehouse-list) on the resource kit, enabled and disabled as audited
actions, and the picker of a warehouse. A warehouse is its merchant's: the merchant's data authority decides who
sees it. Its code is once per merchant and a merchant has one default warehouse, both held by PostgreSQL."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Reference, Resource
from api.resource.query import picked_or_named
from api.resource.scope import declares
from api.routers.merchants import merchants, through_merchant
from api.schemas.options import PickedIds, ShelfOption, Typed
from api.schemas.types import Int64
from api.schemas.warehouses import (
    ShelfCreate,
    ShelfFilters,
    ShelfPublic,
    ShelfUpdate,
    WarehouseAreaCreate,
    WarehouseAreaFilters,
    WarehouseAreaOption,
    WarehouseAreaPublic,
    WarehouseAreaUpdate,
    WarehouseCreate,
    WarehouseFilters,
    WarehouseOption,
    WarehousePublic,
    WarehouseSwitch,
    WarehouseUpdate,
    WmsProductCreate,
    WmsProductFilters,
    WmsProductOption,
    WmsProductPublic,
    WmsProductUpdate,
)
from domain import audit
from domain.errors import DomainError, Invalid
from domain.models.merchants import Merchant
from domain.models.stock import ShelfStock, StockBalance
from domain.models.warehouses import Shelf, Warehouse, WarehouseArea, WmsProduct
from domain.rules import warehouses as rules
from domain.rules.inputs import Problems
from domain.rules.warehouses import DefaultState

MENU = "warehouse-list"
# an import names a merchant by its email, as the lists show it
BY_MERCHANT = Reference(field="merchant_id", shown="merchant_email", target=merchants, keys=(Merchant.email,))
# the screens whose forms pick a warehouse (location management, the product library, the order dialogs and the
# store-warehouse bindings)
ORDERS, BINDINGS = "outbound-inbound-order-query", "store-warehouse-binding"
# the stock screens filtering by warehouse, the move stock dialog and the shelf merges pick one too
STOCK = ("stock-change-record", "search-warehouse-stock", "stock-reconciliation", "shelf-merges")
PICKERS = (MENU, "location-management", "product-library", ORDERS, BINDINGS, "shelf-merge-detail", *STOCK,
           "basic-settings", "shipping-setting", "after-service-day", "after-service-time", "after-service-material",
           "content-manage")
# the forms naming a shelf: the location screens, move stock, an inbound order's receipt, shelf merges
SHELF_PICKERS = ("location-management", "stock-change-record", ORDERS, "shelf-merges")


def merchant_email(merchant_id: Any) -> Any:
    return select(Merchant.email).where(Merchant.id == merchant_id).scalar_subquery()


def with_merchant() -> dict[str, Any]:
    return {"merchant_email": merchant_email(Warehouse.merchant_id)}


async def check_merchant(db: AsyncSession, user: Principal, merchant_id: int) -> None:
    """The merchant exists and the caller's data authority reaches it (else it is not there for them)."""
    if await db.scalar(merchants.scope(select(Merchant.id).where(Merchant.id == merchant_id), user)) is None:
        raise Invalid(field="merchantId", rule="warehouse_merchant_missing")


async def prepare(db: AsyncSession, row: Warehouse, user: Principal) -> None:
    """The merchant exists within the caller's data authority; the default is enabled; a warehouse made default
    takes the role from the merchant's previous default in the same transaction (the partial unique index refuses
    a second default of a race)."""
    problems = Problems()  # the merchant and the default named together
    await problems.check_async(check_merchant, db, user, row.merchant_id)
    problems.check(rules.check_default, DefaultState(is_default=row.is_default, enabled=row.enabled))
    problems.raise_any()
    if row.is_default:
        others = [Warehouse.merchant_id == row.merchant_id, Warehouse.is_default]
        if row.id is not None:
            others.append(Warehouse.id != row.id)
        await db.execute(update(Warehouse).where(*others).values(is_default=False)
                         .execution_options(synchronize_session=False))


async def holds_stock(db: AsyncSession, warehouse_id: int) -> bool:
    held = select(StockBalance.warehouse_id).where(StockBalance.warehouse_id == warehouse_id, or_(
        StockBalance.on_hand > 0, StockBalance.transit > 0)).limit(1)
    return await db.scalar(held) is not None


async def check_delete(db: AsyncSession, row: Warehouse, _: Principal) -> None:
    rules.check_delete(DefaultState(is_default=row.is_default, enabled=row.enabled), await holds_stock(db, row.id))


warehouses = Resource(
    name="Warehouse", model=Warehouse, public=WarehousePublic, create=WarehouseCreate, update=WarehouseUpdate,
    filters=WarehouseFilters, permission=MENU,
    actions=Actions(add="warehouse#add", edit="warehouse#edit", delete="warehouse#delete", export="warehouse#export",
                    import_="warehouse#import"),
    scope=through_merchant("Warehouse", Warehouse.merchant_id), computed=with_merchant, prepare=prepare,
    check_delete=check_delete, references=(BY_MERCHANT,),
    unique={"uq_warehouses_merchant_id_code": ("code", "WAREHOUSE_CODE_TAKEN"),
            "uq_warehouses_merchant_id_name": ("name", "WAREHOUSE_NAME_TAKEN"),
            "uq_warehouses_one_default": ("isDefault", "WAREHOUSE_DEFAULT_TAKEN")},
)

router = warehouses.router(prefix="/warehouse", tags=["warehouses"])


async def _switch(db: AsyncSession, user: Principal, warehouse_id: int, enabled: bool) -> WarehousePublic:
    row = await warehouses.load(db, user, warehouse_id, lock=True)
    if row.enabled == enabled:
        raise DomainError("WAREHOUSE_ALREADY_ENABLED" if enabled else "WAREHOUSE_ALREADY_DISABLED", status=409)
    rules.check_default(DefaultState(is_default=row.is_default, enabled=enabled))
    before = audit.snapshot(row)
    row.enabled = enabled
    await db.flush()
    await warehouses.audit(db, user, row.id, "enable" if enabled else "disable", before, audit.snapshot(row))
    return WarehousePublic.model_validate(await warehouses.shown(db, user, row))


@router.post("/enable", summary="Enable a warehouse (audited)")
async def enable(body: WarehouseSwitch, db: SessionDep,
                 user: Annotated[Principal, Need("warehouse#status")]) -> Reply[WarehousePublic]:
    return ok(await _switch(db, user, body.id, True))


@router.post("/disable", summary="Disable a warehouse (audited); the default warehouse stays enabled")
async def disable(body: WarehouseSwitch, db: SessionDep,
                  user: Annotated[Principal, Need("warehouse#status")]) -> Reply[WarehousePublic]:
    return ok(await _switch(db, user, body.id, False))


@router.get("/options", summary="The warehouses the caller may see, for the pickers of other screens",
            openapi_extra=declares(warehouses.scope))
async def options(db: SessionDep, user: Annotated[Principal, Need(*PICKERS)]) -> Reply[list[WarehouseOption]]:
    query = warehouses.scope(select(Warehouse, merchant_email(Warehouse.merchant_id).label("email")), user)
    rows = (await db.execute(query.order_by(Warehouse.name, Warehouse.id).limit(1000))).all()
    return ok([WarehouseOption(id=w.id, merchant_id=w.merchant_id, merchant_email=email, name=w.name, code=w.code)
               for w, email in rows])


# ---- product areas and shelves (SPEC §2 location-management) ---------------------------------------------------

LOCATIONS = "location-management"
LOCATION_ACTIONS = Actions(add="location#add", edit="location#edit", delete="location#delete",
                           export="location#export", import_="location#import")


def in_warehouse(name: str, warehouse_id: Any) -> Any:
    """A row under a warehouse has its warehouse's merchant's data authority."""
    # correlated with the row's table however deep the scope nests it (the merchant's team, its people)
    owner = select(Warehouse.merchant_id).where(Warehouse.id == warehouse_id).correlate_except(Warehouse)
    return through_merchant(name, owner.scalar_subquery())


def warehouse_name(warehouse_id: Any) -> Any:
    return select(Warehouse.name).where(Warehouse.id == warehouse_id).scalar_subquery()


async def check_warehouse(db: AsyncSession, user: Principal, warehouse_id: int) -> None:
    """The warehouse exists and the caller's data authority shows it (else it is not there for them)."""
    found = warehouses.scope(select(Warehouse.id).where(Warehouse.id == warehouse_id), user)
    if await db.scalar(found) is None:
        raise Invalid(field="warehouseId", rule="warehouse_missing")


async def prepare_area(db: AsyncSession, row: WarehouseArea, user: Principal) -> None:
    await check_warehouse(db, user, row.warehouse_id)


async def prepare_shelf(db: AsyncSession, row: Shelf, user: Principal) -> None:
    await check_warehouse(db, user, row.warehouse_id)
    if row.area_id is not None and await db.scalar(select(WarehouseArea.warehouse_id).where(
            WarehouseArea.id == row.area_id)) != row.warehouse_id:
        raise Invalid(field="areaId", rule="warehouse_area_elsewhere")


def with_area_names() -> dict[str, Any]:
    shelves = select(func.count()).where(Shelf.area_id == WarehouseArea.id).scalar_subquery()
    return {"warehouse_name": warehouse_name(WarehouseArea.warehouse_id), "shelf_count": shelves}


def with_shelf_names() -> dict[str, Any]:
    area = select(WarehouseArea.name).where(WarehouseArea.id == Shelf.area_id).scalar_subquery()
    return {"warehouse_name": warehouse_name(Shelf.warehouse_id), "area_name": area}


# an import names a warehouse by its code or name, and a product area by its code or name within that warehouse
IN_WAREHOUSE = Reference(field="warehouse_id", shown="warehouse_name", target=warehouses,
                         keys=(Warehouse.code, Warehouse.name))
areas = Resource(
    name="WarehouseArea", model=WarehouseArea, public=WarehouseAreaPublic, create=WarehouseAreaCreate,
    update=WarehouseAreaUpdate,
    filters=WarehouseAreaFilters, permission=LOCATIONS, actions=LOCATION_ACTIONS,
    scope=in_warehouse("WarehouseArea", WarehouseArea.warehouse_id), computed=with_area_names, prepare=prepare_area,
    references=(IN_WAREHOUSE,),
    unique={"uq_warehouse_areas_warehouse_id_code": ("code", "LOCATION_CODE_TAKEN")},
)
shelves = Resource(
    name="Shelf", model=Shelf, public=ShelfPublic, create=ShelfCreate, update=ShelfUpdate,
    filters=ShelfFilters, permission=LOCATIONS, actions=LOCATION_ACTIONS,
    scope=in_warehouse("Shelf", Shelf.warehouse_id), computed=with_shelf_names,
    prepare=prepare_shelf, unique={"uq_shelves_warehouse_id_code": ("code", "SHELF_CODE_TAKEN")},
    references=(IN_WAREHOUSE, Reference(field="area_id", shown="area_name", target=areas,
                                        keys=(WarehouseArea.code, WarehouseArea.name),
                                        within=("warehouse_id", WarehouseArea.warehouse_id))),
)
area_router = areas.router(prefix="/warehouse-area", tags=["warehouse_areas"])


@area_router.get("/options", summary="The product areas the caller may see, for the shelf form's picker",
                 openapi_extra=declares(areas.scope))
async def area_options(db: SessionDep,
                       user: Annotated[Principal, Need(LOCATIONS)]) -> Reply[list[WarehouseAreaOption]]:
    query = areas.scope(select(WarehouseArea, warehouse_name(WarehouseArea.warehouse_id).label("house")), user)
    rows = (await db.execute(query.order_by(WarehouseArea.warehouse_id, WarehouseArea.code).limit(1000))).all()
    return ok([WarehouseAreaOption(id=a.id, warehouse_id=a.warehouse_id, warehouse_name=house, code=a.code,
                                   name=a.name) for a, house in rows])
shelf_router = shelves.router(prefix="/warehouse-shelf", tags=["shelves"])


@shelf_router.get("/options", summary="The shelves of one warehouse whose code or name contains what is typed (the "
                  "first 20), or the given ids, for the pickers naming a shelf", openapi_extra=declares(shelves.scope))
async def shelf_options(db: SessionDep, user: Annotated[Principal, Need(*SHELF_PICKERS)],
                        warehouse_id: Annotated[Int64, Query(alias="warehouseId", ge=1)],
                        q: Typed = None, ids: PickedIds = None) -> Reply[list[ShelfOption]]:
    # each shelf with the SKUs that have stock on it (the merge dialog names shelves so), in the same statement
    skus = (select(func.count()).where(ShelfStock.shelf_id == Shelf.id, ShelfStock.quantity > 0)
            .correlate(Shelf).scalar_subquery())
    query = shelves.scope(select(Shelf, skus.label("skus")).where(Shelf.warehouse_id == warehouse_id), user)
    rows = await db.execute(picked_or_named(query.order_by(Shelf.code, Shelf.id), [Shelf.code, Shelf.name], q,
                                            Shelf.id, ids))
    return ok([ShelfOption.model_validate(shelf).model_copy(update={"skus": count}) for shelf, count in rows])


# ---- the product library (SPEC §2 /product-library) ------------------------------------------------------------

async def prepare_product(db: AsyncSession, row: WmsProduct, user: Principal) -> None:
    await check_merchant(db, user, row.merchant_id)


products = Resource(
    name="WmsProduct", model=WmsProduct, public=WmsProductPublic, create=WmsProductCreate, update=WmsProductUpdate,
    filters=WmsProductFilters, permission="product-library",
    actions=Actions(add="product#add", edit="product#edit", delete="product#delete", export="product#export",
                    import_="product#import"),
    scope=through_merchant("WmsProduct", WmsProduct.merchant_id),
    computed=lambda: {"merchant_email": merchant_email(WmsProduct.merchant_id)}, prepare=prepare_product,
    references=(BY_MERCHANT,),
    unique={"uq_wms_products_merchant_id_sku": ("sku", "SKU_TAKEN")},
)
product_router = products.router(prefix="/wms-product", tags=["wms_products"])


# the screens picking a SKU: the product library, the order dialogs, lock stock, move stock, stock fix, the stock
# lists filtering by SKU, local goods and the interception rules' form (on its page and the order settings)
SKU_PICKERS = ("product-library", ORDERS, "stock#lock", "stock#move", "stock#fix", "stock-change-record",
               "search-warehouse-stock", "product-inventory", "product-flow", "stock-reconciliation",
               "lock-stock", "stock-push-history", "goods-local", "interception-rules", "order-setting")


@product_router.get("/options", summary="A merchant's products (or a warehouse's merchant's) whose SKU or name "
                    "contains what is typed, for the SKU pickers (the first 20)",
                    openapi_extra=declares(products.scope))
async def product_options(db: SessionDep, user: Annotated[Principal, Need(*SKU_PICKERS)],
                          merchant_id: Annotated[Int64 | None, Query(alias="merchantId", ge=1)] = None,
                          warehouse_id: Annotated[Int64 | None, Query(alias="warehouseId", ge=1)] = None,
                          q: Annotated[str | None, Query(max_length=rules.SKU_MAX)] = None,
                          ids: PickedIds = None) -> Reply[list[WmsProductOption]]:
    query = products.scope(select(WmsProduct), user)
    if merchant_id is not None:
        query = query.where(WmsProduct.merchant_id == merchant_id)
    if warehouse_id is not None:
        query = query.where(WmsProduct.merchant_id == select(Warehouse.merchant_id).where(
            Warehouse.id == warehouse_id).scalar_subquery())
    rows = await db.scalars(picked_or_named(query.order_by(WmsProduct.sku, WmsProduct.id),
                                            [WmsProduct.sku, WmsProduct.name], q, WmsProduct.id, ids))
    return ok([WmsProductOption.model_validate(row) for row in rows])
