"""Inbound and outbound order rules, against SPEC §4 and §5 (domain/rules/stock_orders.py).

The grid holds every action of each direction against every document status (SPEC §4 "Warehouse document
status: CREATE, PENDING, COMPLETE, INVALID, PART_COMPLETE, PART_INVALID"): `ok` allowed, `==` a repeat that
changes nothing, `-` refused. Pick and pack need a pushed order (their grid below, by working status).
"""

import pytest

from domain.enums import (
    OutboundWorkingStatus,
    StockOrderDirection,
    StockOrderType,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.errors import DomainError, Invalid
from domain.rules import stock_orders as rules
from domain.rules.stock_orders import Action, Ineligible, Line, MassAction, OrderState, Step

IN, OUT = StockOrderDirection.INBOUND, StockOrderDirection.OUTBOUND
S = WarehouseDocumentStatus
P, W = WarehousePushStatus, OutboundWorkingStatus

GRID = """
direction action   CREATE PENDING PART_COMPLETE COMPLETE INVALID PART_INVALID
INBOUND   RECEIVE  ok     ok      ok            -        -       -
INBOUND   CANCEL   ok     ok      ok            -        ==      ==
INBOUND   SHIP     -      -       -             -        -       -
INBOUND   VOID     -      -       -             -        -       -
INBOUND   DELETE   -      -       -             -        -       -
OUTBOUND  SHIP     ok     ok      ok            -        -       -
OUTBOUND  VOID     ok     ok      ok            -        ==      ==
OUTBOUND  DELETE   ok     ok      -             -        -       -
OUTBOUND  RECEIVE  -      -       -             -        -       -
OUTBOUND  CANCEL   -      -       -             -        -       -
INBOUND   CREATE   -      -       -             -        -       -
OUTBOUND  CREATE   -      -       -             -        -       -
INBOUND   PUSH     ok     -       -             -        -       -
OUTBOUND  PUSH     ok     -       -             -        -       -
INBOUND   PRINT    -      -       -             -        -       -
OUTBOUND  PRINT    ok     ok      ok            ok       -       -
INBOUND   PICK     -      -       -             -        -       -
OUTBOUND  PICK     -      -       -             -        -       -
INBOUND   PACK     -      -       -             -        -       -
OUTBOUND  PACK     -      -       -             -        -       -
INBOUND   CONFIRM        -      -      -      -      -      -
INBOUND   ALLOCATE       -      -      -      -      -      -
INBOUND   REVIEW         -      -      -      -      -      -
INBOUND   HANDOVER       -      -      -      -      -      -
INBOUND   CANCEL_DONE    -      -      -      -      -      -
INBOUND   CANCEL_REFUSED -      -      -      -      -      -
OUTBOUND  CONFIRM        -      -      -      -      -      -
OUTBOUND  ALLOCATE       -      -      -      -      -      -
OUTBOUND  REVIEW         -      -      -      -      -      -
OUTBOUND  HANDOVER       -      -      -      -      -      -
OUTBOUND  CANCEL_DONE    -      -      -      -      ==      ==
OUTBOUND  CANCEL_REFUSED -      -      -      -      -      -
"""


def grid() -> list[tuple[StockOrderDirection, Action, WarehouseDocumentStatus, str]]:
    header, *rows = [line.split() for line in GRID.strip().splitlines()]
    states = [S(h) for h in header[2:]]
    return [(StockOrderDirection(d), Action(a), state, cell)
            for d, a, *cells in rows for state, cell in zip(states, cells, strict=True)]


CASES = grid()


def order(direction=OUT, status=S.CREATE, working=None, push=WarehousePushStatus.NORMAL, no="OB-1") -> OrderState:
    return OrderState(no, direction, status, working, push)


def test_the_grid_covers_every_action_of_both_directions_in_every_status():
    assert len(CASES) == 2 * len(Action) * len(S)


@pytest.mark.parametrize(("direction", "action", "status", "cell"), CASES)
def test_action_in_status(direction, action, status, cell):
    state = order(direction, status)
    if cell == "-":
        with pytest.raises(DomainError) as refused:
            rules.check_action(state, action)
        assert refused.value.status == 409
        assert refused.value.params["orderNo"] == "OB-1"
    else:
        assert rules.check_action(state, action) == (Step.APPLY if cell == "ok" else Step.ALREADY_DONE)


def test_only_outbound_orders_awaiting_outbound_can_be_deleted():
    """SPEC §4: "Only outbound orders awaiting outbound can be deleted." """
    with pytest.raises(DomainError) as refused:
        rules.check_action(order(OUT, S.PART_COMPLETE), Action.DELETE)
    assert refused.value.code == "STOCK_ORDER_DELETE_NOT_AWAITING"
    with pytest.raises(DomainError) as wrong:
        rules.check_action(order(IN, S.CREATE), Action.DELETE)
    assert wrong.value.code == "STOCK_ORDER_WRONG_DIRECTION"


# ---- partial receipt and shipment: PART_COMPLETE, PART_INVALID ---------------------------------------------

PROGRESS = [
    # lines (planned, done) before, quantities, status after
    ([(10, 0)], [4], S.PART_COMPLETE),
    ([(10, 4)], [6], S.COMPLETE),
    ([(10, 0), (5, 0)], [10, 0], S.PART_COMPLETE),
    ([(10, 0), (5, 0)], [10, 5], S.COMPLETE),
    ([(10, 10), (5, 2)], [0, 3], S.COMPLETE),
]


@pytest.mark.parametrize(("before", "quantities", "after"), PROGRESS)
def test_a_receipt_or_shipment_completes_the_order_only_when_every_line_is_done(before, quantities, after):
    lines = [Line(p, d) for p, d in before]
    rules.check_progress(lines, quantities)
    assert rules.status_after_progress(rules.progressed(lines, quantities), S.PENDING) == after


@pytest.mark.parametrize(("before", "quantities", "field", "rule"), [
    ([(10, 4)], [7], "lines[0].quantity", "stock_order_quantity_remaining"),
    ([(10, 0)], [-1], "lines[0].quantity", "stock_order_quantity_remaining"),
    ([(10, 0), (5, 0)], [0, 0], "lines", "stock_order_quantity_none"),
    ([(10, 0), (5, 0)], [1], "lines", "stock_order_lines_mismatch"),
])
def test_a_receipt_or_shipment_beyond_what_remains_is_refused_naming_the_line(before, quantities, field, rule):
    with pytest.raises(Invalid) as refused:
        rules.check_progress([Line(p, d) for p, d in before], quantities)
    assert (refused.value.field, refused.value.params["rule"]) == (field, rule)


@pytest.mark.parametrize(("before", "releases", "after"), [
    ([(10, 0)], [10], S.INVALID),
    ([(10, 4)], [6], S.PART_INVALID),
    ([(10, 0), (5, 5)], [10, 0], S.PART_INVALID),
])
def test_cancel_or_void_releases_what_remains_and_marks_partly_done_orders_part_invalid(before, releases, after):
    """SPEC §4: "Cancelling an inbound order releases the SKU's in-transit stock. Voiding an outbound order
    releases the SKU's locked stock and raises available stock." What was already received or shipped stays."""
    lines = [Line(p, d) for p, d in before]
    assert rules.released(lines) == releases
    assert rules.status_after_release(lines) == after


def test_a_repeated_cancel_or_void_changes_nothing_and_the_release_key_is_the_same():
    """The release of a line happens once in an order's life, whichever call asks for it."""
    assert rules.check_action(order(OUT, S.INVALID), Action.VOID) == Step.ALREADY_DONE
    assert rules.check_action(order(IN, S.PART_INVALID), Action.CANCEL) == Step.ALREADY_DONE
    assert rules.release_key(7, 3) == rules.release_key(7, 3) != rules.release_key(7, 4)
    assert rules.progress_key(7, 2, 3) != rules.progress_key(7, 3, 3)
    assert len({rules.open_key(7, 3), rules.progress_key(7, 0, 3), rules.release_key(7, 3)}) == 3


# ---- mass actions (SPEC §4, §8) --------------------------------------------------------------------------------

MASS = [
    # action, direction, status, working status, push status, ineligible because
    (MassAction.OUTBOUND, OUT, S.CREATE, None, P.NORMAL, None),
    (MassAction.OUTBOUND, OUT, S.PART_COMPLETE, W.PACKED, P.SUCCESS, None),
    (MassAction.OUTBOUND, OUT, S.INVALID, None, P.NORMAL, Ineligible.CANCELLED),
    (MassAction.OUTBOUND, OUT, S.PART_INVALID, None, P.NORMAL, Ineligible.CANCELLED),
    (MassAction.OUTBOUND, OUT, S.COMPLETE, None, P.NORMAL, Ineligible.COMPLETED),
    (MassAction.OUTBOUND, OUT, S.PENDING, None, P.FAIL, Ineligible.ABNORMAL),
    (MassAction.OUTBOUND, OUT, S.PENDING, W.SYNC_FAIL, P.NORMAL, Ineligible.ABNORMAL),
    (MassAction.OUTBOUND, OUT, S.PENDING, W.CANCEL_FAIL, P.NORMAL, Ineligible.ABNORMAL),
    (MassAction.OUTBOUND, IN, S.PENDING, None, P.NORMAL, Ineligible.INBOUND),
    (MassAction.CANCEL, OUT, S.PENDING, W.SYNC_FAIL, P.FAIL, None),
    (MassAction.CANCEL, IN, S.PART_COMPLETE, None, P.NORMAL, None),
    (MassAction.CANCEL, IN, S.INVALID, None, P.NORMAL, Ineligible.CANCELLED),
    (MassAction.CANCEL, OUT, S.PART_INVALID, None, P.NORMAL, Ineligible.CANCELLED),
    (MassAction.CANCEL, OUT, S.COMPLETE, None, P.NORMAL, Ineligible.COMPLETED),
]


@pytest.mark.parametrize(("action", "direction", "status", "working", "push", "why"), MASS)
def test_mass_eligibility(action, direction, status, working, push, why):
    """SPEC §4: "Mass outbound is refused if the selection contains cancelled, completed or abnormal orders;
    mass cancel is refused if it contains cancelled or completed ones." """
    assert rules.ineligibility(action, order(direction, status, working, push)) == why


def test_a_mass_action_with_ineligible_orders_asks_to_reselect_naming_every_one():
    """SPEC §8: "Mass outbound or mass cancel with ineligible orders: reselect." """
    selection = [order(no="OB-1"), order(status=S.COMPLETE, no="OB-2"), order(status=S.INVALID, no="OB-3"),
                 order(push=WarehousePushStatus.FAIL, no="OB-4")]
    with pytest.raises(DomainError) as refused:
        rules.check_mass(MassAction.OUTBOUND, selection)
    assert refused.value.code == "STOCK_ORDER_RESELECT" and refused.value.status == 409
    assert refused.value.params["orders"] == "OB-2, OB-3, OB-4"
    assert refused.value.data == {"ineligible": [
        {"orderNo": "OB-2", "reason": "COMPLETED"}, {"orderNo": "OB-3", "reason": "CANCELLED"},
        {"orderNo": "OB-4", "reason": "ABNORMAL"}]}
    rules.check_mass(MassAction.CANCEL, [selection[0], selection[3]])  # abnormal orders may be cancelled


def test_a_mass_action_takes_each_orders_own_action():
    assert rules.mass_step(MassAction.OUTBOUND, order(OUT)) == Action.SHIP
    assert rules.mass_step(MassAction.CANCEL, order(OUT)) == Action.VOID
    assert rules.mass_step(MassAction.CANCEL, order(IN)) == Action.CANCEL


# ---- order numbers (SPEC §5) -----------------------------------------------------------------------------------

def test_an_order_number_is_required_in_searches():
    """SPEC §5: "Outbound or inbound order number required in searches." """
    for empty in (None, "", "  ", " , ;\n"):
        with pytest.raises(Invalid) as refused:
            rules.search_numbers(empty)
        assert (refused.value.field, refused.value.params["rule"]) == ("orderNo", "required")


def test_a_search_may_name_several_order_numbers():
    assert rules.search_numbers(" OB-1, IB-2\nOB-1 ;IB/3 ") == ["OB-1", "IB-2", "IB/3"]
    with pytest.raises(Invalid) as refused:
        rules.search_numbers(" ".join(f"OB-{i}" for i in range(rules.SEARCH_NUMBERS_MAX + 1)))
    assert refused.value.params["rule"] == "stock_order_no_count"
    with pytest.raises(Invalid) as bad:
        rules.search_numbers("OB-1 <script>")
    assert bad.value.params["rule"] == "stock_order_no"


def test_an_order_created_without_a_number_gets_one_by_direction_day_and_id():
    assert rules.generated_no(IN, "20261125", 42) == "IB202611250000042"
    assert rules.generated_no(OUT, "20261125", 42) == "OB202611250000042"


def test_the_direction_follows_the_order_type():
    inbound = {t for t in StockOrderType if rules.direction_of(t) == IN}
    assert inbound == {StockOrderType.PURCHASE_INBOUND, StockOrderType.RETURN_INBOUND, StockOrderType.TRANSFER_INBOUND}
    assert all(rules.direction_of(t) == OUT for t in set(StockOrderType) - inbound)


# ---- the warehouse's side: push, print, pick, pack (SPEC §4 push, print and outbound working statuses) -----------

def _order(direction: StockOrderDirection = OUT, status: WarehouseDocumentStatus = S.CREATE,
           working: OutboundWorkingStatus | None = W.CREATE, push: WarehousePushStatus = P.NORMAL) -> OrderState:
    return OrderState("OB-9", direction, status, working if direction == OUT else None, push)


@pytest.mark.parametrize(("push", "step"), [(P.NORMAL, Step.APPLY), (P.FAIL, Step.APPLY),
                                            (P.SUCCESS, Step.ALREADY_DONE),
                                            (P.SUCCESS_WITHOUT_AWB, Step.ALREADY_DONE)])
def test_a_push_is_tried_while_it_has_not_succeeded_and_a_repeat_changes_nothing(push, step):
    assert rules.check_work(_order(push=push), Action.PUSH) == step
    assert rules.check_work(_order(IN, push=push), Action.PUSH) == step


@pytest.mark.parametrize("status", [S.PENDING, S.PART_COMPLETE, S.COMPLETE, S.INVALID, S.PART_INVALID])
def test_only_an_order_just_created_is_pushed(status):
    with pytest.raises(DomainError) as refused:
        rules.check_work(_order(status=status), Action.PUSH)
    assert refused.value.code == "STOCK_ORDER_ILLEGAL_TRANSITION"


def test_a_push_to_an_enabled_warehouse_leaves_the_order_pending_there():
    assert rules.push_result(_order(), warehouse_enabled=True, has_awb=True) == rules.Pushed(
        S.PENDING, P.SUCCESS, W.SYNC_SUCCESS)
    assert rules.push_result(_order(), warehouse_enabled=True, has_awb=False) == rules.Pushed(
        S.PENDING, P.SUCCESS_WITHOUT_AWB, W.SYNC_SUCCESS)
    assert rules.push_result(_order(IN), warehouse_enabled=True, has_awb=False) == rules.Pushed(
        S.PENDING, P.SUCCESS, None)


def test_a_push_a_disabled_warehouse_refuses_fails_and_makes_the_order_abnormal():
    failed = rules.push_result(_order(), warehouse_enabled=False, has_awb=True)
    assert failed == rules.Pushed(S.CREATE, P.FAIL, W.SYNC_FAIL)
    after = _order(push=failed.push_status, working=failed.working_status)
    assert rules.is_abnormal(after)
    assert rules.check_work(after, Action.PUSH) == Step.APPLY  # pushed again later
    assert rules.push_result(_order(IN), warehouse_enabled=False, has_awb=False) == rules.Pushed(
        S.CREATE, P.FAIL, None)


@pytest.mark.parametrize("status", [S.CREATE, S.PENDING, S.PART_COMPLETE, S.COMPLETE])
def test_a_picking_list_is_printed_and_reprinted_unless_the_order_is_cancelled(status):
    assert rules.check_work(_order(status=status), Action.PRINT) == Step.APPLY
    for cancelled in (S.INVALID, S.PART_INVALID):
        with pytest.raises(DomainError):
            rules.check_work(_order(status=cancelled), Action.PRINT)
    with pytest.raises(DomainError) as wrong:
        rules.check_work(_order(IN), Action.PRINT)
    assert wrong.value.code == "STOCK_ORDER_WRONG_DIRECTION"


WORK_GRID = [  # working status before, action, step (or the refusal)
    (W.SYNC_SUCCESS, Action.PICK, Step.APPLY), (W.RECEIVED, Action.PICK, Step.APPLY),
    (W.ALLOCATED, Action.PICK, Step.APPLY), (W.PICKING_PROCESS, Action.PICK, Step.ALREADY_DONE),
    (W.CREATE, Action.PICK, None), (W.SYNC_FAIL, Action.PICK, None), (W.PACKED, Action.PICK, None),
    (W.PICKING_PROCESS, Action.PACK, Step.APPLY), (W.SORTING_AND_REVIEWING, Action.PACK, Step.APPLY),
    (W.PACKED, Action.PACK, Step.ALREADY_DONE), (W.SYNC_SUCCESS, Action.PACK, None),
    (W.OUTBOUND_DONE, Action.PACK, None),
    (W.SYNC_SUCCESS, Action.ALLOCATE, Step.APPLY), (W.RECEIVED, Action.ALLOCATE, Step.APPLY),
    (W.ALLOCATED, Action.ALLOCATE, Step.ALREADY_DONE), (W.PICKING_PROCESS, Action.ALLOCATE, None),
    (W.PICKING_PROCESS, Action.REVIEW, Step.APPLY), (W.SORTING_AND_REVIEWING, Action.REVIEW, Step.ALREADY_DONE),
    (W.ALLOCATED, Action.REVIEW, None), (W.PACKED, Action.HANDOVER, Step.APPLY),
    (W.WAITING_PICKUP, Action.HANDOVER, Step.ALREADY_DONE), (W.PICKING_PROCESS, Action.HANDOVER, None),
    (W.CANCELING, Action.CANCEL_REFUSED, Step.APPLY), (W.CANCEL_FAIL, Action.CANCEL_REFUSED, Step.ALREADY_DONE),
    (W.CANCELING, Action.CANCEL_DONE, Step.APPLY), (W.PACKED, Action.CANCEL_DONE, None),
    (W.CANCELING, Action.PICK, None), (W.CANCELING, Action.PACK, None),
]


@pytest.mark.parametrize(("working", "action", "step"), WORK_GRID)
def test_the_working_status_follows_pick_then_pack(working, action, step):
    order = _order(status=S.PENDING, working=working)
    if step is None:
        with pytest.raises(DomainError) as refused:
            rules.check_work(order, action)
        assert refused.value.code == "STOCK_ORDER_WORKING_TRANSITION"
    else:
        assert rules.check_work(order, action) == step
    assert rules.working_after(Action.PICK) == W.PICKING_PROCESS
    assert rules.working_after(Action.PACK) == W.PACKED
    assert rules.working_after(Action.ALLOCATE) == W.ALLOCATED
    assert rules.working_after(Action.REVIEW) == W.SORTING_AND_REVIEWING
    assert rules.working_after(Action.HANDOVER) == W.WAITING_PICKUP
    assert rules.working_after(Action.CANCEL_REFUSED) == W.CANCEL_FAIL


@pytest.mark.parametrize(("direction", "push", "working", "after"), [
    (OUT, P.SUCCESS, W.SYNC_SUCCESS, rules.Pushed(S.PENDING, P.RECEIVED, W.RECEIVED)),
    (OUT, P.SUCCESS_WITHOUT_AWB, W.SYNC_SUCCESS, rules.Pushed(S.PENDING, P.RECEIVED_PULL_AWB, W.RECEIVED)),
    (IN, P.SUCCESS, None, rules.Pushed(S.PENDING, P.RECEIVED, None)),
])
def test_the_warehouse_confirms_a_push_it_took(direction, push, working, after):
    """SPEC §4 push status RECEIVED, or RECEIVED_PULL_AWB when the order went without its air waybill."""
    state = _order(direction, S.PENDING, working, push)
    assert rules.check_work(state, Action.CONFIRM) == Step.APPLY
    assert rules.confirmed(state) == after
    again = _order(direction, S.PENDING, after.working_status, after.push_status)
    assert rules.check_work(again, Action.CONFIRM) == Step.ALREADY_DONE


@pytest.mark.parametrize(("push", "working"), [(P.NORMAL, W.CREATE), (P.FAIL, W.SYNC_FAIL),
                                               (P.SUCCESS, W.PICKING_PROCESS)])
def test_a_push_not_answered_or_worked_on_already_is_not_confirmed(push, working):
    with pytest.raises(DomainError) as refused:
        rules.check_work(_order(status=S.PENDING, working=working, push=push), Action.CONFIRM)
    assert refused.value.code == "STOCK_ORDER_WORKING_TRANSITION"


@pytest.mark.parametrize(("working", "asks"), [
    (W.CREATE, False), (W.SYNC_FAIL, False), (W.SYNC_SUCCESS, True), (W.RECEIVED, True), (W.ALLOCATED, True),
    (W.PICKING_PROCESS, True), (W.SORTING_AND_REVIEWING, True), (W.PACKED, True), (W.WAITING_PICKUP, True),
    (W.CANCEL_FAIL, True)])
def test_a_void_of_an_order_its_warehouse_holds_is_asked_of_the_warehouse(working, asks):
    assert rules.asks_warehouse_to_cancel(_order(status=S.PENDING, working=working)) == asks


def test_an_order_waiting_for_the_warehouses_cancel_reply_is_not_shipped_nor_voided_again():
    canceling = _order(status=S.PENDING, working=W.CANCELING)
    assert rules.check_action(canceling, Action.VOID) == Step.ALREADY_DONE
    with pytest.raises(DomainError) as refused:
        rules.check_action(canceling, Action.SHIP)
    assert refused.value.code == "STOCK_ORDER_WORKING_TRANSITION"
    with pytest.raises(DomainError):
        rules.check_action(canceling, Action.DELETE)
    for action in MassAction:
        assert rules.ineligibility(action, canceling) == Ineligible.CANCELING
    failed = _order(status=S.PENDING, working=W.CANCEL_FAIL)  # shipped by the warehouse: shipped here too
    assert rules.check_action(failed, Action.SHIP) == Step.APPLY
    assert rules.is_abnormal(failed)


def test_a_completed_order_is_not_picked_and_inbound_orders_are_not_worked():
    with pytest.raises(DomainError):
        rules.check_work(_order(status=S.COMPLETE, working=W.SYNC_SUCCESS), Action.PICK)
    with pytest.raises(DomainError) as wrong:
        rules.check_work(_order(IN, status=S.PENDING), Action.PICK)
    assert wrong.value.code == "STOCK_ORDER_WRONG_DIRECTION"
