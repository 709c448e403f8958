"""Merchant accounts (SPEC §2, §3): the all and specific lists on the resource kit, the detail's IAM, ERP and WMS
accounts, WMS activation and the merchant's action history.

The two lists are one query: "all" browses every merchant the user's data authority allows, "specific" finds
named merchants first (docs/decisions/merchant-lists.md). Names of the sales and retention people and the
channels of the bound shops come in the same statement, as scalar subqueries of the page's rows.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel
from sqlalchemy import and_, func, inspect, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.deps import Need, Principal, SessionDep
from api.envelope import Page, Reply, ok
from api.history import history_page
from api.merchant_scope import MERCHANT_SCOPE
from api.resource import Actions, Resource
from api.resource.query import picked_or_named
from api.resource.scope import DataScope, declares, scoped
from api.routers.whatsapp_groups import groups
from api.schemas.merchants import (
    AccountPublic,
    AccountUpdate,
    HistoryEntry,
    MerchantFilters,
    MerchantPublic,
    MerchantUpdate,
    SpecificMerchantFilters,
    WmsActivation,
)
from api.schemas.options import MerchantOption, PickedIds, Typed
from api.schemas.shops import ShopPublic
from api.user_center import ensure_person_put
from domain import audit
from domain.enums import AccountSystem, AccountUserType, Channel, Country
from domain.errors import Invalid, NotFound
from domain.models.audit import EntityChange
from domain.models.merchants import Merchant, MerchantAccount, Shop
from domain.models.users import User
from domain.models.whatsapp_groups import WhatsappGroup
from domain.rules import merchants as rules
from domain.rules import whatsapp_groups as whatsapp

LIST = "ginee-account"  # all accounts
SPECIFIC = "ginee-specific-accounts"  # specific accounts: the operating screen with the buttons
EDIT = "account#edit"
ACTIVATE_WMS = "account#activate-wms"
HISTORY_PAGE_MAX = 200
# the public schema each entity of the history is read through (field types: enumerations, dates)
HISTORY_SCHEMAS: dict[str, type[BaseModel]] = {"Merchant": MerchantPublic, "MerchantAccount": AccountPublic,
                                               "Shop": ShopPublic}
# the screens whose forms or filters name a merchant: whoever may use them may use the merchant picker
PICKERS = (LIST, SPECIFIC, "warehouse-list", "product-library", "outbound-inbound-order-query",
           "search-warehouse-stock", "product-inventory", "product-flow", "store-warehouse-binding",
           "events-warehouse-stock", "stock-push-history", "stock-settings", "ticket-new",
           "ticket-list", "ticket-user-list", "expenses-all", "expenses-specific", "shops-all", "shops-specific",
           "approvals", "account#subscribe", "account#gift", "subscription#approve", "subscription#retry",
           "oms-shop", "basic-settings", "product-settings", "order-setting", "shipping-setting",
           "goods-list", "goods-local", "goods-history", "order-list", "order-detail", "interception-rules",
           "financial-reconciliation", "order-process", "hot-print-data", "after-service-day", "after-service-time",
           "after-service-material", "content-manage")


def through_merchant(name: str, merchant_id: Any, country: Any = None) -> DataScope:
    """The scope of rows that belong to a merchant (shops, payments): the merchant's team and people decide,
    and the row's own country where it has one."""
    owner = aliased(Merchant)  # never correlated with a query that joins merchants itself

    def of(column: Any) -> Any:
        return select(column).where(owner.id == merchant_id).scalar_subquery()
    return scoped(name=name, country=country if country is not None else of(owner.country),
                  team=of(owner.team), owner=(of(owner.sales_id), of(owner.retention_id)))


def _name_of(column: Any) -> Any:
    return select(User.real_name).where(User.id == column).scalar_subquery()


def _group_of(column: Any) -> Any:
    return select(column).where(WhatsappGroup.id == Merchant.whatsapp_group_id).scalar_subquery()


def with_names() -> dict[str, Any]:
    channels = (select(func.array_agg(func.distinct(Shop.channel)))
                .where(Shop.merchant_id == Merchant.id, Shop.bound).scalar_subquery())
    return {"sales_name": _name_of(Merchant.sales_id), "retention_name": _name_of(Merchant.retention_id),
            "channels": channels, "whatsapp_group_name": _group_of(WhatsappGroup.name),
            "whatsapp_group_link": _group_of(WhatsappGroup.link)}


async def follow_phone(db: AsyncSession, row: Merchant, user: Principal) -> None:
    """SPEC §3: the country is derived from the registered phone, never typed; the merchant's WhatsApp group
    is one of that country, enabled when it is picked (a group disabled later keeps its members). A person or a
    group newly put on the merchant is one the caller's data authority reaches (one outside it is not there for
    them: naming it would tell its name)."""
    row.country = rules.country_of_phone(row.phone)
    await ensure_person_put(db, user, row, "sales_id", "salesId")
    await ensure_person_put(db, user, row, "retention_id", "retentionId")
    if row.whatsapp_group_id is not None:
        picked = inspect(row).attrs.whatsapp_group_id.history.has_changes()
        query = select(WhatsappGroup).where(WhatsappGroup.id == row.whatsapp_group_id)
        group = await db.scalar(groups.scope(query, user) if picked else query)
        if group is None:
            raise Invalid(field="whatsappGroupId", rule="whatsapp_group_missing")
        whatsapp.check_membership(row.country, group.country, group.enabled or not picked)


def _merchants(filters: type[MerchantFilters], permission: str, also: tuple[str, ...], actions: Actions) -> Resource:
    return Resource(
        name="Merchant", model=Merchant, public=MerchantPublic, create=MerchantUpdate, update=MerchantUpdate,
        filters=filters, permission=permission, also=also, actions=actions, scope=MERCHANT_SCOPE,
        computed=with_names, prepare=follow_phone, default_sort="-registered_at",
        sortable={"id", "email", "registered_at", "expire_at", "shop_count", "order_usage", "orders_30d",
                  "last_payment_at", "active_days"},
    )


merchants = _merchants(MerchantFilters, LIST, (SPECIFIC,), Actions(edit=EDIT, export="account#export"))
specific = _merchants(SpecificMerchantFilters, SPECIFIC, (), Actions(edit=EDIT, export="account#export"))

list_router = merchants.router(prefix="/merchant", tags=["merchants"])
specific_router = specific.router(prefix="/merchant/specific", tags=["specific-merchants"])
router = APIRouter()
SCOPE = declares(MERCHANT_SCOPE)


async def _accounts(db: AsyncSession, merchant_id: int) -> list[MerchantAccount]:
    return list((await db.scalars(select(MerchantAccount).where(MerchantAccount.merchant_id == merchant_id)
                                  .order_by(MerchantAccount.email, MerchantAccount.system))).all())


async def _account(db: AsyncSession, user: Principal, account_id: int) -> tuple[Merchant, MerchantAccount]:
    """The account and its merchant, locked, within the user's data authority (else it does not exist)."""
    account = await db.scalar(select(MerchantAccount).where(MerchantAccount.id == account_id).with_for_update())
    if account is None:
        raise NotFound(entity="MerchantAccount")
    try:
        merchant = await merchants.load(db, user, account.merchant_id, lock=True)
    except NotFound as exc:
        raise NotFound(entity="MerchantAccount") from exc
    return merchant, account


async def _record(db: AsyncSession, user: Principal, account: MerchantAccount, action: str,
                  before: dict[str, Any] | None) -> None:
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="MerchantAccount",
                              entity_id=account.id, action=action, before=before, after=audit.snapshot(account))


@router.get("/merchant/{merchant_id}/accounts", summary="The merchant's IAM, ERP and WMS accounts", tags=["merchants"],
            openapi_extra=SCOPE)
async def accounts(merchant_id: int, db: SessionDep,
                   user: Annotated[Principal, Need(LIST, SPECIFIC)]) -> Reply[list[AccountPublic]]:
    await merchants.load(db, user, merchant_id)
    return ok([AccountPublic.model_validate(a) for a in await _accounts(db, merchant_id)])


@router.post("/merchant/account/modify", summary="Change an account's status, or its type on the IAM account",
             tags=["merchants"])
async def modify_account(body: AccountUpdate, db: SessionDep,
                         user: Annotated[Principal, Need(EDIT)]) -> Reply[list[AccountPublic]]:
    """SPEC §6: the type is edited on the IAM account only and copied, in this transaction, to the ERP and WMS
    accounts of the same login."""
    merchant, account = await _account(db, user, body.id)
    if body.account_type is not None and body.account_type != account.account_type:
        rules.copied_account_type(account.system)
        same_login = (await db.scalars(select(MerchantAccount).where(
            MerchantAccount.merchant_id == merchant.id, MerchantAccount.email == account.email)
            .with_for_update())).all()
        for each in same_login:
            before = audit.snapshot(each)
            each.account_type = body.account_type
            await _record(db, user, each, "update", before)
    if body.status is not None and body.status != account.status:
        before = audit.snapshot(account)
        account.status = body.status
        await _record(db, user, account, "update", before)
    await db.flush()
    return ok([AccountPublic.model_validate(a) for a in await _accounts(db, merchant.id)])


@router.post("/merchant/account/activate-wms", summary="Activate WMS for one of the merchant's ERP logins",
             tags=["merchants"])
async def activate_wms(body: WmsActivation, db: SessionDep,
                       user: Annotated[Principal, Need(ACTIVATE_WMS)]) -> Reply[list[AccountPublic]]:
    """SPEC §5: refused before the merchant's first ERP login ('Please activate ERP first') and for staff
    accounts; the WMS account takes the IAM account's type."""
    merchant, erp = await _account(db, user, body.account_id)
    if erp.system != AccountSystem.ERP:
        raise NotFound(entity="MerchantAccount")
    wms = await db.scalar(select(MerchantAccount).where(
        MerchantAccount.merchant_id == merchant.id, MerchantAccount.email == erp.email,
        MerchantAccount.system == AccountSystem.WMS).with_for_update())
    rules.check_wms_activation(erp.user_type, merchant.erp_first_login_at, wms.activated_at if wms else None)
    before = audit.snapshot(wms) if wms else None
    if wms is None:
        wms = MerchantAccount(merchant_id=merchant.id, system=AccountSystem.WMS, email=erp.email,
                              user_type=AccountUserType.MERCHANT, status=erp.status)
        db.add(wms)
    wms.account_type = erp.account_type
    wms.activated_at = datetime.now(UTC)
    if merchant.wms_merchant_id is None:
        merchant.wms_merchant_id = f"WMS-{merchant.id}"
    await db.flush()
    await _record(db, user, wms, "activate-wms", before)
    return ok([AccountPublic.model_validate(a) for a in await _accounts(db, merchant.id)])


@router.get("/merchant/{merchant_id}/history", summary="The merchant's action history (its audit trail)",
            tags=["merchants"], openapi_extra=SCOPE)
async def history(merchant_id: int, db: SessionDep, user: Annotated[Principal, Need(LIST, SPECIFIC)],
                  page: Annotated[int, Query(ge=1, le=100_000)] = 1,
                  page_size: Annotated[int, Query(alias="pageSize", ge=1, le=HISTORY_PAGE_MAX)] = 20,
                  ) -> Reply[Page[HistoryEntry]]:
    """Changes to the merchant, its accounts and its shops, newest first, a page at a time with their total."""
    await merchants.load(db, user, merchant_id)
    account_ids = select(func.cast(MerchantAccount.id, EntityChange.entity_id.type)).where(
        MerchantAccount.merchant_id == merchant_id)
    shop_ids = select(func.cast(Shop.id, EntityChange.entity_id.type)).where(Shop.merchant_id == merchant_id)
    mine = or_(
        and_(EntityChange.entity == "Merchant", EntityChange.entity_id == str(merchant_id)),
        and_(EntityChange.entity == "MerchantAccount", EntityChange.entity_id.in_(account_ids)),
        and_(EntityChange.entity == "Shop", EntityChange.entity_id.in_(shop_ids)),
    )
    return ok(await history_page(db, mine, page, page_size, HISTORY_SCHEMAS))


@router.get("/merchant/options", tags=["merchants"], openapi_extra=SCOPE,
            summary="Merchants whose email contains what is typed (the first 20), of the countries and with a shop of "
            "the channels named (SPEC §5 merchant lookup: email, channel, country), or the given ids, for pickers")
async def options(db: SessionDep, user: Annotated[Principal, Need(*PICKERS)], q: Typed = None,
                  ids: PickedIds = None, channel: Annotated[list[Channel] | None, Query(max_length=20)] = None,
                  country: Annotated[list[Country] | None, Query(max_length=10)] = None) -> Reply[list[MerchantOption]]:
    query = MERCHANT_SCOPE(select(Merchant).order_by(Merchant.email, Merchant.id), user)
    if country:
        query = query.where(Merchant.country.in_(country))
    if channel:
        query = query.where(select(Shop.id).where(Shop.merchant_id == Merchant.id, Shop.channel.in_(channel)).exists())
    rows = await db.scalars(picked_or_named(query, [Merchant.email], q, Merchant.id, ids))
    return ok([MerchantOption.model_validate(row) for row in rows])
