"""ERP settings (SPEC §2 ERP settings): each kind's fields with their limits (domain/rules/erp_settings.py), the
settings rows as lists show them, and the history of their changes.

A kind's fields are declared once (`<Kind>Fields`): the create body adds the merchant picked, the modify body is
the same fields each optional beside the row's id (`changes_of`), the public row adds the merchant's email and
the row's times.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Optional

from pydantic import Field, create_model
from pydantic.fields import FieldInfo

from api.envelope import CamelModel
from api.resource.query import Eq, SearchParams
from api.schemas.calendars import TimeZone
from api.schemas.types import BigRowId
from domain.enums import (
    Currency,
    HandoverMode,
    LabelSize,
    MasterProductMode,
    OrderSplitRule,
    SkuRule,
    StockReserveOn,
)
from domain.rules import erp_settings as rules


def bounded(bounds: rules.Bounds) -> Any:
    return Field(ge=bounds.low, le=bounds.high)


def changes_of(fields: type[CamelModel], name: str) -> type[CamelModel]:
    """The modify body of a kind: the row's id and each of its fields, optional (left out: unchanged), with the
    same limits."""
    optional: dict[str, Any] = {
        key: (Optional[info.annotation], FieldInfo  # noqa: UP045 (a run-time type, not an annotation)
              .merge_field_infos(info, default=None))
        for key, info in fields.model_fields.items()}
    return create_model(name, __base__=CamelModel, __module__=__name__, id=(BigRowId, ...), **optional)


class ErpOwned(CamelModel):
    id: int
    merchant_id: int
    merchant_email: str | None
    created_at: datetime
    updated_at: datetime


class ErpMerchantPicked(CamelModel):
    merchant_id: BigRowId


class ErpSettingFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None


# ---- basic ----------------------------------------------------------------------------------------------------

class ErpBasicFields(CamelModel):
    default_warehouse_id: BigRowId | None = None
    time_zone: TimeZone = "Asia/Jakarta"
    currency: Currency = Currency.IDR
    order_no_prefix: Annotated[str, Field(max_length=rules.ORDER_PREFIX_MAX)] = ""
    low_stock_threshold: Annotated[int, bounded(rules.LOW_STOCK)] = 10
    mask_sensitive_info: bool = True


class ErpBasicCreate(ErpBasicFields, ErpMerchantPicked):
    pass


ErpBasicUpdate = changes_of(ErpBasicFields, "ErpBasicUpdate")


class ErpBasicPublic(ErpBasicFields, ErpOwned):
    default_warehouse_name: str | None


# ---- product --------------------------------------------------------------------------------------------------

class ErpProductFields(CamelModel):
    master_product_mode: MasterProductMode = MasterProductMode.MATCH_BY_SKU
    sku_rule: SkuRule = SkuRule.LETTERS_DIGITS_DASH
    sku_max_length: Annotated[int, bounded(rules.SKU_LENGTH)] = 50
    sku_uppercase: bool = True
    auto_create_master: bool = True
    auto_bind_by_sku: bool = True
    sync_price: bool = False
    price_alert_percent: Annotated[int, bounded(rules.PRICE_ALERT)] = 30


class ErpProductCreate(ErpProductFields, ErpMerchantPicked):
    pass


ErpProductUpdate = changes_of(ErpProductFields, "ErpProductUpdate")


class ErpProductPublic(ErpProductFields, ErpOwned):
    pass


# ---- order ----------------------------------------------------------------------------------------------------

class ErpOrderFields(CamelModel):
    auto_accept: bool = False
    auto_accept_delay_minutes: Annotated[int, bounded(rules.MINUTES_A_DAY)] = 0
    auto_merge: bool = False
    merge_window_minutes: Annotated[int, bounded(rules.MINUTES_A_DAY)] = 30
    split_rule: OrderSplitRule = OrderSplitRule.NO_SPLIT
    reserve_on: StockReserveOn = StockReserveOn.PAID
    hold_minutes: Annotated[int, bounded(rules.HOLD_MINUTES)] = 0
    auto_cancel_unpaid_hours: Annotated[int, bounded(rules.UNPAID_HOURS)] = 72
    max_lines_per_package: Annotated[int, bounded(rules.PACKAGE_LINES)] = rules.PACKAGE_LINES_DEFAULT


class ErpOrderCreate(ErpOrderFields, ErpMerchantPicked):
    pass


ErpOrderUpdate = changes_of(ErpOrderFields, "ErpOrderUpdate")


class ErpOrderPublic(ErpOrderFields, ErpOwned):
    pass


# ---- stock ----------------------------------------------------------------------------------------------------

class ErpStockFields(CamelModel):
    sync_enabled: bool = True
    sync_interval_minutes: Annotated[int, bounded(rules.SYNC_INTERVAL)] = 15
    push_ratio_percent: Annotated[int, bounded(rules.PERCENT)] = 100
    safety_stock: Annotated[int, bounded(rules.QUANTITY)] = 0
    promotion_reserve_percent: Annotated[int, bounded(rules.PERCENT)] = 0
    oversell_protection: bool = True


class ErpStockCreate(ErpStockFields, ErpMerchantPicked):
    pass


ErpStockUpdate = changes_of(ErpStockFields, "ErpStockUpdate")


class ErpStockPublic(ErpStockFields, ErpOwned):
    pass


# ---- shipping -------------------------------------------------------------------------------------------------

class ErpShippingFields(CamelModel):
    default_courier_id: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None
    label_size: LabelSize = LabelSize.SIZE_100X150
    handover_mode: HandoverMode = HandoverMode.PICKUP
    pickup_start_hour: Annotated[int, bounded(rules.PICKUP_START)] = 9
    pickup_end_hour: Annotated[int, bounded(rules.PICKUP_END)] = 17
    auto_print_label: bool = False
    ship_within_hours: Annotated[int, bounded(rules.SHIP_WITHIN_HOURS)] = 48
    default_package_weight_g: Annotated[int, bounded(rules.PACKAGE_WEIGHT_G)] = 500


class ErpShippingCreate(ErpShippingFields, ErpMerchantPicked):
    pass


ErpShippingUpdate = changes_of(ErpShippingFields, "ErpShippingUpdate")


class ErpShippingPublic(ErpShippingFields, ErpOwned):
    default_courier_name: str | None
