"""Auto interception rules (SPEC §2 ERP settings, order settings): a merchant's rules on the resource kit, with the
merchant's data authority. A rule holds a matching order as abnormal when it is accepted
(services/orders/fulfilment.py); its stores are stores of its merchant, picked within the caller's authority."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.routers.merchants import through_merchant
from api.routers.shops import SHOP_SCOPE
from api.schemas.interception import (
    InterceptionRuleCreate,
    InterceptionRuleFilters,
    InterceptionRulePublic,
    InterceptionRuleUpdate,
)
from domain.errors import Invalid
from domain.models.interception import InterceptionRule
from domain.models.merchants import Merchant, Shop
from domain.rules import interception as rules

LIST = "interception-rules"
ORDER_SETTINGS = "order-setting"  # the ERP order settings page shows the list as its auto interception tab


async def check_rule(db: AsyncSession, row: InterceptionRule, user: Principal) -> None:
    """The conditions hold together (a total range, at least one condition), each store is a bound store of the
    rule's merchant within the caller's authority, and the creator is stamped."""
    if not rules.check_totals(row.min_total, row.max_total):
        raise Invalid("maxTotal", "interception_total_range")
    if not rules.has_condition(row.channels or [], row.shop_ids or [], row.skus or [], row.country, row.min_total,
                               row.max_total, row.buyer_keyword):
        raise Invalid("channels", "interception_no_condition")
    row.name = row.name.strip()
    row.skus = list(dict.fromkeys(s.strip() for s in row.skus or [] if s.strip()))
    row.shop_ids = sorted(set(row.shop_ids or []))
    row.channels = sorted(set(row.channels or []))
    if row.shop_ids:
        found = set(await db.scalars(SHOP_SCOPE(select(Shop.id).where(
            Shop.id.in_(row.shop_ids), Shop.merchant_id == row.merchant_id), user)))
        missing = [shop_id for shop_id in row.shop_ids if shop_id not in found]
        if missing:
            raise Invalid("shopIds", "interception_shop_other_merchant", ids=missing)
    if row.created_by is None:
        row.created_by = user.id


def _email() -> dict[str, object]:
    return {"merchant_email": select(Merchant.email).where(Merchant.id == InterceptionRule.merchant_id)
            .scalar_subquery()}


rules_resource = Resource(
    name="InterceptionRule", model=InterceptionRule, public=InterceptionRulePublic, create=InterceptionRuleCreate,
    update=InterceptionRuleUpdate, filters=InterceptionRuleFilters, permission=LIST, also=(ORDER_SETTINGS,),
    actions=Actions(add="interception-rule#add", edit="interception-rule#edit", delete="interception-rule#delete",
                    export="interception-rule#export"),
    scope=through_merchant("InterceptionRule", InterceptionRule.merchant_id), prepare=check_rule,
    computed=_email, sortable={"id", "name", "priority", "enabled", "updated_at"}, default_sort="priority",
    unique={"uq_interception_rules_merchant_id_name": ("name", "INTERCEPTION_RULE_EXISTS")},
)

router = rules_resource.router(prefix="/interception-rule", tags=["interception_rules"])
