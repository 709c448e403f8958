"""Goods (SPEC §4 product listing): which listing changes the console may ask for in which state, and what a
channel product's variations say about its mapping to master SKUs. Pure: services/goods reads and writes."""

from __future__ import annotations

from collections.abc import Iterable

from domain.enums import ListingAction, ListingState, MappingStatus
from domain.errors import Conflict
from domain.i18n import t

State = ListingState

# action -> (the states it may leave, the state it reaches)
TRANSITIONS: dict[ListingAction, tuple[frozenset[ListingState], ListingState]] = {
    ListingAction.ENABLE: (frozenset({State.DISABLED, State.UNPUBLISHED}), State.LIVE),
    ListingAction.DISABLE: (frozenset({State.LIVE, State.SOLD_OUT}), State.DISABLED),
    # a listing the channel is still processing waits for its answer; a deleted one stays deleted
    ListingAction.DELETE: (frozenset(set(State) - {State.DELETED, State.IN_PROCESS}), State.DELETED),
}
# the states a change of mapping or an auto-create may touch
MAPPABLE = frozenset(set(State) - {State.DELETED})
AUTO_CREATE_MAX = 200  # channel products one auto-create call takes


def next_state(state: ListingState, action: ListingAction) -> ListingState:
    """The state `action` leads to from `state`; refused naming the state the listing is in."""
    sources, target = TRANSITIONS[action]
    if state not in sources:
        raise refused(f"enums.ListingAction.{action.value}", state, "action")
    return target


def refuse_unmappable(state: ListingState) -> None:
    if state not in MAPPABLE:
        raise refused("goods.mapping", state, "variationId")


def mapping_status(master_skus: Iterable[str | None]) -> MappingStatus:
    """MAPPED when every variation names a master SKU, UNMAPPED when none does (or there are none), else PARTLY."""
    mapped = [sku is not None for sku in master_skus]
    if mapped and all(mapped):
        return MappingStatus.MAPPED
    return MappingStatus.PARTLY if any(mapped) else MappingStatus.UNMAPPED


def refused(action_key: str, state: ListingState, field: str) -> Conflict:
    """The refusal of an action in a state, both named in the caller's language."""
    return Conflict("LISTING_STATE_REFUSES", field=field, action=t(action_key),
                    state=t(f"enums.ListingState.{state.value}"))
