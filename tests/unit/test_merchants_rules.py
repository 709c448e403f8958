"""Merchant rules, each case quoting the SPEC line it checks."""

from datetime import UTC, datetime

import pytest

from domain.enums import AccountSystem, AccountUserType
from domain.errors import DomainError, Invalid
from domain.rules import merchants as rules


@pytest.mark.parametrize(("phone", "country"), [
    ("+6281234567890", "ID"), ("+639171234567", "PH"), ("+8613812345678", "CN"), ("+60123456789", "MY"),
    ("+66812345678", "TH"), ("+84912345678", "VN"), ("+6591234567", "SG"), ("+886912345678", "TW"),
    ("+12025550123", "US"), ("62 812-3456-7890", "ID"),
])
def test_country_is_derived_from_the_registered_phone(phone, country):
    """SPEC §3: "country (derived from the registered phone number)"."""
    assert rules.country_of_phone(phone) == country


@pytest.mark.parametrize(("phone", "rule"), [
    ("0812345678", "phone_country_code"),  # "merchant phone must start with the country code": 0 starts none
    ("+62 812", "phone_invalid"),  # too short for an Indonesian number
    ("+44 20 7946 0958", "phone_country"),  # a valid number, but of no country of SPEC §3
    ("+62 abc", "phone_format"),
])
def test_a_phone_without_a_served_country_code_is_refused(phone, rule):
    with pytest.raises(Invalid) as refused:
        rules.normalise_phone(phone)
    assert refused.value.params["rule"] == rule


def test_email_search_needs_at_least_3_letters():
    """SPEC §5: "Email search needs at least 3 letters"."""
    assert rules.email_search(" Shop@ ") == "shop@"
    for text in ("ab", "a1@2.c"):
        with pytest.raises(Invalid):
            rules.email_search(text)


def test_phone_search_needs_8_characters_starting_with_the_country_code():
    """SPEC §5: "at least 8 characters in searches, and merchant phone must start with the country code"."""
    assert rules.phone_search("62812345") == "+62812345"
    assert rules.phone_search("+62 812-345") == "+62812345"
    with pytest.raises(Invalid):
        rules.phone_search("+628123")
    with pytest.raises(Invalid):
        rules.phone_search("08123456789")


def test_account_type_is_editable_only_in_iam():
    """SPEC §6: "Account types OFFICIAL, TEST, INTERNAL, editable only in the IAM dimension"."""
    rules.copied_account_type(AccountSystem.IAM)
    for system in (AccountSystem.ERP, AccountSystem.WMS):
        with pytest.raises(DomainError):
            rules.copied_account_type(system)


def test_wms_activation_needs_the_first_erp_login_and_a_merchant_account():
    """SPEC §5: "WMS activation needs the merchant's first ERP login; staff accounts cannot be activated"."""
    now = datetime.now(UTC)
    rules.check_wms_activation(AccountUserType.MERCHANT, now, None)
    cases = [((AccountUserType.MERCHANT, None, None), "WMS_NEEDS_ERP_LOGIN"),
             ((AccountUserType.STAFF, now, None), "WMS_STAFF_NOT_SUPPORTED"),
             ((AccountUserType.MERCHANT, now, now), "WMS_ALREADY_ACTIVE")]
    for args, code in cases:
        with pytest.raises(DomainError) as refused:
            rules.check_wms_activation(*args)
        assert refused.value.code == code
