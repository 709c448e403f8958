"""The stock movement rules (domain/rules/stock.py), one case a SPEC line."""

from __future__ import annotations

import pytest

from domain.enums import StockBucket as B
from domain.enums import StockMovementType as M
from domain.errors import Invalid
from domain.rules import stock as rules


def move(type_: M, quantity: int = 3, **fields: object) -> rules.Movement:
    return rules.Movement(1, "SKU-1", type_, quantity, "key-1", **fields)  # type: ignore[arg-type]


# (movement type, change of each stored bucket for 3 units, buckets that must hold 3 first, SPEC line)
CASES = [
    (M.MANUAL_INBOUND, {B.ON_HAND: 3}, (), "§3 movement type manual_inbound"),
    (M.TRANSFER_INBOUND, {B.ON_HAND: 3}, (), "§3 movement type transfer_inbound"),
    (M.RECEIVE_INBOUND, {B.ON_HAND: 3, B.TRANSIT: -3}, (B.TRANSIT,), "§3 receive_inbound: transit arrives"),
    (M.MANUAL_OUTBOUND, {B.ON_HAND: -3}, (B.ON_HAND, B.AVAILABLE), "§3 manual_outbound takes free stock"),
    (M.TRANSFER_OUTBOUND, {B.ON_HAND: -3}, (B.ON_HAND, B.AVAILABLE), "§3 transfer_outbound"),
    (M.DEFECTIVE_GOOD, {B.ON_HAND: -3}, (B.ON_HAND, B.AVAILABLE), "§3 defective_good leaves sellable stock"),
    (M.PACKAGE_OUTBOUND, {B.ON_HAND: -3, B.LOCKED: -3}, (B.ON_HAND, B.LOCKED),
     "§3 package_outbound ships locked stock, available unchanged"),
    (M.MOVE_SHELF, {}, (), "§3 move_shelf changes no balance"),
    (M.PLAN_INBOUND, {B.TRANSIT: 3}, (), "§3 transit stock of an inbound order"),
    (M.CANCEL_INBOUND, {B.TRANSIT: -3}, (B.TRANSIT,), "§4 cancelling an inbound order releases in-transit stock"),
    (M.LOCK_OUTBOUND, {B.LOCKED: 3}, (B.AVAILABLE,), "§3 locked stock: an outbound order reserves available"),
    (M.RELEASE_OUTBOUND, {B.LOCKED: -3}, (B.LOCKED,),
     "§4 voiding an outbound order releases locked stock and raises available"),
    (M.RESERVE_PROMOTION, {B.PROMOTION: 3}, (B.AVAILABLE,), "§4 promotion stock comes out of available"),
    (M.RELEASE_PROMOTION, {B.PROMOTION: -3}, (B.PROMOTION,), "§4 promotion stock released"),
    (M.RESERVE_SPARE, {B.SPARE: 3}, (B.AVAILABLE,), "§3 spare stock"),
    (M.RELEASE_SPARE, {B.SPARE: -3}, (B.SPARE,), "§3 spare stock released"),
]


def test_every_movement_type_has_a_case() -> None:
    assert {case[0] for case in CASES} == set(M) == set(rules.EFFECTS)


@pytest.mark.parametrize(("type_", "changes", "guards", "spec"), CASES, ids=[c[0].value for c in CASES])
def test_buckets_each_movement_changes(type_: M, changes: dict[B, int], guards: tuple[B, ...], spec: str) -> None:
    m = move(type_)
    assert m.changes() == {b: changes.get(b, 0) for b in rules.STORED}, spec
    assert rules.guards(m.effect) == guards, spec


def test_available_is_on_hand_less_reservations() -> None:
    """SPEC §4: voiding an outbound order raises available stock; shipping a locked package leaves it alone."""
    assert rules.available_delta(rules.EFFECTS[M.RELEASE_OUTBOUND]) == 1
    assert rules.available_delta(rules.EFFECTS[M.PACKAGE_OUTBOUND]) == 0
    assert rules.available_delta(rules.EFFECTS[M.PLAN_INBOUND]) == 0  # transit is not available yet


@pytest.mark.parametrize(("quantity", "ok"), [(1, True), (rules.MAX_QUANTITY, True), (0, False), (-2, False),
                                              (rules.MAX_QUANTITY + 1, False), (True, False)])
def test_quantity_is_a_positive_whole_number(quantity: int, ok: bool) -> None:
    if ok:
        assert rules.check(move(M.MANUAL_INBOUND, quantity)).quantity == quantity
    else:
        with pytest.raises(Invalid) as refused:
            rules.check(move(M.MANUAL_INBOUND, quantity))
        assert refused.value.field == "quantity"


@pytest.mark.parametrize(("type_", "fields", "field", "rule"), [
    (M.MOVE_SHELF, {"to_shelf_id": 2}, "shelfId", "required"),
    (M.MOVE_SHELF, {"shelf_id": 2}, "toShelfId", "required"),
    (M.MOVE_SHELF, {"shelf_id": 2, "to_shelf_id": 2}, "toShelfId", "stock_same_shelf"),
    (M.MANUAL_INBOUND, {"shelf_id": 2, "to_shelf_id": 3}, "toShelfId", "stock_only_move_shelf"),
    (M.LOCK_OUTBOUND, {"shelf_id": 2}, "shelfId", "stock_not_on_shelf"),
    (M.MANUAL_INBOUND, {"reason": "x" * 201}, "reason", "max_length"),
    (M.MANUAL_INBOUND, {"document_no": "x" * 65}, "documentNo", "max_length"),
])
def test_malformed_movements_are_refused_naming_the_field(type_: M, fields: dict[str, object], field: str,
                                                          rule: str) -> None:
    with pytest.raises(Invalid) as refused:
        rules.check(move(type_, **fields))
    assert (refused.value.field, refused.value.params["rule"]) == (field, rule)


def test_blank_sku_and_key_are_refused_and_text_is_trimmed() -> None:
    with pytest.raises(Invalid) as refused:
        rules.check(rules.Movement(1, "  ", M.MANUAL_INBOUND, 1, "k"))
    assert refused.value.field == "sku"
    with pytest.raises(Invalid) as refused:
        rules.check(rules.Movement(1, "A", M.MANUAL_INBOUND, 1, " "))
    assert refused.value.field == "idempotencyKey"
    assert rules.check(rules.Movement(1, " A ", M.MANUAL_INBOUND, 1, " k ")).sku == "A"


def test_a_repeated_key_must_ask_for_the_same_movement() -> None:
    first = move(M.MANUAL_INBOUND)
    assert rules.same_movement(first, move(M.MANUAL_INBOUND, reason="retry"))
    assert not rules.same_movement(first, move(M.MANUAL_INBOUND, 4))
    assert not rules.same_movement(first, move(M.MANUAL_OUTBOUND))
