"""Channel orders (SPEC §3 order display and tabs, §8 stock exception causes): the transition table, the tabs,
and the checks an order coming from a channel must pass.

Pure: services/orders reads an order under a row lock, asks `next_status` what an action does to it, and writes
the change, its timeline entry and the tab counts in one transaction. A refused transition is a 409 whose
message names the state the order is in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone
from decimal import Decimal

from domain.enums import (
    Country,
    Currency,
    DatePreset,
    GmtOffset,
    OrderAction,
    OrderExceptionCause,
    OrderStatus,
    OrderTab,
)
from domain.errors import DomainError, Invalid
from domain.rules.inputs import Problems
from domain.rules.money import COUNTRY_CURRENCY, CURRENCIES_IN_USE
from domain.rules.ticket_reports import preset_range

S, A = OrderStatus, OrderAction

CHANNEL_ORDER_NO_MAX = 64
CHANNEL_ORDER_NO_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-/#]*$"
_CHANNEL_ORDER_NO = re.compile(CHANNEL_ORDER_NO_PATTERN)
SKU_MAX = 100  # as the stock ledger's sku
NAME_MAX = 255
TEXT_MAX = 128
NOTE_MAX = 500
LINES_MAX = 200
QUANTITY_MAX = 1_000_000
MONEY_MAX = Decimal("9999999999999999.99")  # numeric(18,2)
WEIGHT_MAX = 10_000_000  # grams
SEARCH_NUMBERS_MAX = 100

# {(status, action): new status}. ACCEPT may end ABNORMAL instead of READY: short of stock or intercepted
# (services/orders/fulfilment.on_accept answers why).
TRANSITIONS: dict[tuple[OrderStatus, OrderAction], OrderStatus] = {
    (S.PENDING, A.ACCEPT): S.READY,
    (S.READY, A.SHIP): S.SHIPPING,
    (S.SHIPPING, A.COMPLETE): S.COMPLETED,
    (S.PENDING, A.CANCEL): S.CANCELLED,
    (S.READY, A.CANCEL): S.CANCELLED,
    (S.ABNORMAL, A.CANCEL): S.CANCELLED,
    (S.PENDING, A.HOLD): S.ABNORMAL,
    (S.READY, A.HOLD): S.ABNORMAL,
    (S.ABNORMAL, A.RELEASE): S.PENDING,
}

# SPEC §3 tabs: the statuses each counts
TAB_STATUSES: dict[OrderTab, tuple[OrderStatus, ...]] = {
    OrderTab.ALL: tuple(S),
    OrderTab.PENDING: (S.PENDING, S.READY),
    OrderTab.SHIPPING: (S.SHIPPING,),
    OrderTab.COMPLETED: (S.COMPLETED,),
    OrderTab.ABNORMAL: (S.ABNORMAL,),
    OrderTab.CANCELLED: (S.CANCELLED,),
}

OPEN = frozenset({S.PENDING, S.READY, S.ABNORMAL})
# causes an operator may give a hold; INTERCEPTED comes only from an interception rule, OUT_OF_STOCK from the stock
MANUAL_CAUSES = frozenset(set(OrderExceptionCause) - {OrderExceptionCause.INTERCEPTED})


def allowed_actions(status: OrderStatus | str) -> list[OrderAction]:
    """The actions an order in `status` may take, in the table's order (the detail page's buttons)."""
    return [action for (source, action) in TRANSITIONS if source == status]


def next_status(status: OrderStatus | str, action: OrderAction | str, *, order_no: str) -> OrderStatus:
    """The status `action` moves an order in `status` to; anything else is refused naming the state it is in."""
    target = TRANSITIONS.get((OrderStatus(status), OrderAction(action)))
    if target is None:
        raise DomainError("ORDER_ILLEGAL_TRANSITION", status=409, orderNo=order_no, current=str(status),
                          action=str(action))
    return target


def tab_of(status: OrderStatus | str) -> OrderTab:
    return next(tab for tab, statuses in TAB_STATUSES.items() if tab != OrderTab.ALL and status in statuses)


def hold_cause(action: OrderAction, cause: OrderExceptionCause | str | None, field: str = "cause"
               ) -> OrderExceptionCause | None:
    """A hold names its cause (one an operator may give); no other action takes one."""
    if action != A.HOLD:
        return None
    if cause is None:
        raise Invalid(field=field, rule="required")
    value = OrderExceptionCause(cause)
    if value not in MANUAL_CAUSES:
        raise Invalid(field=field, rule="order_cause_not_manual")
    return value


def channel_order_no(text: str, field: str = "channelOrderNo") -> str:
    value = (text or "").strip()
    if not value:
        raise Invalid(field=field, rule="required")
    if len(value) > CHANNEL_ORDER_NO_MAX or not _CHANNEL_ORDER_NO.match(value):
        raise Invalid(field=field, rule="order_no", max=CHANNEL_ORDER_NO_MAX)
    return value


def search_numbers(text: str | None, field: str = "orderNo") -> list[str]:
    """The order numbers a search names: one or several, separated by spaces, commas or new lines."""
    parts = list(dict.fromkeys(p for p in re.split(r"[\s,;]+", text or "") if p))
    if len(parts) > SEARCH_NUMBERS_MAX:
        raise Invalid(field=field, rule="order_no_count", max=SEARCH_NUMBERS_MAX)
    for part in parts:
        channel_order_no(part, field)
    return parts


def check_lines(lines: Iterable[tuple[str, int, Decimal]], problems: Problems, field: str = "lines") -> None:
    """At least one line, at most LINES_MAX; each with a SKU, a quantity above 0 and a price not below 0."""
    listed = list(lines)
    if not listed:
        problems.add(field, "required")
        return
    if len(listed) > LINES_MAX:
        problems.add(field, "order_lines_max", max=LINES_MAX)
    for i, (sku, quantity, price) in enumerate(listed):
        if not sku.strip() or len(sku) > SKU_MAX:
            problems.add(f"{field}[{i}].sku", "order_sku", max=SKU_MAX)
        if not 0 < quantity <= QUANTITY_MAX:
            problems.add(f"{field}[{i}].quantity", "order_quantity", max=QUANTITY_MAX)
        if not Decimal(0) <= price <= MONEY_MAX:
            problems.add(f"{field}[{i}].unitPrice", "order_money")


def check_money(values: dict[str, Decimal | None], problems: Problems) -> None:
    for field, value in values.items():
        if value is not None and not Decimal(0) <= value <= MONEY_MAX:
            problems.add(field, "order_money")


@dataclass(frozen=True)
class Hold:
    """Why an accepted order went abnormal instead of ready (services/orders/fulfilment.on_accept answers it)."""

    cause: OrderExceptionCause
    rule_id: int | None = None  # the interception rule, with its name, when cause is INTERCEPTED
    rule_name: str | None = None
    note: str | None = None


def currency_of(country: Country | str, given: Currency | str | None) -> Currency:
    """The order's currency: the channel's, else the shop country's; USD where the console takes neither."""
    if given is not None:
        return Currency(given)
    local = COUNTRY_CURRENCY.get(Country(country))
    return Currency(local) if local in CURRENCIES_IN_USE else Currency.USD


# ---- dates (SPEC §9: presets, GMT+01:00..GMT+12:00, a China zone by default, the past-90-days view) ---------------

DEFAULT_OFFSET = GmtOffset.GMT_08  # SPEC §9: "Default date time zone a China zone"
RECENT_DAYS = 90


def zone_of(offset: GmtOffset | str | None) -> timezone:
    hours = int(GmtOffset(offset or DEFAULT_OFFSET).value[4:6])
    return timezone(timedelta(hours=hours))


def period(preset: DatePreset | str | None, start: date | None, end: date | None, offset: GmtOffset | str | None,
           now: datetime) -> tuple[datetime | None, datetime | None]:
    """[from, to) in UTC of a preset around `now` or of the days start..end (both included), in the offset's
    local days; a preset wins over days. Whole hours always: the tab counts sum hour and day buckets."""
    zone = zone_of(offset)
    if preset is not None:
        lo, hi = preset_range(preset, now.astimezone(zone))
        return lo.astimezone(UTC), hi.astimezone(UTC)
    lo_at = datetime.combine(start, time(), zone).astimezone(UTC) if start else None
    hi_at = datetime.combine(end + timedelta(days=1), time(), zone).astimezone(UTC) if end else None
    if lo_at and hi_at and lo_at >= hi_at:
        raise Invalid(field="orderedAt", rule="order_period_reversed")
    return lo_at, hi_at


def recent_from(now: datetime) -> datetime:
    """The past-90-days view's first instant: the whole hour 90 days before now."""
    return now.astimezone(UTC).replace(minute=0, second=0, microsecond=0) - timedelta(days=RECENT_DAYS)


def count_buckets(lo: datetime | None, hi: datetime | None) -> tuple[datetime | None, datetime | None]:
    """The whole UTC days within [lo, hi): day buckets cover [day_lo, day_hi), hour buckets the edges. None, None
    when no whole day is inside (hours only)."""
    day_lo = None if lo is None else _ceil_day(lo)
    day_hi = None if hi is None else hi.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if day_lo is not None and day_hi is not None and day_lo >= day_hi:
        return None, None
    return day_lo, day_hi


def _ceil_day(at: datetime) -> datetime:
    day = at.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return day if day == at else day + timedelta(days=1)
