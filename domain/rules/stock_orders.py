"""Inbound and outbound orders (SPEC §3 "Inbound or outbound order", §4 warehouse document statuses and the
delete / mass-action / cancel / void rules, §5 order number required in searches, §8 'reselect').

Pure: the API reads an order under a row lock, asks these rules what an action does to it, and books the
stock effects through the stock ledger's movement primitive with the keys made here.

An order's lines each plan a quantity and count what was done (received or shipped). Its stock, by direction:
- inbound: opening it puts the planned quantity in transit; a receipt moves it from transit to the shelf; cancelling
  releases what is still in transit (SPEC §4 "Cancelling an inbound order releases the SKU's in-transit stock").
- outbound: opening it locks the planned quantity (available goes down); a shipment takes it from locked and
  on hand; voiding releases what is still locked, which raises available (SPEC §4 "Voiding an outbound order
  releases the SKU's locked stock and raises available stock").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.enums import (
    OutboundWorkingStatus,
    StockOrderAction,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.errors import DomainError, Invalid
from domain.rules.inputs import Problems

S = WarehouseDocumentStatus
ORDER_NO_MAX = 40
CHANNEL_ORDER_NO_MAX = 64  # as the ledger's document number
SKU_MAX = 100  # as the stock ledger's sku
TEXT_MAX = 128  # logistic number, remark
ORDER_NO_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.\-/]*$"
_ORDER_NO = re.compile(ORDER_NO_PATTERN)
SEARCH_NUMBERS_MAX = 100  # order numbers one search may name
LINES_MAX = 200
MASS_MAX = 200  # orders one mass action may select
QUANTITY_MAX = 1_000_000


Action = StockOrderAction


class Step(StrEnum):
    """What an allowed action does to the order: move to a status, or nothing (a repeat of what is done)."""

    APPLY = "APPLY"
    ALREADY_DONE = "ALREADY_DONE"


CANCELLED = frozenset({S.INVALID, S.PART_INVALID})
COMPLETED = frozenset({S.COMPLETE})
OPEN = frozenset({S.CREATE, S.PENDING, S.PART_COMPLETE})
AWAITING = frozenset({S.CREATE, S.PENDING})  # nothing received or shipped yet
ABNORMAL_WORKING = frozenset({OutboundWorkingStatus.SYNC_FAIL, OutboundWorkingStatus.CANCEL_FAIL})
ABNORMAL_PUSH = frozenset({WarehousePushStatus.FAIL})

ACTIONS_OF = {
    StockOrderDirection.INBOUND: (Action.RECEIVE, Action.CANCEL, Action.PUSH, Action.CONFIRM),
    StockOrderDirection.OUTBOUND: (Action.SHIP, Action.VOID, Action.DELETE, Action.PUSH, Action.PRINT, Action.PICK,
                                   Action.PACK, Action.CONFIRM, Action.ALLOCATE, Action.REVIEW, Action.HANDOVER,
                                   Action.CANCEL_DONE, Action.CANCEL_REFUSED),
}


@dataclass(frozen=True)
class Line:
    planned: int
    done: int = 0

    @property
    def remaining(self) -> int:
        return self.planned - self.done


@dataclass(frozen=True)
class OrderState:
    order_no: str
    direction: StockOrderDirection
    status: WarehouseDocumentStatus
    working_status: OutboundWorkingStatus | None = None
    push_status: WarehousePushStatus = WarehousePushStatus.NORMAL


def direction_of(order_type: StockOrderType) -> StockOrderDirection:
    """The direction follows the type: every type's name ends with it."""
    return StockOrderDirection.INBOUND if order_type.value.endswith("_INBOUND") else StockOrderDirection.OUTBOUND


# ---- order numbers (SPEC §5 "Outbound or inbound order number required in searches") ----------------------------

def order_no(text: str, field: str = "orderNo") -> str:
    value = text.strip()
    if not value:
        raise Invalid(field=field, rule="required")
    if len(value) > ORDER_NO_MAX or not _ORDER_NO.match(value):
        raise Invalid(field=field, rule="stock_order_no", max=ORDER_NO_MAX)
    return value


def channel_order_no(text: str, field: str = "channelOrderNo") -> str | None:
    """The channel's number of the order fulfilled: an order number (INV/20261125/MPL/123) up to the ledger's length."""
    value = text.strip()
    if not value:
        return None
    if len(value) > CHANNEL_ORDER_NO_MAX or not _ORDER_NO.match(value):
        raise Invalid(field=field, rule="stock_order_no", max=CHANNEL_ORDER_NO_MAX)
    return value


def search_numbers(text: str | None, field: str = "orderNo") -> list[str]:
    """The order numbers a search names: one or more, separated by spaces, commas or new lines; required."""
    parts = [p for p in re.split(r"[\s,;]+", text or "") if p]
    if not parts:
        raise Invalid(field=field, rule="required")
    if len(parts) > SEARCH_NUMBERS_MAX:
        raise Invalid(field=field, rule="stock_order_no_count", max=SEARCH_NUMBERS_MAX)
    return list(dict.fromkeys(order_no(p, field) for p in parts))


def generated_no(direction: StockOrderDirection, day: str, order_id: int) -> str:
    """A number for an order created without one: IB/OB, the UTC day (yyyymmdd) and the order's id."""
    prefix = "IB" if direction == StockOrderDirection.INBOUND else "OB"
    return f"{prefix}{day}{order_id:07d}"


# ---- statuses ---------------------------------------------------------------------------------------------------

def is_abnormal(order: OrderState) -> bool:
    """An order the warehouse could not take or cancel: push failed, or sync or cancel failed."""
    return order.push_status in ABNORMAL_PUSH or order.working_status in ABNORMAL_WORKING


def is_awaiting_outbound(order: OrderState) -> bool:
    return (order.direction == StockOrderDirection.OUTBOUND and order.status in AWAITING
            and order.working_status != OutboundWorkingStatus.CANCELING)


def is_canceling(order: OrderState) -> bool:
    """A void asked of the warehouse holding the order, not answered yet: the order waits for its reply."""
    return order.working_status == OutboundWorkingStatus.CANCELING


def asks_warehouse_to_cancel(order: OrderState) -> bool:
    """A void of an outbound order its warehouse holds (pushed there and being worked) is asked of the warehouse
    first (working CANCELING); its reply releases the lock or, shipped already, fails it (CANCEL_FAIL). An order
    the warehouse does not hold (never pushed, push failed) is voided at once."""
    return order.direction == StockOrderDirection.OUTBOUND and order.working_status in HELD


def status_after_progress(lines: Sequence[Line], current: WarehouseDocumentStatus) -> WarehouseDocumentStatus:
    """After a receipt or a shipment: all done is COMPLETE, some done PART_COMPLETE, none keeps the status."""
    done = sum(line.done for line in lines)
    if done == 0:
        return current
    return S.COMPLETE if all(line.remaining == 0 for line in lines) else S.PART_COMPLETE


def status_after_release(lines: Sequence[Line]) -> WarehouseDocumentStatus:
    """After a cancel or a void: INVALID when nothing was done, PART_INVALID when part was."""
    return S.PART_INVALID if any(line.done for line in lines) else S.INVALID


def check_action(order: OrderState, action: Action) -> Step:
    """Whether `action` may be taken on the order; a cancel or void of an order already cancelled is a repeat
    (a retry or a double click) that changes nothing. Refusals are 409s naming the order and its status."""
    if action in WORK_ACTIONS:
        return check_work(order, action)
    if action not in ACTIONS_OF[order.direction]:
        raise DomainError("STOCK_ORDER_WRONG_DIRECTION", status=409, orderNo=order.order_no,
                          action=label(action), direction=label(order.direction))
    if action in (Action.CANCEL, Action.VOID):
        if order.status in CANCELLED or is_canceling(order):  # a repeat, or asked of the warehouse already
            return Step.ALREADY_DONE
        if order.status in COMPLETED:
            raise _refused(order, action)
        return Step.APPLY
    if action == Action.DELETE:
        if not is_awaiting_outbound(order):
            raise DomainError("STOCK_ORDER_DELETE_NOT_AWAITING", status=409, orderNo=order.order_no,
                              current=label(order.status))
        return Step.APPLY
    if order.status not in OPEN:
        raise _refused(order, action)
    if is_canceling(order):  # SHIP, RECEIVE: the warehouse is asked to cancel it; its reply comes first
        raise _working_refused(order, action)
    return Step.APPLY


def _working_refused(order: OrderState, action: Action) -> DomainError:
    return DomainError("STOCK_ORDER_WORKING_TRANSITION", status=409, orderNo=order.order_no,
                       action=label(action), current=label(order.working_status or W.CREATE))


def _refused(order: OrderState, action: Action) -> DomainError:
    return DomainError("STOCK_ORDER_ILLEGAL_TRANSITION", status=409, orderNo=order.order_no,
                       action=label(action), current=label(order.status))


def label(value: StrEnum) -> str:
    """A message parameter the reply shows as the value's translated label."""
    return f"enums.{type(value).__name__}.{value.value}"


# ---- the warehouse's side: push and its reply, print, allocate, pick, review, pack, hand over, cancel ----------
# (SPEC §4 push, print and outbound working statuses). Each is an action taken on the server, guarded here.

W = OutboundWorkingStatus
P = WarehousePushStatus
WORK_ACTIONS = frozenset({Action.PUSH, Action.PRINT, Action.PICK, Action.PACK, Action.CONFIRM, Action.ALLOCATE,
                          Action.REVIEW, Action.HANDOVER, Action.CANCEL_DONE, Action.CANCEL_REFUSED})
PUSHABLE = frozenset({P.NORMAL, P.FAIL})  # never pushed, or refused: a push (again) may be tried
PUSHED = frozenset({P.SUCCESS, P.SUCCESS_WITHOUT_AWB, P.RECEIVED, P.RECEIVED_PULL_AWB})
ANSWERED = frozenset({P.SUCCESS, P.SUCCESS_WITHOUT_AWB})  # pushed, the warehouse has not confirmed taking it yet
# the warehouse's confirmation of a push: with an air waybill RECEIVED, without one it pulls it from the courier
CONFIRMED = {P.SUCCESS: P.RECEIVED, P.SUCCESS_WITHOUT_AWB: P.RECEIVED_PULL_AWB}
# the working statuses of an outbound order its warehouse holds: a void of it is asked of the warehouse
HELD = frozenset({W.SYNC_SUCCESS, W.RECEIVED, W.ALLOCATED, W.PICKING_PROCESS, W.SORTING_AND_REVIEWING, W.PACKED,
                  W.WAITING_PICKUP, W.CANCEL_FAIL})
# the warehouse working step each action moves an outbound order to, from the steps it may follow
WORK_STEPS: dict[Action, tuple[frozenset[OutboundWorkingStatus], OutboundWorkingStatus]] = {
    Action.CONFIRM: (frozenset({W.SYNC_SUCCESS}), W.RECEIVED),
    Action.ALLOCATE: (frozenset({W.SYNC_SUCCESS, W.RECEIVED}), W.ALLOCATED),
    Action.PICK: (frozenset({W.SYNC_SUCCESS, W.RECEIVED, W.ALLOCATED}), W.PICKING_PROCESS),  # pushed first
    Action.REVIEW: (frozenset({W.PICKING_PROCESS}), W.SORTING_AND_REVIEWING),
    Action.PACK: (frozenset({W.PICKING_PROCESS, W.SORTING_AND_REVIEWING}), W.PACKED),
    Action.HANDOVER: (frozenset({W.PACKED}), W.WAITING_PICKUP),
    # the warehouse's reply to a void asked of it; a cancelled order leaves the warehouse's work (CREATE again)
    Action.CANCEL_REFUSED: (frozenset({W.CANCELING}), W.CANCEL_FAIL),
    Action.CANCEL_DONE: (frozenset({W.CANCELING}), W.CREATE),
}


@dataclass(frozen=True)
class Pushed:
    """An order after a push to its warehouse: document, push and (outbound) working status."""

    status: WarehouseDocumentStatus
    push_status: WarehousePushStatus
    working_status: OutboundWorkingStatus | None


def check_work(order: OrderState, action: Action) -> Step:
    """Whether an action of the warehouse's side may be taken. Push: an order just created (CREATE) whose push has
    not succeeded; pushed already is a repeat. Confirm (the warehouse took it): a push answered and not confirmed
    yet; confirmed already is a repeat. Print: any outbound order not cancelled (a reprint is allowed). The other
    steps: an open outbound order at a working step the action follows; at its step already is a repeat."""
    if action not in ACTIONS_OF[order.direction]:
        raise DomainError("STOCK_ORDER_WRONG_DIRECTION", status=409, orderNo=order.order_no,
                          action=label(action), direction=label(order.direction))
    if order.status in CANCELLED:
        if action == Action.CANCEL_DONE:  # the warehouse's reply again: cancelled already
            return Step.ALREADY_DONE
        raise _refused(order, action)
    if action == Action.PUSH:
        if order.push_status in PUSHED:
            return Step.ALREADY_DONE
        if order.status != S.CREATE or order.push_status not in PUSHABLE:
            raise _refused(order, action)
        return Step.APPLY
    if action == Action.PRINT:
        return Step.APPLY
    if action == Action.CONFIRM:
        return check_confirm(order)
    allowed, target = WORK_STEPS[action]
    if order.working_status == target and action != Action.CANCEL_DONE:
        return Step.ALREADY_DONE
    if order.status not in OPEN or order.working_status not in allowed:
        raise _working_refused(order, action)
    return Step.APPLY


def check_confirm(order: OrderState) -> Step:
    if order.push_status in CONFIRMED.values():
        return Step.ALREADY_DONE
    outbound = order.direction == StockOrderDirection.OUTBOUND
    if order.push_status not in ANSWERED or order.status not in OPEN or (
            outbound and order.working_status not in WORK_STEPS[Action.CONFIRM][0]):
        raise DomainError("STOCK_ORDER_WORKING_TRANSITION", status=409, orderNo=order.order_no,
                          action=label(Action.CONFIRM), current=label(order.push_status))
    return Step.APPLY


def confirmed(order: OrderState) -> Pushed:
    """The warehouse took the pushed order: push RECEIVED, or RECEIVED_PULL_AWB when it was pushed without an air
    waybill (the warehouse pulls it from the courier); an outbound order is RECEIVED in the warehouse."""
    outbound = order.direction == StockOrderDirection.OUTBOUND
    return Pushed(order.status, CONFIRMED[order.push_status], W.RECEIVED if outbound else None)


def working_after(action: Action) -> OutboundWorkingStatus:
    return WORK_STEPS[action][1]


def push_result(order: OrderState, warehouse_enabled: bool, has_awb: bool) -> Pushed:
    """A push to the order's warehouse: a disabled warehouse refuses it (push FAIL, outbound sync failed: the
    order is abnormal and can be pushed again); otherwise the order waits in the warehouse (PENDING), pushed with
    or without its air waybill (the logistic number) for an outbound order."""
    outbound = order.direction == StockOrderDirection.OUTBOUND
    if not warehouse_enabled:
        return Pushed(order.status, P.FAIL, W.SYNC_FAIL if outbound else None)
    push = P.SUCCESS if has_awb or not outbound else P.SUCCESS_WITHOUT_AWB
    return Pushed(S.PENDING, push, W.SYNC_SUCCESS if outbound else None)


# ---- quantities -------------------------------------------------------------------------------------------------

def check_progress(lines: Sequence[Line], quantities: Sequence[int], field: str = "lines") -> None:
    """A receipt or shipment names, per line, a quantity from 0 up to what remains; at least one above 0."""
    if len(quantities) != len(lines):
        raise Invalid(field=field, rule="stock_order_lines_mismatch")
    problems = Problems()  # every line over what remains, at once
    for index, (line, qty) in enumerate(zip(lines, quantities, strict=True)):
        if qty < 0 or qty > line.remaining:
            problems.add(f"{field}[{index}].quantity", "stock_order_quantity_remaining", remaining=line.remaining)
    if not any(quantities):
        problems.add(field, "stock_order_quantity_none")
    problems.raise_any()


def progressed(lines: Sequence[Line], quantities: Sequence[int]) -> list[Line]:
    return [Line(line.planned, line.done + qty) for line, qty in zip(lines, quantities, strict=True)]


def released(lines: Sequence[Line]) -> list[int]:
    """What a cancel or void releases from each line: what was planned and not done."""
    return [line.remaining for line in lines]


# ---- mass actions (SPEC §4, §8 'reselect') ----------------------------------------------------------------------

class MassAction(StrEnum):
    OUTBOUND = "OUTBOUND"  # ship everything that remains of each selected outbound order
    CANCEL = "CANCEL"  # cancel (inbound) or void (outbound) each selected order


class Ineligible(StrEnum):
    CANCELLED = "CANCELLED"
    COMPLETED = "COMPLETED"
    ABNORMAL = "ABNORMAL"
    CANCELING = "CANCELING"  # a void asked of its warehouse waits for the reply
    INBOUND = "INBOUND"  # mass outbound is for outbound orders


def ineligibility(action: MassAction, order: OrderState) -> Ineligible | None:
    """SPEC §4: "Mass outbound is refused if the selection contains cancelled, completed or abnormal orders;
    mass cancel is refused if it contains cancelled or completed ones." """
    if order.status in CANCELLED:
        return Ineligible.CANCELLED
    if order.status in COMPLETED:
        return Ineligible.COMPLETED
    if is_canceling(order):
        return Ineligible.CANCELING
    if action == MassAction.OUTBOUND:
        if order.direction != StockOrderDirection.OUTBOUND:
            return Ineligible.INBOUND
        if is_abnormal(order):
            return Ineligible.ABNORMAL
    return None


def check_mass(action: MassAction, orders: Iterable[OrderState]) -> None:
    """All or nothing: one ineligible order refuses the whole selection with 'reselect' (SPEC §8), naming
    every ineligible order and why, so the user can take them out and try again."""
    found = [(o.order_no, why) for o in orders if (why := ineligibility(action, o)) is not None]
    if found:
        raise DomainError("STOCK_ORDER_RESELECT", status=409, action=action.value,
                          orders=", ".join(no for no, _ in found),
                          data={"ineligible": [{"orderNo": no, "reason": why.value} for no, why in found]})


def mass_step(action: MassAction, order: OrderState) -> Action:
    """The single action a mass action takes on one (eligible) order."""
    if action == MassAction.OUTBOUND:
        return Action.SHIP
    return Action.CANCEL if order.direction == StockOrderDirection.INBOUND else Action.VOID


# ---- idempotency keys of the stock movements ---------------------------------------------------------------------

def open_key(order_id: int, line_id: int) -> str:
    """The movement that puts an order's line in transit (inbound) or locks it (outbound): once per line."""
    return f"stock-order:{order_id}:open:{line_id}"


def progress_key(order_id: int, revision: int, line_id: int) -> str:
    """A receipt or shipment taken on the order as it stood at `revision`: a retry of the same request
    (same revision) books nothing more."""
    return f"stock-order:{order_id}:r{revision}:{line_id}"


def release_key(order_id: int, line_id: int) -> str:
    """The release of a line's remaining transit or lock happens once in the order's life, whichever of
    cancel, void, delete or a mass cancel asks for it, and however often."""
    return f"stock-order:{order_id}:release:{line_id}"
