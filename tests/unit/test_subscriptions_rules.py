"""Subscription rules, each case quoting the line of SPEC §5 / PEERS §2 it checks."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from domain.enums import AddonMode, MerchantPackageState, PackageType, PlanName, SubscriptionKind
from domain.errors import Invalid
from domain.rules import subscriptions as r

NOW = datetime(2026, 3, 10, 8, 0, tzinfo=UTC)
BASIC = r.Grant(PackageType.BASIC, None, months=12, count=1)


def test_add_months_keeps_the_day_or_takes_the_last_of_a_short_month():
    assert r.add_months(datetime(2026, 1, 31, tzinfo=UTC), 1) == datetime(2026, 2, 28, tzinfo=UTC)
    assert r.add_months(datetime(2026, 11, 15, tzinfo=UTC), 3) == datetime(2027, 2, 15, tzinfo=UTC)
    assert r.add_months(datetime(2024, 2, 29, tzinfo=UTC), 12) == datetime(2025, 2, 28, tzinfo=UTC)


def test_a_first_subscription_starts_now():
    assert r.period_for(BASIC, NOW, None) == r.Period(NOW, datetime(2027, 3, 10, 8, tzinfo=UTC))


def test_an_early_renewal_starts_at_the_current_end_not_today():
    """PEERS §2: "Early renewal extends from the current end, not from today"."""
    current_end = NOW + timedelta(days=40)
    period = r.period_for(BASIC, NOW, current_end)
    assert period.start == current_end and period.end == r.add_months(current_end, 12)


def test_a_lapsed_plan_renews_from_now():
    assert r.period_for(BASIC, NOW, NOW - timedelta(days=3)).start == NOW


def test_a_basic_package_bought_for_several_periods_lasts_that_many():
    three_months = r.Grant(PackageType.BASIC, None, months=3, count=4)
    assert r.period_for(three_months, NOW, None).end == r.add_months(NOW, 12)


def test_free_days_extend_the_period():
    """SPEC §3: a subscription or gift record carries freeDays; they lengthen what it grants."""
    period = r.period_for(replace(BASIC, free_days=7), NOW, None)
    assert period.end == r.add_months(NOW, 12) + timedelta(days=7)


def test_an_addon_continue_appends_after_its_line_and_superimpose_overlaps():
    """PEERS §2: "Add-on "continue" appends after the current end; "superimpose" overlaps"."""
    line_end = NOW + timedelta(days=10)
    cont = r.Grant(PackageType.ADDON, AddonMode.CONTINUE, months=1, count=5, line="ADDON-7")
    sup = replace(cont, addon_mode=AddonMode.SUPERIMPOSE)
    assert r.period_for(cont, NOW, line_end) == r.Period(line_end, r.add_months(line_end, 1))
    assert r.period_for(sup, NOW, line_end) == r.Period(NOW, r.add_months(NOW, 1))  # count is units, not months


def test_two_grants_on_one_line_of_one_request_follow_each_other():
    cont = r.Grant(PackageType.ADDON, AddonMode.CONTINUE, months=1, count=1, line="ADDON-7")
    first, second = r.plan_periods([cont, cont], NOW, {})
    assert second.start == first.end


def test_line_of_groups_basics_on_the_base_line():
    assert r.line_of(PackageType.BASIC, 3) == r.line_of(PackageType.BASIC, 4) == "BASE"
    assert r.line_of(PackageType.ADDON, 3) == "ADDON-3"


LINES = (r.Line(package_id=1, version_id=11, count=1),)
OFFERS = {11: r.Offer(1, 11, PackageType.BASIC, free_days=14)}
OK = r.Confirmation(kind=SubscriptionKind.SUBSCRIBE, draft_lines=LINES, lines=LINES, draft_free_days=7, free_days=7,
                    receipt_number="INV 2026_03-01", payment_serial="TRX-1", offers=OFFERS)


def refused(confirmation: r.Confirmation) -> tuple[str | None, str]:
    with pytest.raises(Invalid) as caught:
        r.check_confirmation(confirmation)
    return caught.value.field, caught.value.params["rule"]


def test_a_consistent_confirmation_passes():
    r.check_confirmation(OK)


@pytest.mark.parametrize("receipt", ["INV/1", "INV#1", "发票1", "a.b"])
def test_receipt_number_only_letters_digits_underscore_hyphen_space(receipt):
    """SPEC §5: "receipt number only letters, digits, underscore, hyphen and space"."""
    assert refused(replace(OK, receipt_number=receipt)) == ("receiptNumber", "receipt_chars")


def test_receipt_and_serial_not_duplicated():
    """SPEC §5: "and not duplicated; payment serial number not duplicated"."""
    assert refused(replace(OK, receipt_used=True)) == ("receiptNumber", "receipt_used")
    assert refused(replace(OK, serial_used=True)) == ("paymentSerial", "serial_used")


def test_a_paid_subscription_needs_receipt_and_serial_a_gift_does_not():
    assert refused(replace(OK, receipt_number=" ")) == ("receiptNumber", "required")
    assert refused(replace(OK, payment_serial=None)) == ("paymentSerial", "required")
    r.check_confirmation(replace(OK, kind=SubscriptionKind.GIFT, receipt_number=None, payment_serial=None,
                                 free_days=30, draft_free_days=30))


def test_packages_must_be_consistent():
    """SPEC §5: "packages, counts and free days must be consistent"; §8 "packages inconsistent"."""
    other = (r.Line(package_id=2, version_id=21, count=1),)
    assert refused(replace(OK, lines=other)) == ("packages", "packages_inconsistent")
    stale = {11: replace(OFFERS[11], current=False)}  # a price change made a new version meanwhile
    assert refused(replace(OK, offers=stale)) == ("packages", "packages_inconsistent")
    two_basics = (*LINES, r.Line(2, 21, 1))
    offers = {**OFFERS, 21: r.Offer(2, 21, PackageType.BASIC, free_days=0)}
    assert refused(replace(OK, lines=two_basics, draft_lines=two_basics, offers=offers)) == (
        "packages", "packages_inconsistent")


def test_counts_must_be_consistent():
    """SPEC §8: "counts inconsistent"."""
    assert refused(replace(OK, lines=(r.Line(1, 11, 2),))) == ("packages[0].count", "counts_inconsistent")
    zero = (r.Line(1, 11, 0),)
    assert refused(replace(OK, lines=zero, draft_lines=zero)) == ("packages[0].count", "counts_inconsistent")


def test_free_days_must_be_consistent():
    """SPEC §8: "free days inconsistent"; SPEC §9: "Free days up to 365"."""
    assert refused(replace(OK, free_days=8)) == ("freeDays", "free_days_inconsistent")
    assert refused(replace(OK, free_days=15, draft_free_days=15)) == ("freeDays", "free_days_beyond_offer")
    gift = replace(OK, kind=SubscriptionKind.GIFT, free_days=366, draft_free_days=366)
    assert refused(gift) == ("freeDays", "free_days_inconsistent")


def test_free_days_beyond_what_the_packages_offer_name_the_allowed_range():
    """Checked when the dialog is quoted (its Next): a paid subscription gives at most what its packages offer, a
    gift up to 365 (SPEC §9)."""
    with pytest.raises(Invalid) as caught:
        r.check_free_days_offered(SubscriptionKind.SUBSCRIBE, 15, [14, 7])
    assert (caught.value.field, caught.value.params) == ("freeDays", {"rule": "free_days_beyond_offer", "min": 0,
                                                                      "max": 14})
    r.check_free_days_offered(SubscriptionKind.SUBSCRIBE, 14, [14, 7])
    r.check_free_days_offered(SubscriptionKind.GIFT, 365, [0])
    with pytest.raises(Invalid):
        r.check_free_days_offered(SubscriptionKind.GIFT, 366, [0])


def test_multi_warehouse_needs_master_product_and_stock_first():
    """SPEC §5: "Multi-warehouse needs the Master Product & Stock package first"."""
    multi = {11: replace(OFFERS[11], features=frozenset(r.MULTI_WAREHOUSE_FEATURES))}
    assert refused(replace(OK, offers=multi)) == ("packages", "multi_warehouse_first")
    r.check_confirmation(replace(OK, offers=multi, held_features=r.MASTER_PRODUCT_STOCK_FEATURES))
    both = {11: replace(OFFERS[11], features=r.MULTI_WAREHOUSE_FEATURES | r.MASTER_PRODUCT_STOCK_FEATURES)}
    r.check_confirmation(replace(OK, offers=both))


def test_packages_of_one_request_are_in_one_currency():
    two = (*LINES, r.Line(2, 21, 1))
    offers = {11: replace(OFFERS[11], currency="IDR"), 21: r.Offer(2, 21, PackageType.ADDON, 0, currency="MYR")}
    assert refused(replace(OK, lines=two, draft_lines=two, offers=offers)) == ("packages", "packages_inconsistent")


def test_a_plan_name_gives_the_merchant_its_package_state():
    """SPEC §4: "merchant package: not paid, basic, pro, business, expired, plus"."""
    assert r.package_state(PlanName.PRO) == MerchantPackageState.PRO
    assert r.package_state(PlanName.GINEE_PLUS) == MerchantPackageState.PLUS
    assert r.package_state(PlanName.OMS) == MerchantPackageState.BASIC
