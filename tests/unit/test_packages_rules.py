"""Each ERP package rule of SPEC §5 and §4, quoted."""

from decimal import Decimal

import pytest

from domain.rules import packages as rules

D = Decimal


def fields(problems):
    return [(p.field, p.rule) for p in problems]


def price(amount="1000", rate="0", discount="0", country="ID", period="YEAR"):
    return fields(rules.price_problems(D(amount), D(rate), D(discount), country, period))


def test_name_max_128_and_not_editable_after_creation():
    """SPEC §5: "name max 128, not editable after creation"."""
    assert fields(rules.name_problems("x" * 128)) == []
    assert fields(rules.name_problems("x" * 129)) == [("name", "max_length")]
    assert fields(rules.name_problems("  ")) == [("name", "required")]
    assert fields(rules.name_problems("Pro", before="Basic")) == [("name", "package_name_fixed")]
    assert fields(rules.name_problems("Basic", before="Basic")) == []


@pytest.mark.parametrize(("amount", "ok"), [("1", True), ("100000000000", True), ("0", False),
                                            ("100000000001", False), ("-5", False)])
def test_amount_range(amount, ok):
    """SPEC §5: "Amount 1 to 100000000000, positive integers only"."""
    assert (price(amount) == []) is ok


def test_amount_is_a_whole_number():
    """SPEC §5: "positive integers only"."""
    assert price("10.5") == [("amount", "whole_number")]


def test_tax_below_the_amount_and_rounded_up():
    """SPEC §5: "Tax below the package amount; tax rounded up"."""
    assert rules.tax_of(D(1001), D(11)) == D(111)  # 110.11 up to 111
    assert rules.tax_of(D(1000), D(0)) == D(0)
    assert price("100", rate="99") == []
    assert price("100", rate="100") == [("taxRate", "package_tax_below_amount")]
    assert price("1", rate="0.01") == [("taxRate", "package_tax_below_amount")]  # 0.0001 rounds up to 1
    assert price("100", rate="10.005") == [("taxRate", "money_decimals")]


def test_discounted_price_range_and_not_above_the_amount():
    """SPEC §5: "Discounted price 0 to 100 million and not above the package amount"."""
    assert price("1000", discount="1000") == []
    assert price("1000", discount="1001") == [("discountedPrice", "package_discount_above_amount")]
    assert price("200000000", discount="100000001") == [("discountedPrice", "between")]
    assert price("1000", discount="-1") == [("discountedPrice", "between")]
    assert price("1000", discount="0.5") == [("discountedPrice", "money_decimals")]  # IDR has no decimals
    assert price("1000", discount="0.5", country="PH") == []


@pytest.mark.parametrize(("name", "low", "high"), [
    ("freeDays", 0, 365), ("storeCount", -1, 1000), ("subAccountCount", -1, 100000), ("mskuCount", -1, 1000000),
    ("monthlyOrders", 1, 1000000)])
def test_count_limits(name, low, high):
    """SPEC §5: "Free days integer 0 to 365. Store count -1 to 1000 (-1 unlimited); sub-accounts -1 to 100000;
    MSKU -1 to 1000000; monthly orders 1 to 1000000"."""
    assert rules.count_problems({name: low}) == []
    assert rules.count_problems({name: high}) == []
    assert fields(rules.count_problems({name: low - 1})) == [(name, "between")]
    assert fields(rules.count_problems({name: high + 1})) == [(name, "between")]


@pytest.mark.parametrize(("monthly", "daily"), [(1, 0), (29, 0), (30, 1), (3029, 100), (1000000, 33333)])
def test_daily_orders_are_monthly_divided_by_30_rounded_down(monthly, daily):
    """SPEC §5: "Daily orders equal monthly orders divided by 30, rounded down"."""
    assert rules.daily_orders(monthly) == daily


def test_the_currency_of_the_country_must_be_in_use():
    """SPEC §5: "The currency of the applicable country must be in use"."""
    assert price(country="ID") == []
    assert price(country="TW") == [("country", "package_currency_not_in_use")]


@pytest.mark.parametrize(("amount", "tax", "discount", "actual"), [
    ("1000", "0", "100", "900"), ("1000", "-5", "100", "900"), ("1000", "110", "100", "1010")])
def test_actual_payment(amount, tax, discount, actual):
    """SPEC §5: "Actual payment: tax zero or less gives amount minus discounted price; positive tax gives amount
    plus tax minus discounted price"."""
    assert rules.actual_payment(D(amount), D(tax), D(discount)) == D(actual)


def test_payment_period_greater_than_zero():
    """SPEC §5: "Payment period greater than 0"."""
    assert all(rules.period_months(p) > 0 for p in ("MONTH", "THREE_MONTH", "HALF_YEAR", "YEAR", "TWO_YEAR"))
    assert price(period="NEVER") == [("paymentPeriod", "package_period_positive")]


def test_prices_of_a_version():
    figures = rules.prices(D(1200000), D(11), D(100000), "IDR", "YEAR")
    assert (figures.tax, figures.total_price, figures.actual_payment) == (D(132000), D(1332000), D(1232000))
    assert figures.monthly_amount == D(100000)
    assert figures.daily_amount == D(3333)  # IDR: no decimals
    assert figures.discount_percentage == D("8.33")
    assert rules.prices(D(100), D(0), D(0), "USD", "THREE_MONTH").monthly_amount == D("33.33")


def test_a_basic_package_with_no_bound_permission_cannot_be_enabled():
    """SPEC §4: "A basic package with no bound permissions cannot be enabled"."""
    assert rules.enable_problem("BASIC", 0) == "PACKAGE_NO_PERMISSION"
    assert rules.enable_problem("BASIC", 3) is None
    assert rules.enable_problem("ADDON", 0) is None


def test_a_basic_package_without_a_plan_cannot_be_enabled_nor_lose_it_while_enabled():
    assert rules.enable_problem("BASIC", 3, None) == "PACKAGE_NO_PLAN"
    assert rules.enable_problem("BASIC", 3, "PRO") is None
    assert rules.enable_problem("ADDON", 0, None) is None
    assert rules.plan_problems("BASIC", None, enabled=True) == [rules.Problem("planName", "package_plan_required")]
    assert rules.plan_problems("BASIC", None, enabled=False) == []
    assert rules.plan_problems("ADDON", None, enabled=True) == []
    assert rules.enable_problem("BASIC", 3, None, kind="MENU") is None  # a menu package gives no tier


def test_an_addon_says_how_it_joins_the_current_period():
    """SPEC §3: "addon value-added type (superimpose or continue)"."""
    assert fields(rules.shape_problems("ADDON", None)) == [("addonMode", "required")]
    assert fields(rules.shape_problems("BASIC", "CONTINUE")) == [("addonMode", "package_addon_mode_basic")]
    assert rules.shape_problems("ADDON", "CONTINUE") == []
