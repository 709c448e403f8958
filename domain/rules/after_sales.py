"""After-sales rules, pure: a return's transition table, what a return's lines may ask, the handling-time SLA, the
ledger keys of a restock, and a packing material's usage. services/after_sales applies them in SQL."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from types import MappingProxyType
from typing import Final

from domain.enums import ReturnAction as A
from domain.enums import ReturnStatus as S
from domain.errors import DomainError, Invalid
from domain.rules.inputs import Problems

RETURN_NO_MAX, SKU_MAX, TEXT_MAX, NOTE_MAX = 32, 100, 200, 500
CODE_MAX, NAME_MAX, TITLE_MAX, BODY_MAX = 32, 100, 200, 20_000
MAX_LINES, MAX_QUANTITY = 100, 100_000
SLA_HOURS_MIN, SLA_HOURS_MAX, SLA_HOURS_DEFAULT = 1, 24 * 30, 48
DAY_RANGE_MAX = 366  # days the by-day summary reads at once

# (state, action) -> next state. RESTOCK's own target is RESTOCKED, or DEFECTIVE when no unit was good.
TRANSITIONS: Final = MappingProxyType({
    (S.REQUESTED, A.DISPATCH): S.IN_TRANSIT,
    (S.REQUESTED, A.RECEIVE): S.RECEIVED,  # handed in at the warehouse's counter
    (S.REQUESTED, A.REJECT): S.REJECTED,
    (S.IN_TRANSIT, A.RECEIVE): S.RECEIVED,
    (S.IN_TRANSIT, A.REJECT): S.REJECTED,
    (S.RECEIVED, A.INSPECT): S.INSPECTED,
    (S.RECEIVED, A.REJECT): S.REJECTED,
    (S.INSPECTED, A.RESTOCK): S.RESTOCKED,
    (S.INSPECTED, A.REJECT): S.REJECTED,
})
FINAL: Final = frozenset({S.RESTOCKED, S.DEFECTIVE, S.REJECTED})
OPEN: Final = tuple(s for s in S if s not in FINAL)
# the step a return in each open state waits on, timed against the warehouse's SLA from the state's own start
WAITING_ON: Final = MappingProxyType({S.REQUESTED: "requested_at", S.IN_TRANSIT: "requested_at",
                                      S.RECEIVED: "received_at", S.INSPECTED: "inspected_at"})


def actions_of(status: S | str) -> list[A]:
    """The actions a return's state allows (the list's buttons)."""
    return [action for (state, action) in TRANSITIONS if state == status]


def next_status(status: S | str, action: A | str, *, return_no: str, good_units: int = 1) -> S:
    """Where `action` moves a return in `status`; anything else is refused naming the state it is in."""
    target = TRANSITIONS.get((S(status), A(action)))
    if target is None:
        raise DomainError("RETURN_ILLEGAL_TRANSITION", status=409, returnNo=return_no, current=str(status),
                          action=str(action))
    if target == S.RESTOCKED and good_units == 0:
        return S.DEFECTIVE
    return target


@dataclass(frozen=True)
class AskedLine:
    sku: str
    quantity: int


def check_lines(asked: Iterable[AskedLine], returnable: Mapping[str, int]) -> Problems:
    """Each line's SKU is one the order shipped and its quantity at most what is still returnable of it (shipped
    less what other live returns of the order hold); a SKU asked twice counts once in total."""
    problems = Problems()
    totals: dict[str, int] = {}
    for index, line in enumerate(asked):
        if line.sku not in returnable:
            problems.add(f"lines[{index}].sku", "return_sku_not_in_order", sku=line.sku)
            continue
        totals[line.sku] = totals.get(line.sku, 0) + line.quantity
        if totals[line.sku] > returnable[line.sku]:
            problems.add(f"lines[{index}].quantity", "return_quantity_above_shipped", sku=line.sku,
                         max=returnable[line.sku])
    return problems


def check_inspection(quantities: Mapping[int, int], good: Mapping[int, int]) -> Problems:
    """Every line of the return is inspected once, its good units between 0 and its quantity (the rest are
    defective)."""
    problems = Problems()
    for line_no in quantities:
        if line_no not in good:
            problems.add(f"lines[{line_no}].goodQuantity", "required")
        elif not 0 <= good[line_no] <= quantities[line_no]:
            problems.add(f"lines[{line_no}].goodQuantity", "return_good_range", max=quantities[line_no])
    for line_no in good:
        if line_no not in quantities:
            problems.add(f"lines[{line_no}].lineNo", "return_line_missing")
    return problems


def restock_key(return_id: int, line_no: int) -> str:
    """The ledger's idempotency key of one line's restock: a replayed restock finds it and adds nothing."""
    return f"return:{return_id}:line:{line_no}:restock"


def due_at(started: datetime, sla_hours: int) -> datetime:
    return started + timedelta(hours=sla_hours)


def step_late(started: datetime | None, ended: datetime, sla_hours: int) -> bool:
    """A step that took longer than the SLA (the return stays flagged overdue once any step was late)."""
    return started is not None and ended - started > timedelta(hours=sla_hours)


def hours_between(started: datetime | None, ended: datetime | None) -> Decimal | None:
    if started is None or ended is None:
        return None
    return (Decimal((ended - started).total_seconds()) / 3600).quantize(Decimal("0.01"))


def usage_amount(unit_cost: Decimal, quantity: int) -> Decimal:
    """What a merchant is charged for `quantity` units of a material at its cost when used."""
    return (unit_cost * quantity).quantize(Decimal("0.01"))


def check_usage_target(return_id: int | None, stock_order_id: int | None) -> None:
    """A usage is recorded against exactly one return or one outbound order."""
    if (return_id is None) == (stock_order_id is None):
        raise Invalid(field="returnId", rule="material_usage_one_target")
