"""SPEC §3 "Add-on package quantities (type, quantity): OMS Add 5 Staff 1000; OMS Add 10 Store 1000; OMS Add 10K
Order 1000; WMS Add 5 Consignor 100; WMS Order 10K 1000; Oms Open Api 1; Advanced WMS 1": the most of each add-on
one request buys, refused on the line's count naming the type; and the package rules that keep the type."""

from dataclasses import replace

import pytest

from domain.enums import AddonType, PackageType, SubscriptionKind
from domain.errors import Invalid
from domain.rules import packages as p
from domain.rules import subscriptions as r

SPEC = [(AddonType.OMS_ADD_5_STAFF, 1000), (AddonType.OMS_ADD_10_STORE, 1000), (AddonType.OMS_ADD_10K_ORDER, 1000),
        (AddonType.WMS_ADD_5_CONSIGNOR, 100), (AddonType.WMS_ORDER_10K, 1000), (AddonType.OMS_OPEN_API, 1),
        (AddonType.ADVANCED_WMS, 1)]


def test_every_addon_type_has_its_spec_quantity():
    assert dict(SPEC) == r.ADDON_QUANTITY


@pytest.mark.parametrize(("addon_type", "quantity"), SPEC)
def test_an_addon_is_bought_up_to_its_quantity_and_no_more(addon_type, quantity):
    r.check_count(0, quantity, PackageType.ADDON, addon_type)
    with pytest.raises(Invalid) as refused:
        r.check_count(2, quantity + 1, PackageType.ADDON, addon_type)
    assert refused.value.field == "packages[2].count"
    assert refused.value.params == {"rule": "addon_quantity", "max": quantity, "type": f"enums.AddonType.{addon_type}"}


def test_a_basic_package_and_an_untyped_addon_keep_the_largest_limit():
    assert r.count_limit(PackageType.BASIC, None) == r.count_limit(PackageType.ADDON, None) == 1000
    with pytest.raises(Invalid) as refused:
        r.check_count(0, 0, PackageType.ADDON, AddonType.OMS_OPEN_API)
    assert refused.value.params["rule"] == "counts_inconsistent"


def test_the_second_confirmation_refuses_a_count_above_the_type_limit():
    """The validator of the second confirmation holds the limit too, whatever the dialog let through."""
    lines = (r.Line(1, 11, 2),)
    offers = {11: r.Offer(1, 11, PackageType.ADDON, free_days=0, addon_type=AddonType.ADVANCED_WMS)}
    confirmation = r.Confirmation(kind=SubscriptionKind.GIFT, draft_lines=lines, lines=lines, draft_free_days=0,
                                  free_days=0, receipt_number=None, payment_serial=None, offers=offers)
    with pytest.raises(Invalid) as refused:
        r.check_confirmation(confirmation)
    assert (refused.value.field, refused.value.params["rule"]) == ("packages[0].count", "addon_quantity")
    one = (r.Line(1, 11, 1),)
    r.check_confirmation(replace(confirmation, lines=one, draft_lines=one))


def test_a_new_addon_names_its_type_which_then_stays():
    assert [(x.field, x.rule) for x in p.addon_type_problems("ADDON", None, creating=True)] == [
        ("addonType", "required")]
    assert p.addon_type_problems("ADDON", None, creating=False) == []  # made before types: may stay untyped
    assert [x.rule for x in p.addon_type_problems("BASIC", "OMS_OPEN_API", creating=True)] == [
        "package_addon_type_basic"]
    assert [x.rule for x in p.addon_type_problems("ADDON", "ADVANCED_WMS", creating=False,
                                                  before="OMS_OPEN_API")] == ["package_addon_type_fixed"]
    assert p.addon_type_problems("ADDON", "OMS_OPEN_API", creating=True) == []
