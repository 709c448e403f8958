from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import and_, exists, not_, select

from api.change_view import ReadableChange
from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, Prefix, Range, SearchParams, Where
from api.schemas.types import Int64, Period
from domain.enums import (
    AccountStatus,
    AccountSystem,
    AccountType,
    AccountUserType,
    ContactStatus,
    Country,
    IntegrationFilter,
    MerchantPackageState,
    MerchantType,
    NotRenewReason,
    PlanFilter,
    PlanName,
    SalesTeam,
    ShopConnectionStatus,
    SourceSystem,
    SubscriptionState,
)
from domain.errors import Invalid
from domain.models.merchants import Merchant, MerchantAccount, Shop
from domain.rules import merchants as rules


def checked(check: Callable[[str], object]) -> Callable[[Any], Any]:
    """A rule of domain/rules/merchants.py as a field validator: its refusal becomes the field's 422."""
    def validate(value: Any) -> Any:
        if value is None:
            return None
        try:
            return check(value)
        except Invalid as exc:
            params = {k: v for k, v in exc.params.items() if k != "rule"}
            raise PydanticCustomError(exc.params["rule"], exc.params["rule"], params) from exc
    return validate


# SPEC §5 search rules; an empty field was stripped before (SearchParams), so these see only real searches.
EmailPart = Annotated[str | None, Field(max_length=254), AfterValidator(checked(rules.email_search))]
PhoneStart = Annotated[str | None, Field(max_length=32), AfterValidator(checked(rules.phone_search))]
Phone = Annotated[str, Field(max_length=32), AfterValidator(checked(rules.normalise_phone))]
Tag = Annotated[str, Field(min_length=1, max_length=32)]


def _bound_shops(*conditions: Any) -> Any:
    return exists(select(Shop.id).where(Shop.merchant_id == Merchant.id, Shop.bound, *conditions))


def integration_clause(value: IntegrationFilter) -> Any:
    """SPEC §3 integration filter over the merchant's bound shops (docs/decisions/merchant-lists.md)."""
    connected = _bound_shops(Shop.connection_status == ShopConnectionStatus.CONNECTED)
    if value == IntegrationFilter.CONNECTED:
        return connected
    if value == IntegrationFilter.NON_CONNECTED:
        return not_(connected)
    state = (ShopConnectionStatus.EXPIRED if value == IntegrationFilter.ALL_EXPIRED
             else ShopConnectionStatus.DISCONNECTED)
    return and_(Merchant.shop_count > 0, not_(_bound_shops(Shop.connection_status != state)))


def _with_accounts(*conditions: Any) -> Any:
    return exists(select(MerchantAccount.id).where(MerchantAccount.merchant_id == Merchant.id, *conditions))


def account_status_clause(value: list[AccountStatus]) -> Any:
    """SPEC §3 "IAM, ERP and WMS account status": merchants with an account (any system) in one of the states."""
    return _with_accounts(MerchantAccount.status.in_(value))


def account_type_clause(value: list[AccountType]) -> Any:
    """SPEC §3 account type (OFFICIAL, TEST, INTERNAL): merchants with an account of one of the types."""
    return _with_accounts(MerchantAccount.account_type.in_(value))


def plan_clause(value: PlanFilter) -> Any:
    """SPEC §3 plan filter: not integrated (no bound shop), no order (shops but no order in 30 days), or the
    merchant's package state."""
    if value == PlanFilter.NOT_INTEGRATE:
        return Merchant.shop_count == 0
    if value == PlanFilter.NO_ORDER:
        return and_(Merchant.shop_count > 0, Merchant.orders_30d == 0)
    return Merchant.package_state == MerchantPackageState(value.value)


class MerchantPublic(CamelModel):
    id: int
    email: str
    phone: str
    country: Country
    registered_at: datetime
    registration_source: SourceSystem
    merchant_type: MerchantType | None
    business_category: str | None
    plan_name: PlanName | None
    package_state: MerchantPackageState
    subscription_state: SubscriptionState | None
    expire_at: datetime | None
    shop_count: int
    order_usage: int
    order_limit: int
    contact_status: ContactStatus | None
    not_renew_reason: NotRenewReason | None
    sales_id: int | None
    sales_name: str | None = None
    retention_id: int | None
    retention_name: str | None = None
    team: SalesTeam | None
    tags: list[str]
    whatsapp_link: str | None
    whatsapp_group_id: int | None = None
    whatsapp_group_name: str | None = None
    whatsapp_group_link: str | None = None
    channels: list[str] | None = None
    erp_business_line: str | None
    erp_merchant_id: str | None
    wms_merchant_id: str | None
    iam_user_id: str | None
    erp_first_login_at: datetime | None
    first_payment_at: datetime | None
    last_payment_at: datetime | None
    active_days: int
    orders_30d: int


class MerchantUpdate(CamelModel):
    """What the console keeps about a merchant; the plan columns belong to the subscription transaction and the
    country always follows the phone."""

    id: int
    phone: Phone | None = None
    merchant_type: MerchantType | None = None
    business_category: str | None = Field(default=None, max_length=64)
    contact_status: ContactStatus | None = None
    not_renew_reason: NotRenewReason | None = None
    sales_id: int | None = None
    retention_id: int | None = None
    team: SalesTeam | None = None
    tags: list[Tag] | None = Field(default=None, max_length=20)
    whatsapp_link: str | None = Field(default=None, max_length=500, pattern=r"^https://")
    whatsapp_group_id: int | None = None


class MerchantFilters(SearchParams):
    email: Annotated[EmailPart, Like()] = None
    phone: Annotated[PhoneStart, Prefix(exact_case=True)] = None
    id: Annotated[int | None, Eq()] = None
    country: Annotated[list[Country] | None, In()] = None
    merchant_type: Annotated[list[MerchantType] | None, In()] = None
    business_category: Annotated[str | None, Field(max_length=64), Like()] = None
    plan_name: Annotated[list[PlanName] | None, In()] = None
    package_state: Annotated[list[MerchantPackageState] | None, In()] = None
    expire_at: Annotated[Period, Range()] = None
    registered_at: Annotated[Period, Range()] = None
    registration_source: Annotated[list[SourceSystem] | None, In()] = None
    account_status: Annotated[list[AccountStatus] | None, Where(account_status_clause)] = None
    account_type: Annotated[list[AccountType] | None, Where(account_type_clause)] = None
    last_payment_at: Annotated[Period, Range()] = None
    integration: Annotated[IntegrationFilter | None, Where(integration_clause)] = None
    plan: Annotated[PlanFilter | None, Where(plan_clause)] = None
    shop_count: Annotated[list[int | None] | None, Field(max_length=2), Range()] = None
    order_usage: Annotated[list[int | None] | None, Field(max_length=2), Range()] = None
    contact_status: Annotated[list[ContactStatus] | None, In()] = None
    not_renew_reason: Annotated[list[NotRenewReason] | None, In()] = None
    sales_id: Annotated[int | None, Eq()] = None
    retention_id: Annotated[int | None, Eq()] = None
    team: Annotated[list[SalesTeam] | None, In()] = None
    whatsapp_group_id: Annotated[int | None, Eq()] = None
    tags: Annotated[list[Tag] | None, Field(max_length=20), Where(lambda v: Merchant.tags.overlap(v))] = None


class SpecificMerchantFilters(MerchantFilters):
    """The specific accounts screen finds named merchants: an email, a phone or an id first
    (docs/decisions/merchant-lists.md)."""

    @model_validator(mode="after")
    def _named(self) -> SpecificMerchantFilters:
        if self.email is None and self.phone is None and self.id is None:
            raise PydanticCustomError("merchant_lookup", "merchant_lookup")
        return self


class AccountPublic(CamelModel):
    id: int
    merchant_id: int
    system: AccountSystem
    email: str
    user_type: AccountUserType
    status: AccountStatus
    account_type: AccountType
    activated_at: datetime | None
    updated_at: datetime


class AccountUpdate(CamelModel):
    """An account's status in its own system; its type only on the IAM account (copied to ERP and WMS)."""

    id: Int64
    status: AccountStatus | None = None
    account_type: AccountType | None = None


class WmsActivation(CamelModel):
    """Activate the WMS account of one of the merchant's ERP logins."""

    account_id: Int64 = Field(description="the ERP account to give a WMS account")


class HistoryEntry(CamelModel):
    id: int
    at: datetime
    operator_name: str | None
    entity: str
    entity_id: str
    action: str
    action_label: str = Field(description="the action in the reader's words")
    changes: dict[str, Any] = Field(description="the stored before and after values, by column")
    readable: list[ReadableChange] = Field(description="the changes as the reader reads them: labels of the fields "
                                           "and of enumeration values in the reader's language, typed dates")
    transaction_id: str | None
