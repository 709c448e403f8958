"""Package rules of SPEC §5 (ERP package), §4 (package states) and §9 (limits), as pure functions.

Every refusal is a `Problem` naming the field (its wire name) and a message key under `rules.`; the API turns
them all into one translated 422 naming every field. The PostgreSQL CHECKs of migration 0011 repeat these rules so
no other path can store what this module refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from domain.enums import PERIOD_MONTHS, PackageKind, PackageType, PaymentPeriod
from domain.errors import Problem
from domain.rules import money

NAME_MAX = 128  # SPEC §5: "name max 128, not editable after creation"
AMOUNT_MIN, AMOUNT_MAX = 1, 100_000_000_000  # SPEC §5: "Amount 1 to 100000000000, positive integers only"
DISCOUNT_MAX = 100_000_000  # SPEC §5: "Discounted price 0 to 100 million and not above the package amount"
TAX_RATE_MAX = Decimal(100)
FREE_DAYS_MAX = 365  # SPEC §5: "Free days integer 0 to 365"
UNLIMITED = -1  # SPEC §5: "Store count -1 to 1000 (-1 unlimited)"
STORE_MAX, SUB_ACCOUNT_MAX, MSKU_MAX = 1000, 100_000, 1_000_000
MONTHLY_ORDERS_MIN, MONTHLY_ORDERS_MAX = 1, 1_000_000
DAYS_A_MONTH = 30

# wire name -> (lowest, highest) of the counts SPEC §5 bounds
COUNT_LIMITS: dict[str, tuple[int, int]] = {
    "freeDays": (0, FREE_DAYS_MAX),
    "storeCount": (UNLIMITED, STORE_MAX),
    "subAccountCount": (UNLIMITED, SUB_ACCOUNT_MAX),
    "mskuCount": (UNLIMITED, MSKU_MAX),
    "monthlyOrders": (MONTHLY_ORDERS_MIN, MONTHLY_ORDERS_MAX),
}


@dataclass(frozen=True)
class Prices:
    """What a package costs, every figure derived from amount, tax rate and discounted price."""

    amount: Decimal
    tax_rate: Decimal
    tax: Decimal
    discounted_price: Decimal
    discount_percentage: Decimal
    total_price: Decimal
    actual_payment: Decimal
    monthly_amount: Decimal
    daily_amount: Decimal


def daily_orders(monthly: int) -> int:
    """SPEC §5: "Daily orders equal monthly orders divided by 30, rounded down"."""
    return monthly // DAYS_A_MONTH


def tax_of(amount: Decimal, tax_rate: Decimal) -> Decimal:
    """SPEC §5: "tax rounded up": the rate's share of the amount, up to a whole unit."""
    return money.round_up_whole(money.to_money(amount) * money.to_money(tax_rate) / 100)


def actual_payment(amount: Decimal, tax: Decimal, discounted_price: Decimal) -> Decimal:
    """SPEC §5: "tax zero or less gives amount minus discounted price; positive tax gives amount plus tax minus
    discounted price"."""
    if tax <= 0:
        return amount - discounted_price
    return amount + tax - discounted_price


def period_months(period: str) -> int:
    return PERIOD_MONTHS[PaymentPeriod(period)]


def prices(amount: Decimal, tax_rate: Decimal, discounted_price: Decimal, currency: str, period: str) -> Prices:
    """Every price figure of one package version; call after `price_problems` found nothing."""
    tax = tax_of(amount, tax_rate)
    monthly = money.quantize(amount / period_months(period), currency)
    return Prices(
        amount=amount, tax_rate=tax_rate, tax=tax, discounted_price=discounted_price,
        discount_percentage=(discounted_price * 100 / amount).quantize(Decimal("0.01")),
        total_price=amount + tax, actual_payment=actual_payment(amount, tax, discounted_price),
        monthly_amount=monthly, daily_amount=money.quantize(monthly / DAYS_A_MONTH, currency),
    )


def price_problems(amount: Decimal, tax_rate: Decimal, discounted_price: Decimal, country: str,
                   period: str) -> list[Problem]:
    """SPEC §5 on money: amount range and whole, tax below the amount, discounted price range and not above
    the amount, the country's currency in use, a payment period above 0."""
    out: list[Problem] = []
    currency = money.currency_of(country)
    if not money.currency_in_use(country):
        out.append(Problem("country", "package_currency_not_in_use", {"currency": currency or country}))
    if not AMOUNT_MIN <= amount <= AMOUNT_MAX:
        out.append(Problem("amount", "between", {"ge": AMOUNT_MIN, "le": f"{AMOUNT_MAX:,}"}))
    elif not money.is_whole(amount):
        out.append(Problem("amount", "whole_number"))
    if not 0 <= tax_rate <= TAX_RATE_MAX:
        out.append(Problem("taxRate", "between", {"ge": 0, "le": TAX_RATE_MAX}))
    elif tax_rate != tax_rate.quantize(Decimal("0.01")):
        out.append(Problem("taxRate", "money_decimals", {"digits": 2}))
    elif amount >= AMOUNT_MIN and tax_of(amount, tax_rate) >= amount:
        out.append(Problem("taxRate", "package_tax_below_amount", {"tax": tax_of(amount, tax_rate)}))
    if not 0 <= discounted_price <= DISCOUNT_MAX:
        out.append(Problem("discountedPrice", "between", {"ge": 0, "le": f"{DISCOUNT_MAX:,}"}))
    elif discounted_price > amount:
        out.append(Problem("discountedPrice", "package_discount_above_amount"))
    elif currency and discounted_price != money.to_money(discounted_price).quantize(
            Decimal(1).scaleb(-money.decimals(currency))):
        out.append(Problem("discountedPrice", "money_decimals", {"digits": money.decimals(currency)}))
    if period not in PERIOD_MONTHS or period_months(period) <= 0:
        out.append(Problem("paymentPeriod", "package_period_positive"))
    return out


def count_problems(counts: dict[str, int]) -> list[Problem]:
    """SPEC §5: free days 0..365, store -1..1000, sub-accounts -1..100000, MSKU -1..1000000, monthly orders
    1..1000000 (-1 meaning unlimited)."""
    out = []
    for name, value in counts.items():
        low, high = COUNT_LIMITS[name]
        if not low <= value <= high:
            out.append(Problem(name, "between", {"ge": low, "le": f"{high:,}"}))
    return out


COUNTS = {"free_days": "freeDays", "store_count": "storeCount", "sub_account_count": "subAccountCount",
          "msku_count": "mskuCount", "monthly_orders": "monthlyOrders"}  # attribute -> wire name
PRICES = ("amount", "tax_rate", "discounted_price", "payment_period")


def terms_problems(terms: Mapping[str, Any], country: str | None) -> list[Problem]:
    """Every SPEC §5 rule a version's terms (by attribute name) break: prices and counts together; a price rule
    runs when its figures are all there, each count when it is."""
    priced = country is not None and all(terms.get(name) is not None for name in PRICES)
    out = price_problems(terms["amount"], terms["tax_rate"], terms["discounted_price"], str(country),
                         terms["payment_period"]) if priced else []
    return [*out, *count_problems({wire: terms[name] for name, wire in COUNTS.items()
                                   if terms.get(name) is not None})]


def shape_problems(package_type: str, addon_mode: str | None) -> list[Problem]:
    """SPEC §3: an add-on says how its period joins the current one (superimpose or continue); a basic
    package has no such mode."""
    if package_type == PackageType.ADDON and addon_mode is None:
        return [Problem("addonMode", "required")]
    if package_type == PackageType.BASIC and addon_mode is not None:
        return [Problem("addonMode", "package_addon_mode_basic")]
    return []


def addon_type_problems(package_type: str, addon_type: str | None, *, creating: bool,
                        before: str | None = None) -> list[Problem]:
    """SPEC §3 add-on quantities: a new add-on names its type (its quantity limit follows from it), a basic
    package has none, and a type once set stays (its subscribers bought it)."""
    if package_type == PackageType.BASIC and addon_type is not None:
        return [Problem("addonType", "package_addon_type_basic")]
    if before is not None and addon_type != before:
        return [Problem("addonType", "package_addon_type_fixed")]
    if creating and package_type == PackageType.ADDON and addon_type is None:
        return [Problem("addonType", "required")]
    return []


def name_problems(name: str, before: str | None = None) -> list[Problem]:
    """SPEC §5: "name max 128, not editable after creation"."""
    if before is not None and name != before:
        return [Problem("name", "package_name_fixed")]
    if not name.strip():
        return [Problem("name", "required")]
    if len(name) > NAME_MAX:
        return [Problem("name", "max_length", {"max_length": NAME_MAX})]
    return []


def enable_problem(package_type: str, feature_count: int, plan_name: str | None = "",
                   kind: str = PackageKind.ERP) -> str | None:
    """SPEC §4: "A basic package with no bound permissions cannot be enabled"; nor a basic ERP package without a
    plan, the tier it gives its subscribers (a CHECK holds it too, migration 0037). None when it may be."""
    if package_type == PackageType.BASIC and feature_count == 0:
        return "PACKAGE_NO_PERMISSION"
    if plan_problems(package_type, plan_name, enabled=True, kind=kind):
        return "PACKAGE_NO_PLAN"
    return None


def plan_problems(package_type: str, plan_name: str | None, enabled: bool,
                  kind: str = PackageKind.ERP) -> list[Problem]:
    """An enabled basic ERP package keeps its plan: the plan cannot be cleared while it is on sale (menu and
    common packages give no tier)."""
    if enabled and kind == PackageKind.ERP and package_type == PackageType.BASIC and plan_name is None:
        return [Problem("planName", "package_plan_required")]
    return []

