"""Merchant rules of SPEC §3 and §5: the country comes from the registered phone, searches need enough of an
email or phone to be selective, the account type is set in IAM only, and WMS activation has two refusals.

Pure functions: the API and the demo data call them, the tests quote the SPEC lines they check.
"""

from __future__ import annotations

import re
from datetime import datetime

import phonenumbers

from domain.enums import AccountSystem, AccountUserType, Country
from domain.errors import DomainError, Invalid

EMAIL_SEARCH_MIN_LETTERS = 3  # SPEC §5: "Email search needs at least 3 letters"
PHONE_SEARCH_MIN_CHARS = 8  # SPEC §5: "at least 8 characters in searches"
# SPEC §3 dial codes (86, 62, 63, 60, 84, 65, 66) and the regions of Taiwan and America grouped as others.
DIAL_CODES = {"86": Country.CN, "62": Country.ID, "63": Country.PH, "60": Country.MY, "84": Country.VN,
              "65": Country.SG, "66": Country.TH, "886": Country.TW, "1": Country.US}
REGIONS = {c.value: c for c in Country}
_PHONE_TEXT = re.compile(r"^\+?[0-9][0-9 \-]*$")


def normalise_phone(text: str, field: str = "phone") -> str:
    """A registered phone in E.164 (`+6281234567890`). It must carry its country code (SPEC §5 "merchant phone
    must start with the country code") and be a valid number of one of the SPEC §3 countries."""
    raw = text.strip()
    if not _PHONE_TEXT.match(raw):
        raise Invalid(field=field, rule="phone_format")
    try:
        number = phonenumbers.parse(raw if raw.startswith("+") else f"+{raw}", None)
    except phonenumbers.NumberParseException as exc:
        raise Invalid(field=field, rule="phone_country_code") from exc
    if not phonenumbers.is_valid_number(number):
        raise Invalid(field=field, rule="phone_invalid")
    if phonenumbers.region_code_for_number(number) not in REGIONS:
        raise Invalid(field=field, rule="phone_country")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def country_of_phone(phone: str) -> Country:
    """SPEC §3: "country (derived from the registered phone number)" — never typed by hand."""
    number = phonenumbers.parse(normalise_phone(phone), None)
    return REGIONS[phonenumbers.region_code_for_number(number) or ""]


def email_search(text: str) -> str:
    """SPEC §5: "Email search needs at least 3 letters" (letters, not any characters: `@.c` is too little)."""
    value = text.strip().lower()
    if sum(ch.isalpha() for ch in value) < EMAIL_SEARCH_MIN_LETTERS:
        raise Invalid(field="email", rule="email_search_letters", min=EMAIL_SEARCH_MIN_LETTERS)
    return value


def phone_search(text: str) -> str:
    """SPEC §5: a phone search has "at least 8 characters", and the "merchant phone must start with the country
    code": `+62812…` or `62812…` find Indonesian numbers, a local `0812…` is refused. Returns the digits with `+`."""
    value = re.sub(r"[\s\-]", "", text.strip())
    if len(value) < PHONE_SEARCH_MIN_CHARS:
        raise Invalid(field="phone", rule="phone_search_length", min=PHONE_SEARCH_MIN_CHARS)
    digits = value.removeprefix("+")
    if not digits.isdigit():
        raise Invalid(field="phone", rule="phone_format")
    if not any(digits.startswith(code) for code in DIAL_CODES):
        raise Invalid(field="phone", rule="phone_search_country_code")
    return f"+{digits}"


def copied_account_type(system: AccountSystem) -> None:
    """SPEC §6: "Account types OFFICIAL, TEST, INTERNAL, editable only in the IAM dimension and synchronised to
    subsystems": an ERP or WMS account's type is never edited on its own."""
    if system != AccountSystem.IAM:
        raise DomainError("ACCOUNT_TYPE_IAM_ONLY", status=409, field="accountType")


def check_wms_activation(user_type: AccountUserType, erp_first_login_at: datetime | None,
                         activated_at: datetime | None) -> None:
    """SPEC §5: "WMS activation needs the merchant's first ERP login; staff accounts cannot be activated from the
    console (use the merchant account to add staff)"; SPEC §8 gives the two messages."""
    if user_type == AccountUserType.STAFF:
        raise DomainError("WMS_STAFF_NOT_SUPPORTED", status=409)
    if erp_first_login_at is None:
        raise DomainError("WMS_NEEDS_ERP_LOGIN", status=409)
    if activated_at is not None:
        raise DomainError("WMS_ALREADY_ACTIVE", status=409)
