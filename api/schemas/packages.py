"""Packages on the wire: a package with the terms of its current version flattened in (SPEC §3 ERP package).

Money travels as decimal text (`Decimal`), never a float. Ranges and cross-field rules are checked by
domain/rules/packages.py in the router, so every refusal names its field with the SPEC §5 rule.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, ClassVar

from pydantic import Field, computed_field, model_validator

from api.envelope import CamelModel
from api.resource.query import Eq, In, Like, SearchParams
from api.schemas.types import Int64, harden
from domain.enums import (
    AddonMode,
    AddonType,
    Channel,
    Country,
    Currency,
    PackageKind,
    PackageScene,
    PackageType,
    PaymentPeriod,
    PlanName,
    Status,
    SubscriptionMethod,
)
from domain.rules import packages as rules
from domain.rules import subscriptions as subscription_rules
from domain.rules.inputs import FieldRule

Money = Annotated[Decimal, Field(max_digits=20, decimal_places=4)]
Count = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]
FeatureKeys = Annotated[list[Annotated[str, Field(max_length=128)]], Field(max_length=500)]

# The terms a version holds; everything else of a package is its identity.
TERMS = ("display_name", "subscription_method", "payment_period", "priority", "amount", "tax_rate",
         "discounted_price", "free_days", "monthly_orders", "reminder_orders", "intercepted_orders",
         "effect_after_interception", "channels", "store_count", "sub_account_count", "msku_count",
         "pricing_copy", "feature_keys")


class PackageTerms(CamelModel):
    """What one version costs and grants."""

    display_name: str = Field(min_length=1, max_length=rules.NAME_MAX)
    subscription_method: SubscriptionMethod = SubscriptionMethod.OFFLINE
    payment_period: PaymentPeriod
    priority: int = Field(default=0, ge=0, le=9999)
    amount: Money
    tax_rate: Money = Decimal(0)
    discounted_price: Money = Decimal(0)
    free_days: Count = 0
    monthly_orders: Count
    reminder_orders: int | None = Field(default=None, ge=0, le=rules.MONTHLY_ORDERS_MAX)
    intercepted_orders: int | None = Field(default=None, ge=0, le=rules.MONTHLY_ORDERS_MAX)
    effect_after_interception: str | None = Field(default=None, max_length=64)
    channels: list[Channel] = Field(default_factory=list, max_length=100)
    store_count: Count = rules.UNLIMITED
    sub_account_count: Count = rules.UNLIMITED
    msku_count: Count = rules.UNLIMITED
    pricing_copy: str | None = Field(default=None, max_length=4000)
    feature_keys: FeatureKeys = Field(default_factory=list)


# The module's rules on the fields a new package's body got right, named with its schema's refusals in one reply
IDENTITY_RULES = (
    FieldRule(lambda v: rules.name_problems(v["name"]), ("name",)),
    FieldRule(lambda v: rules.shape_problems(v["package_type"], v.get("addon_mode")), ("package_type",)),
    FieldRule(lambda v: rules.addon_type_problems(v["package_type"], v.get("addon_type"), creating=True),
              ("package_type",)),
)


class PackageIdentity(CamelModel):
    kind: PackageKind
    name: str = Field(min_length=1, max_length=rules.NAME_MAX)
    scene: PackageScene = PackageScene.ERP
    package_type: PackageType = PackageType.BASIC
    addon_mode: AddonMode | None = None
    addon_type: AddonType | None = None
    plan_name: PlanName | None = None


class PackageCreate(PackageIdentity, PackageTerms):
    """A new package of one country; it starts disabled (SPEC §4)."""

    __rules__: ClassVar = (*IDENTITY_RULES, FieldRule(lambda v: rules.terms_problems(v, v.get("country"))))
    country: Country


class CountryPrice(CamelModel):
    country: Country
    amount: Money
    tax_rate: Money = Decimal(0)
    discounted_price: Money = Decimal(0)


class PackageGroupCreate(PackageIdentity, PackageTerms):
    """One name for several countries at once (SPEC §3: "the same name across countries is grouped"), each
    with its own prices in its own currency; all are created or none."""

    __rules__: ClassVar = (*IDENTITY_RULES, FieldRule(lambda v: rules.terms_problems(v, None)))
    amount: Money = Decimal(0)  # per country below
    countries: list[CountryPrice] = Field(min_length=1, max_length=len(Country))


class PackageUpdate(CamelModel):
    """Changes of terms make a new version; the name is sent back unchanged or refused (SPEC §5)."""

    id: int
    name: str | None = Field(default=None, max_length=rules.NAME_MAX)
    addon_mode: AddonMode | None = None
    addon_type: AddonType | None = Field(default=None, description="an add-on made without a type may be given one")
    plan_name: PlanName | None = None
    display_name: str | None = Field(default=None, min_length=1, max_length=rules.NAME_MAX)
    subscription_method: SubscriptionMethod | None = None
    payment_period: PaymentPeriod | None = None
    priority: int | None = Field(default=None, ge=0, le=9999)
    amount: Money | None = None
    tax_rate: Money | None = None
    discounted_price: Money | None = None
    free_days: Count | None = None
    monthly_orders: Count | None = None
    reminder_orders: int | None = Field(default=None, ge=0, le=rules.MONTHLY_ORDERS_MAX)
    intercepted_orders: int | None = Field(default=None, ge=0, le=rules.MONTHLY_ORDERS_MAX)
    effect_after_interception: str | None = Field(default=None, max_length=64)
    channels: list[Channel] | None = Field(default=None, max_length=100)
    store_count: Count | None = None
    sub_account_count: Count | None = None
    msku_count: Count | None = None
    pricing_copy: str | None = Field(default=None, max_length=4000)
    feature_keys: FeatureKeys | None = None


class PackagePermissions(CamelModel):
    id: Int64
    feature_keys: FeatureKeys


class PackageStatusChange(CamelModel):
    id: Int64
    status: Status


class PackagePublic(CamelModel):
    id: int
    kind: PackageKind
    name: str
    country: Country
    scene: PackageScene
    package_type: PackageType
    addon_mode: AddonMode | None
    addon_type: AddonType | None = None
    plan_name: PlanName | None
    status: Status
    version: int
    version_id: int
    display_name: str
    subscription_method: SubscriptionMethod
    payment_period: PaymentPeriod
    priority: int
    currency: Currency
    amount: Decimal
    monthly_amount: Decimal | None
    daily_amount: Decimal | None
    tax_rate: Decimal
    tax: Decimal
    discount_percentage: Decimal
    discounted_price: Decimal
    total_price: Decimal
    actual_payment: Decimal
    free_days: int
    monthly_orders: int
    daily_orders: int
    reminder_orders: int | None
    intercepted_orders: int | None
    effect_after_interception: str | None
    channels: list[Channel]
    store_count: int
    sub_account_count: int
    msku_count: int
    pricing_copy: str | None
    feature_keys: list[str]
    created_at: datetime
    updated_at: datetime

    @computed_field(  # type: ignore[prop-decorator]  # pydantic's decorator over @property, which mypy refuses
        description="the most of this package one subscribe or gift request buys: an add-on's by its type "
                    "(SPEC §3 add-on package quantities), any other within the largest of them")
    @property
    def max_count(self) -> int:
        return subscription_rules.count_limit(self.package_type, self.addon_type)

    @model_validator(mode="before")
    @classmethod
    def _flatten(cls, row: Any) -> Any:
        """A `Package` row with its current version's terms beside its own columns."""
        current = getattr(row, "current", None)
        if current is None:
            return row
        values = {k: getattr(current, k) for k in cls.model_fields if hasattr(current, k)}
        values.update({k: getattr(row, k) for k in cls.model_fields if hasattr(row, k) and k != "current"})
        values.update(version=current.version, version_id=current.id,
                      feature_keys=[f.feature_key for f in current.features])
        return values


class PackageFilters(SearchParams):
    kind: PackageKind | None = None
    name: Annotated[str | None, Like()] = None
    country: Annotated[list[Country] | None, In()] = None
    scene: PackageScene | None = None
    package_type: PackageType | None = None
    addon_type: Annotated[list[AddonType] | None, In()] = None
    status: Status | None = None
    plan_name: Annotated[PlanName | None, Eq()] = None


class FeatureNode(CamelModel):
    key: str
    parent_key: str | None
    system: PackageScene
    name: str
    sort: int


harden(PackageGroupCreate)  # requests: names one line, numbers and times in range
