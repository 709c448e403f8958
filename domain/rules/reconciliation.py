"""Financial reconciliation's rules: the period a run covers, how an order's payment compares, what resolving a
difference needs."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from domain.enums.reconciliation import ReconciliationKind
from domain.errors import DomainError

NUMBER_MAX = 64  # a channel's order, settlement and line numbers
NOTE_MAX = 500
PERIOD_DAYS_MAX = 366  # a run covers at most a year
SETTLEMENT_GRACE_DAYS = 31  # an order of the period may be paid out this long after the period's end
TOLERANCE = Decimal("0.00")  # a difference beyond this is short- or over-paid


def month_period(month: str) -> tuple[date, date]:
    """'2026-10' -> (2026-10-01, 2026-10-31); refused naming the field when it is not a month."""
    try:
        year, number = (int(part) for part in month.split("-"))
        first = date(year, number, 1)
    except (ValueError, TypeError) as exc:
        raise DomainError("RECONCILIATION_MONTH_INVALID", status=422, field="month", value=month) from exc
    following = date(year + number // 12, number % 12 + 1, 1)
    return first, following - timedelta(days=1)


def period_of(month: str | None, period_from: date | None, period_to: date | None,
              today: date) -> tuple[date, date]:
    """The run's period: a month, or a date range (inclusive); one of the two, each refusal naming its field."""
    if month is not None and (period_from is not None or period_to is not None):
        raise DomainError("RECONCILIATION_PERIOD_EITHER", status=422, field="month")
    if month is not None:
        first, last = month_period(month)
    elif period_from is None:
        raise DomainError("RECONCILIATION_PERIOD_REQUIRED", status=422, field="periodFrom")
    elif period_to is None:
        raise DomainError("RECONCILIATION_PERIOD_REQUIRED", status=422, field="periodTo")
    else:
        first, last = period_from, period_to
    check_period(first, last, today)
    return first, last


def check_period(period_from: date, period_to: date, today: date) -> None:
    """A period is ordered, at most PERIOD_DAYS_MAX days long, and does not start in the future."""
    if period_to < period_from:
        raise DomainError("RECONCILIATION_PERIOD_REVERSED", status=422, field="periodTo")
    if (period_to - period_from).days >= PERIOD_DAYS_MAX:
        raise DomainError("RECONCILIATION_PERIOD_TOO_LONG", status=422, field="periodTo", days=PERIOD_DAYS_MAX)
    if period_from > today:
        raise DomainError("RECONCILIATION_PERIOD_FUTURE", status=422, field="periodFrom")


def kind_of(has_order: bool, has_payment: bool, expected: Decimal, paid: Decimal) -> ReconciliationKind:
    """How one order compares (the SQL of services/reconciliation/compare.py says the same, set-based)."""
    if not has_order:
        return ReconciliationKind.UNKNOWN_ORDER
    if not has_payment:
        return ReconciliationKind.UNPAID
    if paid < expected - TOLERANCE:
        return ReconciliationKind.SHORT_PAID
    if paid > expected + TOLERANCE:
        return ReconciliationKind.OVER_PAID
    return ReconciliationKind.MATCHED


def check_resolvable(kind: ReconciliationKind) -> None:
    if kind == ReconciliationKind.MATCHED:
        raise DomainError("RECONCILIATION_NOTHING_TO_RESOLVE", status=409, field="id")
