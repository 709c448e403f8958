from decimal import Decimal

import pytest

from domain.enums import Country, Currency
from domain.rules.money import (
    FloatMoneyError,
    currency_in_use,
    currency_of,
    decimals,
    format_money,
    is_whole,
    quantize,
    round_up_whole,
    stored,
    to_money,
)


def test_idr_has_no_decimals_others_two():
    """SPEC §9: "currency formatting IDR with no decimals, others 2 decimals"."""
    assert decimals("IDR") == 0
    assert decimals("idr") == 0
    for currency in Currency:
        if currency != Currency.IDR:
            assert decimals(currency) == 2


@pytest.mark.parametrize(("amount", "currency", "text"), [
    (1500000, "IDR", "1,500,000"),
    ("1999.5", "IDR", "2,000"),
    (Decimal("12.5"), "USD", "12.50"),
    ("1234.565", "USD", "1,234.57"),
    ("100000000000", "VND", "100,000,000,000.00"),
    (0, "THB", "0.00"),
    (None, "USD", ""),
    ("", "IDR", ""),
])
def test_format_money(amount, currency, text):
    """SPEC §9: "currency formatting IDR with no decimals, others 2 decimals"."""
    assert format_money(amount, currency) == text


def test_money_is_never_float():
    """DESIGN: "Money is integer minor units or Decimal, never float"."""
    with pytest.raises(FloatMoneyError):
        to_money(0.1)
    with pytest.raises(FloatMoneyError):
        format_money(12.5, "USD")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        to_money(True)
    assert to_money("0.1") + to_money("0.2") == Decimal("0.3")


@pytest.mark.parametrize("bad", ["abc", "NaN", "Infinity", "1,000"])
def test_unreadable_amounts_are_refused(bad):
    with pytest.raises(ValueError):
        to_money(bad)


def test_quantize_rounds_halves_away_from_zero():
    assert quantize("12.345", "USD") == Decimal("12.35")
    assert quantize("-12.345", "USD") == Decimal("-12.35")
    assert quantize("12.5", "IDR") == Decimal("13")


def test_stored_amounts_have_two_places():
    assert str(stored(1200)) == "1200.00"
    assert stored("1200") == stored("1200.00")


def test_tax_rounds_up_to_a_whole_unit():
    """SPEC §5: "tax rounded up"."""
    assert round_up_whole("10.01") == Decimal(11)
    assert round_up_whole("10") == Decimal(10)
    assert round_up_whole(0) == Decimal(0)
    assert is_whole("10.00") and not is_whole("10.5")


def test_each_country_has_its_currency_and_taiwan_is_not_in_use():
    """SPEC §5: "The currency of the applicable country must be in use"; SPEC §3 lists the currencies in use
    (IDR, CNY, USD, VND, MYR, PHP, THB, SGD): Taiwan's TWD is not one of them."""
    assert currency_of("ID") == "IDR"
    assert currency_of("VN") == "VND"
    assert currency_of("US") == "USD"
    assert currency_of("XX") is None
    assert {c for c in Country if currency_in_use(c)} == set(Country) - {Country.TW}
    assert not currency_in_use("XX")
