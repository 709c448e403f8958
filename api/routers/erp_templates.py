"""ERP templates and push rules (SPEC §2 ERP settings) on the resource kit: a merchant's basic, order and shipping
templates (name unique per merchant and kind, one default of each kind), its logistics templates (which courier
ships a channel's orders; name unique per merchant, one default per channel), and the stock push rule of each
store (push-rule detail: a ratio or a fixed quantity after the safety stock)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.erp_settings_ops import check_courier, check_merchant, check_warehouse
from api.resource import Actions, Resource
from api.routers.erp_settings import email_of, named
from api.routers.merchants import through_merchant
from api.routers.shops import SHOP_SCOPE
from api.schemas import erp_templates as schemas
from domain.enums import PushRuleMode
from domain.errors import Invalid
from domain.models.couriers import Courier
from domain.models.erp_settings import ErpTemplate, LogisticsTemplate, PushRule
from domain.models.merchants import Shop
from domain.models.warehouses import Warehouse
from domain.rules import erp_settings as rules
from domain.rules.inputs import Problems
from services.erp_settings import take_default

TEMPLATE_PAGES = ("basic-settings", "order-setting", "shipping-setting")


async def prepare_template(db: AsyncSession, row: ErpTemplate, user: Principal) -> None:
    problems = Problems()
    if row.id is None:
        await check_merchant(db, user, row.merchant_id, problems)
    problems.raise_any()
    await take_default(db, user, row, "ErpTemplate", (ErpTemplate.kind, row.kind))


templates = Resource(
    name="ErpTemplate", model=ErpTemplate, public=schemas.ErpTemplatePublic, create=schemas.ErpTemplateCreate,
    update=schemas.ErpTemplateUpdate, filters=schemas.ErpTemplateFilters, permission=TEMPLATE_PAGES[0],
    also=TEMPLATE_PAGES[1:], actions=Actions(add="erp-template#add", edit="erp-template#edit",
                                             delete="erp-template#delete", export="erp-template#export"),
    scope=through_merchant("ErpTemplate", ErpTemplate.merchant_id), prepare=prepare_template,
    computed=lambda: {"merchant_email": email_of(ErpTemplate.merchant_id)},
    unique={"uq_erp_templates_merchant_id_kind_name": ("name", "ERP_TEMPLATE_NAME_TAKEN")},
)


async def prepare_logistics(db: AsyncSession, row: LogisticsTemplate, user: Principal) -> None:
    problems = Problems()
    if row.id is None:
        await check_merchant(db, user, row.merchant_id, problems)
    if not problems:
        await check_warehouse(db, row.merchant_id, row.warehouse_id, "warehouseId", problems)
    await check_courier(db, row.courier_id, "courierId", problems, channel=row.channel)
    problems.raise_any()
    await take_default(db, user, row, "LogisticsTemplate", (LogisticsTemplate.channel, row.channel))


logistics = Resource(
    name="LogisticsTemplate", model=LogisticsTemplate, public=schemas.LogisticsTemplatePublic,
    create=schemas.LogisticsTemplateCreate, update=schemas.LogisticsTemplateUpdate,
    filters=schemas.LogisticsTemplateFilters, permission="shipping-setting",
    actions=Actions(add="erp-template#add", edit="erp-template#edit", delete="erp-template#delete",
                    export="erp-template#export"),
    scope=through_merchant("LogisticsTemplate", LogisticsTemplate.merchant_id), prepare=prepare_logistics,
    computed=lambda: {"merchant_email": email_of(LogisticsTemplate.merchant_id),
                      "courier_name": named(LogisticsTemplate.courier_id, Courier.id, Courier.name),
                      "warehouse_name": named(LogisticsTemplate.warehouse_id, Warehouse.id, Warehouse.name)},
    unique={"uq_erp_logistics_templates_merchant_id_name": ("name", "ERP_TEMPLATE_NAME_TAKEN")},
)


async def prepare_push_rule(db: AsyncSession, row: PushRule, user: Principal) -> None:
    """The store is picked within the caller's data authority and gives the rule its merchant; the figure of the
    other mode is cleared, the one of the rule's mode required."""
    if row.id is None:
        shop = await db.scalar(SHOP_SCOPE(select(Shop).where(Shop.id == row.shop_id), user))
        if shop is None:
            raise Invalid("shopId", "not_found", ids=row.shop_id)
        row.merchant_id = shop.merchant_id
    mode = PushRuleMode(row.mode)
    if mode == PushRuleMode.RATIO:
        row.fixed_quantity = None
    else:
        row.ratio_percent = None
    problems = Problems()
    problems.extend(rules.push_rule_problems(mode, row.ratio_percent, row.fixed_quantity))
    problems.raise_any()


def _shop(column: Any) -> Any:
    return named(PushRule.shop_id, Shop.id, column)


push_rules = Resource(
    name="PushRule", model=PushRule, public=schemas.PushRulePublic, create=schemas.PushRuleCreate,
    update=schemas.PushRuleUpdate, filters=schemas.PushRuleFilters, permission="stock-settings",
    actions=Actions(add="push-rule#add", edit="push-rule#edit", delete="push-rule#delete",
                    export="push-rule#export"),
    scope=through_merchant("PushRule", PushRule.merchant_id), prepare=prepare_push_rule,
    computed=lambda: {"merchant_email": email_of(PushRule.merchant_id), "shop_name": _shop(Shop.name),
                      "channel": _shop(Shop.channel)},
    unique={"uq_erp_push_rules_shop_id": ("shopId", "ERP_PUSH_RULE_EXISTS")},
)

ROUTERS = [
    templates.router(prefix="/erp-settings/template", tags=["erp_templates"]),
    logistics.router(prefix="/erp-settings/logistics-template", tags=["erp_logistics_templates"]),
    push_rules.router(prefix="/erp-settings/push-rule", tags=["erp_push_rules"]),
]
