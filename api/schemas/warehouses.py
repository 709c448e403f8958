"""Warehouses, their product areas and shelves, and the WMS product library (SPEC §3 Warehouse and WMS)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, Field
from sqlalchemy import select

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, SearchParams, Where, escape_like
from api.schemas.merchants import EmailPart, checked
from api.schemas.types import BigRowId
from domain.enums import FulfillmentProvider, ProductCategory, WarehouseType, WarehouseUsageMode
from domain.models.merchants import Merchant
from domain.models.warehouses import Warehouse, WmsProduct
from domain.rules import warehouses as rules
from domain.rules.inputs import FieldRule
from domain.rules.warehouses import DefaultState

Name = Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX), AfterValidator(str.strip)]
Code = Annotated[str, Field(min_length=1, max_length=rules.CODE_MAX), AfterValidator(checked(rules.code))]
Owner = Annotated[str | None, Field(max_length=rules.OWNER_MAX)]
Address = Annotated[str | None, Field(max_length=rules.ADDRESS_MAX)]
Sku = Annotated[str, Field(min_length=1, max_length=rules.SKU_MAX), AfterValidator(checked(rules.sku))]
ProductName = Annotated[str, Field(min_length=1, max_length=rules.PRODUCT_NAME_MAX), AfterValidator(str.strip)]
Variant = Annotated[str | None, Field(max_length=rules.VARIANT_MAX)]
Remark = Annotated[str | None, Field(max_length=rules.REMARK_MAX)]
Weight = Annotated[int, Field(ge=1, le=rules.WEIGHT_MAX_G)]
Size = Annotated[Decimal | None, Field(ge=0, le=rules.SIZE_MAX_CM, max_digits=6, decimal_places=1)]


def _of_merchants(column: Any) -> Callable[[str], Any]:
    """A search by any part of the owning merchant's email (SPEC §5: at least 3 letters)."""
    def clause(email: str) -> Any:
        named = select(Merchant.id).where(Merchant.email.ilike(f"%{escape_like(email)}%", escape="\\"))
        return column.in_(named)
    return clause


# ---- warehouses ------------------------------------------------------------------------------------------------

class WarehouseCreate(CamelModel):
    __rules__: ClassVar = (FieldRule(lambda v: rules.check_default(DefaultState(v["is_default"], v["enabled"])),
                                     ("is_default", "enabled")),)
    merchant_id: BigRowId
    name: Name
    code: Code
    provider: FulfillmentProvider = FulfillmentProvider.GINEE_WMS
    type: WarehouseType = WarehouseType.OWN
    usage_mode: WarehouseUsageMode | None = None
    owner: Owner = None
    address: Address = None
    is_default: bool = False
    enabled: bool = True


class WarehouseUpdate(CamelModel):
    """The merchant stays (its stock is its own); enabling and disabling are their own audited actions."""

    id: BigRowId
    name: Name | None = None
    code: Code | None = None
    provider: FulfillmentProvider | None = None
    type: WarehouseType | None = None
    usage_mode: WarehouseUsageMode | None = None
    owner: Owner = None
    address: Address = None
    is_default: bool | None = None


class WarehousePublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    name: str
    code: str
    provider: FulfillmentProvider
    type: WarehouseType
    usage_mode: WarehouseUsageMode | None
    owner: str | None
    address: str | None
    is_default: bool
    enabled: bool
    created_at: datetime
    updated_at: datetime


class WarehouseOption(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    name: str
    code: str


class WarehouseFilters(SearchParams):
    merchant_email: Annotated[EmailPart, Where(_of_merchants(Warehouse.merchant_id))] = None
    merchant_id: Annotated[int | None, Eq()] = None
    name: Annotated[str | None, Field(max_length=rules.NAME_MAX), Like()] = None
    code: Annotated[str | None, Field(max_length=rules.CODE_MAX), Like()] = None
    owner: Annotated[str | None, Field(max_length=rules.OWNER_MAX), Like()] = None
    provider: Annotated[list[FulfillmentProvider] | None, In()] = None
    type: Annotated[list[WarehouseType] | None, In()] = None
    usage_mode: Annotated[WarehouseUsageMode | None, Eq()] = None
    is_default: Annotated[bool | None, Eq()] = None
    enabled: Annotated[bool | None, Eq()] = None


class WarehouseSwitch(CamelModel):
    id: BigRowId


# ---- product areas and shelves ---------------------------------------------------------------------------------
# An area's code is its location code and its name the product area's name; a shelf's are the shelf code and name.

class WarehouseAreaCreate(CamelModel):
    warehouse_id: BigRowId
    code: Code
    name: Name


class WarehouseAreaUpdate(CamelModel):
    """An area stays in its warehouse: its shelves and their stock are there."""

    id: BigRowId
    code: Code | None = None
    name: Name | None = None


class WarehouseAreaPublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    code: str
    name: str
    shelf_count: int | None = None
    created_at: datetime
    updated_at: datetime


class WarehouseAreaOption(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    code: str
    name: str


class WarehouseAreaFilters(SearchParams):
    warehouse_id: Annotated[int | None, Eq()] = None
    code: Annotated[str | None, Field(max_length=rules.CODE_MAX), Like()] = None
    name: Annotated[str | None, Field(max_length=rules.NAME_MAX), Like()] = None


class ShelfCreate(CamelModel):
    warehouse_id: BigRowId
    area_id: BigRowId | None = None
    code: Code
    name: Name


class ShelfUpdate(CamelModel):
    """A shelf stays in its warehouse (its stock is there); it may move to another area of it."""

    id: BigRowId
    area_id: BigRowId | None = None
    code: Code | None = None
    name: Name | None = None


class ShelfPublic(CamelModel):
    id: int
    warehouse_id: int
    warehouse_name: str | None = None
    area_id: int | None
    area_name: str | None = None
    code: str
    name: str | None
    enabled: bool
    created_at: datetime
    updated_at: datetime


class ShelfFilters(SearchParams):
    warehouse_id: Annotated[int | None, Eq()] = None
    area_id: Annotated[int | None, Eq()] = None
    code: Annotated[str | None, Field(max_length=rules.CODE_MAX), Like()] = None
    name: Annotated[str | None, Field(max_length=rules.NAME_MAX), Like()] = None


# ---- the product library ---------------------------------------------------------------------------------------

class WmsProductCreate(CamelModel):
    merchant_id: BigRowId
    sku: Sku
    name: ProductName
    variant: Variant = None
    category: ProductCategory
    weight_g: Weight
    length_cm: Size = None
    width_cm: Size = None
    height_cm: Size = None
    remark: Remark = None


class WmsProductUpdate(CamelModel):
    """The SKU stays: the ledger and the orders name the product by it."""

    id: BigRowId
    name: ProductName | None = None
    variant: Variant = None
    category: ProductCategory | None = None
    weight_g: Weight | None = None
    length_cm: Size = None
    width_cm: Size = None
    height_cm: Size = None
    remark: Remark = None


class WmsProductOption(CamelModel):
    """A product as a picker names it: the SKU, its name and variant."""

    id: int
    merchant_id: int
    sku: str
    name: str
    variant: str | None


class WmsProductPublic(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None = None
    sku: str
    name: str
    variant: str | None
    category: ProductCategory | None
    weight_g: int | None
    length_cm: Decimal | None
    width_cm: Decimal | None
    height_cm: Decimal | None
    remark: str | None
    created_at: datetime
    updated_at: datetime


class WmsProductFilters(SearchParams):
    merchant_email: Annotated[EmailPart, Where(_of_merchants(WmsProduct.merchant_id))] = None
    merchant_id: Annotated[int | None, Eq()] = None
    sku: Annotated[str | None, Field(max_length=rules.SKU_MAX), Like()] = None
    name: Annotated[str | None, Field(max_length=rules.PRODUCT_NAME_MAX), Like()] = None
    category: Annotated[list[ProductCategory] | None, In()] = None
