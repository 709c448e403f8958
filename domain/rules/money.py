"""Money, handled once for every module: `Decimal` in the currency's unit, never float.

SPEC §9: "currency formatting IDR with no decimals, others 2 decimals". DESIGN: "Money is integer minor units
or `Decimal`, never float". Amounts are stored NUMERIC and travel as decimal text; a float is refused at the
door (`to_money`), since 0.1 + 0.2 is not 0.3 in binary and a price must come out the same every time.

Which currency each country pays in, and which currencies the console takes (SPEC §5: "The currency of the
applicable country must be in use"), also live here, so packages and payments read one table.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal, InvalidOperation

from domain.enums import Country, Currency

# Digits after the point per currency (SPEC §9); every currency not listed shows two.
_DECIMALS = {Currency.IDR: 0}

# The currency merchants of each country pay in. Taiwan pays in TWD, which the console does not take
# (not a `Currency`), so a Taiwanese package is refused with "currency of the country not in use".
COUNTRY_CURRENCY: dict[Country, str] = {
    Country.ID: "IDR",
    Country.PH: "PHP",
    Country.CN: "CNY",
    Country.MY: "MYR",
    Country.TH: "THB",
    Country.VN: "VND",
    Country.SG: "SGD",
    Country.TW: "TWD",
    Country.US: "USD",
}

# The currencies the console bills in: SPEC §3 "Currencies: IDR, CNY, USD, VND, MYR, PHP, THB, SGD".
CURRENCIES_IN_USE: frozenset[str] = frozenset(c.value for c in Currency)


class FloatMoneyError(TypeError):
    """A float reached money code: a programming error, never a user's input."""


def decimals(currency: str) -> int:
    """SPEC §9: IDR has no decimals; the others 2."""
    return 0 if currency.upper() == Currency.IDR else 2


def to_money(value: Decimal | int | str) -> Decimal:
    """The exact Decimal of an int, a decimal text or a Decimal; a float raises, a non-number ValueError."""
    if isinstance(value, float):
        raise FloatMoneyError("money is never a float; pass Decimal, int or decimal text")
    if isinstance(value, bool):
        raise TypeError("a bool is not money")
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value).strip())
    except InvalidOperation as error:
        raise ValueError(f"not an amount: {value!r}") from error
    if not amount.is_finite():
        raise ValueError(f"not an amount: {value!r}")
    return amount


def quantize(amount: Decimal | int | str, currency: str) -> Decimal:
    """The amount at the currency's precision, halves rounded away from zero (12.345 USD -> 12.35)."""
    return to_money(amount).quantize(Decimal(1).scaleb(-decimals(currency)), rounding=ROUND_HALF_UP)


def stored(amount: Decimal | int | str) -> Decimal:
    """The amount as a NUMERIC(16, 2) column keeps it, so a value sent as 1200 equals the stored 1200.00."""
    return to_money(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def round_up_whole(amount: Decimal | int | str) -> Decimal:
    """Rounded up to a whole unit: SPEC §5 "tax rounded up" (10.01 -> 11)."""
    return to_money(amount).to_integral_value(rounding=ROUND_CEILING)


def is_whole(amount: Decimal | int | str) -> bool:
    value = to_money(amount)
    return value == value.to_integral_value()


def currency_of(country: str) -> str | None:
    """The currency a country pays in (ISO 4217), None for a country the console does not know."""
    try:
        return COUNTRY_CURRENCY[Country(country)]
    except ValueError:
        return None


def currency_in_use(country: str) -> bool:
    """SPEC §5: "The currency of the applicable country must be in use"."""
    return currency_of(country) in CURRENCIES_IN_USE


def format_money(amount: Decimal | int | str | None, currency: str) -> str:
    """`1500000 IDR` -> "1,500,000"; `12.5 USD` -> "12.50"; None -> "" (a blank cell)."""
    if amount is None or amount == "":
        return ""
    return f"{quantize(amount, currency):,.{decimals(currency)}f}"
