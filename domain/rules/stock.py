"""Stock movements as pure rules: which buckets a movement type changes, which it must find sufficient first,
and what a movement must carry. No database here; services/stock/store.py turns a checked movement into SQL.

SPEC §3: stock levels are warehouse (on hand), spare, locked, promotion, available and transit; available is
derived (on hand - spare - locked - promotion) and never stored. SPEC §4: cancelling an inbound order releases
the SKU's in-transit stock; voiding an outbound order releases its locked stock and raises available stock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from domain.enums import StockBucket as B
from domain.enums import StockMovementType as M
from domain.rules.inputs import Problems

# The stored buckets, in the order of the balance columns; AVAILABLE is derived from the first four.
STORED: Final = (B.ON_HAND, B.SPARE, B.LOCKED, B.PROMOTION, B.TRANSIT)
# What available is made of: +1 on hand, -1 for every reservation.
AVAILABLE_OF: Final = MappingProxyType({B.ON_HAND: 1, B.SPARE: -1, B.LOCKED: -1, B.PROMOTION: -1})

MAX_QUANTITY: Final = 1_000_000  # one movement; larger counts are a typing slip, not a delivery
MAX_TEXT: Final = {"sku": 100, "reason": 200, "document_no": 64, "idempotency_key": 200, "actor_name": 100}


@dataclass(frozen=True)
class Effect:
    """How one unit of a movement changes the stored buckets, and whether it takes or puts on a shelf."""

    deltas: MappingProxyType[B, int]
    moves_shelves: bool = False  # move_shelf: from one shelf to another, balances unchanged

    @property
    def on_shelf(self) -> bool:
        """Only stock physically on hand sits on a shelf: a movement changing on hand may name one."""
        return B.ON_HAND in self.deltas or self.moves_shelves


def _effect(moves_shelves: bool = False, **deltas: int) -> Effect:
    return Effect(MappingProxyType({B(name): d for name, d in deltas.items()}), moves_shelves)


EFFECTS: Final[MappingProxyType[M, Effect]] = MappingProxyType({
    # SPEC §3 movement types
    M.PACKAGE_OUTBOUND: _effect(on_hand=-1, locked=-1),   # an order's package leaves: its locked stock goes
    M.MANUAL_OUTBOUND: _effect(on_hand=-1),
    M.RECEIVE_INBOUND: _effect(transit=-1, on_hand=+1),   # an inbound order's stock arrives
    M.MANUAL_INBOUND: _effect(on_hand=+1),
    M.TRANSFER_INBOUND: _effect(on_hand=+1),
    M.TRANSFER_OUTBOUND: _effect(on_hand=-1),
    M.MOVE_SHELF: _effect(moves_shelves=True),
    M.DEFECTIVE_GOOD: _effect(on_hand=-1),                # a defective good leaves sellable stock
    # SPEC §4 order steps on reserved and in-transit stock
    M.PLAN_INBOUND: _effect(transit=+1),                  # an inbound order is created
    M.CANCEL_INBOUND: _effect(transit=-1),                # ... cancelled: its in-transit stock is released
    M.LOCK_OUTBOUND: _effect(locked=+1),                  # an outbound order is created
    M.RELEASE_OUTBOUND: _effect(locked=-1),               # ... voided: locked released, available raised
    M.RESERVE_PROMOTION: _effect(promotion=+1),
    M.RELEASE_PROMOTION: _effect(promotion=-1),
    M.RESERVE_SPARE: _effect(spare=+1),
    M.RELEASE_SPARE: _effect(spare=-1),
})


# The steps of an inbound or outbound order: made by the order's own routes (docs/stock-orders.md), each once, in
# the order's state; never sent by hand, where releasing an order's lock would leave its shipment short.
ORDER_STEPS: Final = frozenset({M.PLAN_INBOUND, M.RECEIVE_INBOUND, M.CANCEL_INBOUND, M.LOCK_OUTBOUND,
                                M.RELEASE_OUTBOUND, M.PACKAGE_OUTBOUND})
BY_HAND: Final = tuple(m for m in M if m not in ORDER_STEPS)


def available_delta(effect: Effect) -> int:
    return sum(AVAILABLE_OF.get(bucket, 0) * d for bucket, d in effect.deltas.items())


def guards(effect: Effect) -> tuple[B, ...]:
    """The buckets that must hold at least the quantity before the movement: every bucket it lowers, and
    available when it lowers available (a lock or a reservation takes from what is free to sell)."""
    lowered = tuple(b for b in STORED if effect.deltas.get(b, 0) < 0)
    return lowered + ((B.AVAILABLE,) if available_delta(effect) < 0 else ())


@dataclass(frozen=True)
class Movement:
    """One stock movement of `quantity` units of `sku` in a warehouse. `idempotency_key` makes it happen once:
    a repeat with the same key moves nothing and answers with the first one's change record."""

    warehouse_id: int
    sku: str
    type: M
    quantity: int
    idempotency_key: str
    shelf_id: int | None = None
    to_shelf_id: int | None = None  # move_shelf only
    reason: str | None = None
    document_no: str | None = None
    actor_id: int | None = None
    actor_name: str | None = None

    @property
    def effect(self) -> Effect:
        return EFFECTS[self.type]

    def changes(self) -> dict[B, int]:
        """The signed change of every stored bucket (0 where the type leaves it alone)."""
        return {b: self.effect.deltas.get(b, 0) * self.quantity for b in STORED}


def check(movement: Movement) -> Movement:
    """Refuse a malformed movement before any SQL, naming every field and its rule; returns it with text trimmed."""
    problems = Problems()
    if not isinstance(movement.quantity, int) or isinstance(movement.quantity, bool) \
            or not 1 <= movement.quantity <= MAX_QUANTITY:
        problems.add("quantity", "stock_quantity_range", max=MAX_QUANTITY)
    sku, key = movement.sku.strip(), movement.idempotency_key.strip()
    if not sku:
        problems.add("sku", "required")
    if not key:
        problems.add("idempotencyKey", "required")
    for field, value in (("sku", sku), ("reason", movement.reason), ("document_no", movement.document_no),
                         ("idempotency_key", key), ("actor_name", movement.actor_name)):
        if value is not None and len(value) > MAX_TEXT[field]:
            problems.add(_camel(field), "max_length", max_length=MAX_TEXT[field])
    effect = movement.effect
    if effect.moves_shelves:
        if movement.shelf_id is None:
            problems.add("shelfId", "required")
        if movement.to_shelf_id is None:
            problems.add("toShelfId", "required")
        elif movement.to_shelf_id == movement.shelf_id:
            problems.add("toShelfId", "stock_same_shelf")
    elif movement.to_shelf_id is not None:
        problems.add("toShelfId", "stock_only_move_shelf")
    if movement.shelf_id is not None and not effect.on_shelf:
        problems.add("shelfId", "stock_not_on_shelf", type=f"enums.StockMovementType.{movement.type.value}")
    problems.raise_any()
    return replace(movement, sku=sku, idempotency_key=key)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def same_movement(first: Movement, again: Movement) -> bool:
    """Whether a repeated idempotency key asks for the same movement (else the key was reused by mistake)."""
    return (first.warehouse_id, first.sku, first.type, first.quantity, first.shelf_id, first.to_shelf_id) == \
        (again.warehouse_id, again.sku, again.type, again.quantity, again.shelf_id, again.to_shelf_id)
