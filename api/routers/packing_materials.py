"""Packing and return materials (SPEC §2 /after-service-material): each warehouse's materials with their stock and
low-stock threshold on the resource kit, their usage on a return or an outbound order (charged to the merchant),
and the usage history. Data authority follows the warehouse's merchant."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep
from api.envelope import Reply, ok
from api.resource import Actions, Resource
from api.resource.query import picked_or_named
from api.resource.scope import declares
from api.routers.after_sales import returns, stamp_merchant, warehouse_name
from api.routers.merchants import through_merchant
from api.routers.warehouses import merchant_email
from api.routers.wms_orders import orders as wms_orders
from api.schemas.after_sales import (
    MaterialCreate,
    MaterialFilters,
    MaterialPublic,
    MaterialUpdate,
    UsageCreate,
    UsageFilters,
    UsagePublic,
    UsageTargetOption,
)
from api.schemas.options import PickedIds, Typed
from api.schemas.types import Int64
from domain.enums import WmsOrderStatus
from domain.errors import Invalid
from domain.models.after_sales import MaterialUsage, PackingMaterial, ReturnOrder
from domain.models.stock_orders import StockOrder
from services import after_sales as service

MENU = "after-service-material"


def material_names() -> dict[str, Any]:
    return {"merchant_email": merchant_email(PackingMaterial.merchant_id),
            "warehouse_name": warehouse_name(PackingMaterial.warehouse_id),
            "low_stock": PackingMaterial.stock <= PackingMaterial.low_stock_threshold}


def usage_names() -> dict[str, Any]:
    return {"merchant_email": merchant_email(MaterialUsage.merchant_id),
            "material_code": select(PackingMaterial.code).where(PackingMaterial.id == MaterialUsage.material_id)
            .scalar_subquery(),
            "material_name": select(PackingMaterial.name).where(PackingMaterial.id == MaterialUsage.material_id)
            .scalar_subquery()}


async def _unused(db: AsyncSession, row: PackingMaterial, _: Principal) -> None:
    if await db.scalar(select(MaterialUsage.id).where(MaterialUsage.material_id == row.id).limit(1)) is not None:
        raise Invalid(field="id", rule="material_in_use")


materials = Resource(
    name="PackingMaterial", model=PackingMaterial, public=MaterialPublic, create=MaterialCreate,
    update=MaterialUpdate, filters=MaterialFilters, permission=MENU,
    actions=Actions(add="material#add", edit="material#edit", delete="material#delete", export="material#export"),
    scope=through_merchant("PackingMaterial", PackingMaterial.merchant_id), computed=material_names,
    prepare=stamp_merchant, check_delete=_unused,
    unique={"uq_packing_materials_warehouse_code": ("code", "MATERIAL_CODE_TAKEN")},
)
router = materials.router(prefix="/after-sales/material", tags=["packing_materials"])


@router.get("/options", summary="The materials the caller may see, for the usage form's picker",
            openapi_extra=declares(materials.scope))
async def options(db: SessionDep, user: Annotated[Principal, Need(MENU)]) -> Reply[list[MaterialPublic]]:
    rows = await db.scalars(materials.base_query(user).order_by(PackingMaterial.code).limit(1000))
    return ok([MaterialPublic.model_validate(row) for row in rows])


usages = Resource(
    name="MaterialUsage", model=MaterialUsage, public=UsagePublic, create=UsageCreate, update=UsageCreate,
    filters=UsageFilters, permission=MENU, actions=Actions(export="material-usage#export"),
    scope=through_merchant("MaterialUsage", MaterialUsage.merchant_id), computed=usage_names,
)
usage_router = usages.router(prefix="/after-sales/material-usage", tags=["material_usages"])


@usage_router.post("/add", summary="Record units of a material used on a return or an outbound order")
async def add_usage(body: UsageCreate, db: SessionDep,
                    user: Annotated[Principal, Need("material#use")]) -> Reply[UsagePublic]:
    material = await materials.load(db, user, body.material_id, lock=True)
    if body.return_id is not None:
        await returns.load(db, user, body.return_id)
    elif body.stock_order_id is not None:
        found = await db.scalar(through_merchant("StockOrder", StockOrder.merchant_id)(
            select(StockOrder.id).where(StockOrder.id == body.stock_order_id), user))
        if found is None:
            raise Invalid(field="stockOrderId", rule="after_sales_order_missing")
    row = await service.record_usage(db, user, material, body.quantity, return_id=body.return_id,
                                     stock_order_id=body.stock_order_id)
    return ok(UsagePublic.model_validate(await usages.shown(db, user, row)))


WarehouseParam = Annotated[Int64 | None, Query(alias="warehouseId")]


@usage_router.get("/return-options", summary="Returns of a warehouse whose return or order number contains what is "
                  "typed, for the usage form's picker", openapi_extra=declares(returns.scope))
async def return_options(db: SessionDep, user: Annotated[Principal, Need("material#use")],
                         warehouse_id: WarehouseParam = None, q: Typed = None,
                         ids: PickedIds = None) -> Reply[list[UsageTargetOption]]:
    query = returns.base_query(user).order_by(ReturnOrder.id.desc())
    if warehouse_id is not None:
        query = query.where(ReturnOrder.warehouse_id == warehouse_id)
    rows = (await db.scalars(picked_or_named(query, [ReturnOrder.return_no, ReturnOrder.channel_order_no], q,
                                             ReturnOrder.id, ids))).all()
    return ok([UsageTargetOption(id=r.id, warehouse_id=r.warehouse_id, document_no=r.return_no,
                                 channel_order_no=r.channel_order_no) for r in rows])


@usage_router.get("/order-options", summary="Outbound orders of a warehouse (not cancelled) whose order or channel "
                  "order number contains what is typed, for the usage form's picker",
                  openapi_extra=declares(wms_orders.scope))
async def order_options(db: SessionDep, user: Annotated[Principal, Need("material#use")],
                        warehouse_id: WarehouseParam = None, q: Typed = None,
                        ids: PickedIds = None) -> Reply[list[UsageTargetOption]]:
    query = wms_orders.base_query(user).where(StockOrder.wms_status != WmsOrderStatus.CANCELLED) \
        .order_by(StockOrder.id.desc())
    if warehouse_id is not None:
        query = query.where(StockOrder.warehouse_id == warehouse_id)
    rows = (await db.scalars(picked_or_named(query, [StockOrder.order_no, StockOrder.channel_order_no], q,
                                             StockOrder.id, ids))).all()
    return ok([UsageTargetOption(id=r.id, warehouse_id=r.warehouse_id, document_no=r.order_no,
                                 channel_order_no=r.channel_order_no) for r in rows])


ROUTERS = [router, usage_router]
