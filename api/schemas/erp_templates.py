"""ERP templates and push rules (SPEC §2 ERP settings): basic, order and shipping templates, logistics templates
(a channel's courier) and the stock push rule of a store, with their limits (domain/rules/erp_settings.py)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, SearchParams
from api.schemas.erp_settings import ErpMerchantPicked, ErpOwned, bounded, changes_of
from api.schemas.types import BigRowId
from domain.enums import Channel, ErpTemplateKind, LabelSize, PushRuleMode, TemplateField
from domain.rules import erp_settings as rules

Name = Annotated[str, Field(min_length=1, max_length=rules.NAME_MAX)]
Remark = Annotated[str | None, Field(max_length=rules.REMARK_MAX)]
CourierId = Annotated[int, Field(ge=1, le=2**31 - 1)]


# ---- basic, order and shipping templates ----------------------------------------------------------------------

class ErpTemplateFields(CamelModel):
    name: Name
    paper_size: LabelSize = LabelSize.A4
    fields: Annotated[list[TemplateField], Field(min_length=1, max_length=len(TemplateField))]
    is_default: bool = False
    remark: Remark = None


class ErpTemplateCreate(ErpTemplateFields, ErpMerchantPicked):
    kind: ErpTemplateKind


ErpTemplateUpdate = changes_of(ErpTemplateFields, "ErpTemplateUpdate")


class ErpTemplatePublic(ErpTemplateFields, ErpOwned):
    kind: ErpTemplateKind


class ErpTemplateFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    kind: Annotated[list[ErpTemplateKind] | None, In()] = None
    name: Annotated[str | None, Like()] = None
    is_default: Annotated[bool | None, Eq()] = None


# ---- logistics templates --------------------------------------------------------------------------------------

class LogisticsTemplateFields(CamelModel):
    name: Name
    channel: Channel
    courier_id: CourierId
    warehouse_id: BigRowId | None = None
    is_default: bool = False
    remark: Remark = None


class LogisticsTemplateCreate(LogisticsTemplateFields, ErpMerchantPicked):
    pass


LogisticsTemplateUpdate = changes_of(LogisticsTemplateFields, "LogisticsTemplateUpdate")


class LogisticsTemplatePublic(LogisticsTemplateFields, ErpOwned):
    courier_name: str | None
    warehouse_name: str | None


class LogisticsTemplateFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    channel: Annotated[list[Channel] | None, In()] = None
    courier_id: Annotated[CourierId | None, Eq()] = None
    name: Annotated[str | None, Like()] = None


# ---- stock push rules -----------------------------------------------------------------------------------------

class PushRuleFields(CamelModel):
    mode: PushRuleMode = PushRuleMode.RATIO
    ratio_percent: Annotated[int, bounded(rules.PERCENT)] | None = None
    fixed_quantity: Annotated[int, bounded(rules.QUANTITY)] | None = None
    safety_stock: Annotated[int, bounded(rules.QUANTITY)] = 0
    enabled: bool = True


class PushRuleCreate(PushRuleFields):
    shop_id: BigRowId  # the store; the rule belongs to its merchant


PushRuleUpdate = changes_of(PushRuleFields, "PushRuleUpdate")


class PushRulePublic(PushRuleFields, ErpOwned):
    shop_id: int
    shop_name: str | None
    channel: Channel | None


class PushRuleFilters(SearchParams):
    merchant_id: Annotated[BigRowId | None, Eq()] = None
    shop_id: Annotated[BigRowId | None, Eq()] = None
    mode: Annotated[PushRuleMode | None, Eq()] = None
    enabled: Annotated[bool | None, Eq()] = None
