"""The warehouse's order side (SPEC §3 WMS order, §4 WMS order states, outbound working status, print status):
the order process's transition table over an outbound order's working status, abnormal packages, pack input and
hot-item groups. Pure: services/wms_orders reads the orders under row locks and asks these rules.

The WMS status is not stored by hand: PostgreSQL derives it (a generated column, WMS_STATUS_SQL) from the
document status, the working and push statuses and an abnormal package's reason, so it has one truth."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.enums import AbnormalReason, OutboundWorkingStatus, WarehouseDocumentStatus, WmsProcessAction
from domain.errors import DomainError, Invalid
from domain.rules.inputs import Problems
from domain.rules.stock_orders import label

W, S = OutboundWorkingStatus, WarehouseDocumentStatus
BATCH_MAX = 200  # orders one batch action may select
TRACKING_MAX = 128  # as the order's logistic number
TRACKING_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-_/.]*$")
NOTE_MAX = 255
WAVE_PREFIX = "WV"

WMS_STATUS_SQL = (
    "CASE WHEN direction <> 'OUTBOUND' THEN NULL "
    "WHEN status IN ('INVALID', 'PART_INVALID') THEN 'CANCELLED' "
    "WHEN status = 'COMPLETE' THEN 'COMPLETED' "
    "WHEN abnormal_reason IS NOT NULL OR push_status = 'FAIL' "
    "OR working_status IN ('SYNC_FAIL', 'CANCEL_FAIL') THEN 'ABNORMAL' "
    "WHEN status = 'PART_COMPLETE' OR working_status IN ('PICKING_PROCESS', 'SORTING_AND_REVIEWING', "
    "'PACKED', 'WAITING_PICKUP', 'CANCELING') THEN 'SHIPPING' "
    "ELSE 'PENDING' END")


ProcessAction = WmsProcessAction
A = ProcessAction
# the transition table: the working statuses each step follows, and the one it leaves the order in
STEPS: dict[ProcessAction, tuple[frozenset[OutboundWorkingStatus], OutboundWorkingStatus]] = {
    A.ALLOCATE: (frozenset({W.CREATE, W.SYNC_SUCCESS, W.RECEIVED}), W.ALLOCATED),
    A.WAVE: (frozenset({W.CREATE, W.SYNC_SUCCESS, W.RECEIVED, W.ALLOCATED}), W.PICKING_PROCESS),
    A.PICKED: (frozenset({W.PICKING_PROCESS}), W.SORTING_AND_REVIEWING),
    A.PACK: (frozenset({W.SORTING_AND_REVIEWING}), W.PACKED),
    A.HANDOVER: (frozenset({W.PACKED}), W.OUTBOUND_DONE),
}
# a step may fail while the order is being picked or packed
FAILABLE = frozenset({W.ALLOCATED, W.PICKING_PROCESS, W.SORTING_AND_REVIEWING, W.PACKED})
CANCELLABLE = frozenset({W.CREATE, W.SYNC_SUCCESS, W.RECEIVED, W.ALLOCATED, W.PICKING_PROCESS,
                         W.SORTING_AND_REVIEWING, W.PACKED, W.SYNC_FAIL})
OPEN = frozenset({S.CREATE, S.PENDING})  # nothing shipped yet
# A channel order's cancel reaches its outbound order until the parcel is packed: from then on a labelled parcel
# with the carrier's tracking number exists (or has left), and only the warehouse may still stop it (the order
# process's own cancel, before the hand-over). As peers do: an order is cancellable until it is fulfilled.
RETURNABLE = CANCELLABLE - {W.PACKED}


@dataclass(frozen=True)
class WmsState:
    order_no: str
    status: WarehouseDocumentStatus
    working_status: OutboundWorkingStatus
    abnormal_reason: str | None = None


def refusal(order: WmsState, action: ProcessAction) -> str | None:
    """Why `action` may not be taken on the order (the state it is in), or None."""
    if order.status not in OPEN:
        return label(order.status)
    if action == A.RESUME:
        return None if order.abnormal_reason else label(order.working_status)
    if order.abnormal_reason and action != A.CANCEL:
        return f"enums.AbnormalReason.{order.abnormal_reason}"
    if action == A.ABNORMAL:
        return None if order.working_status in FAILABLE else label(order.working_status)
    if action == A.CANCEL:
        return None if order.working_status in CANCELLABLE else label(order.working_status)
    allowed, _ = STEPS[action]
    return None if order.working_status in allowed else label(order.working_status)


def channel_cancel_refusal(order: WmsState) -> str | None:
    """Why the channel order this outbound order fulfils may no longer be cancelled (its WMS state), or None."""
    if order.status not in OPEN:
        return label(order.status)
    return None if order.working_status in RETURNABLE else label(order.working_status)


def check(action: ProcessAction, orders: Iterable[WmsState]) -> None:
    """All or nothing: one order the step may not be taken on refuses the whole selection, naming each order and
    the state it is in (SPEC §8 'reselect')."""
    found = [(o.order_no, why) for o in orders if (why := refusal(o, action)) is not None]
    if found:
        raise DomainError("WMS_ORDER_ILLEGAL_TRANSITION", status=409, action=f"enums.WmsProcessAction.{action.value}",
                          orders=", ".join(f"{no}" for no, _ in found), current=found[0][1],
                          data={"refused": [{"orderNo": no, "current": why} for no, why in found]})


def target(action: ProcessAction) -> OutboundWorkingStatus:
    return STEPS[action][1]


def selection(ids: Sequence[int], field: str = "ids") -> list[int]:
    wanted = sorted(set(ids))
    if not wanted:
        raise Invalid(field=field, rule="required")
    if len(wanted) > BATCH_MAX:
        raise Invalid(field=field, rule="wms_order_batch_max", max=BATCH_MAX)
    return wanted


def tracking_no(text: str, field: str) -> str:
    value = text.strip()
    if not value:
        raise Invalid(field=field, rule="required")
    if len(value) > TRACKING_MAX or not TRACKING_PATTERN.match(value):
        raise Invalid(field=field, rule="wms_order_tracking_no", max=TRACKING_MAX)
    return value


def pack_numbers(ids: Sequence[int], numbers: Sequence[str]) -> dict[int, str]:
    """Each packed order's tracking number: given for every order, distinct within the batch."""
    problems = Problems()
    found: dict[int, str] = {}
    seen: dict[str, int] = {}
    for index, (order_id, text) in enumerate(zip(ids, numbers, strict=True)):
        field = f"parcels[{index}].trackingNo"
        with problems.catching():
            value = tracking_no(text, field)
            if value in seen:
                raise Invalid(field=field, rule="wms_order_tracking_no_repeated")
            seen[value] = order_id
            found[order_id] = value
    problems.raise_any()
    return found


def wave_no(day: str, first_id: int) -> str:
    """A pick wave's number: WV, the UTC day and the lowest order id of the wave."""
    return f"{WAVE_PREFIX}{day}{first_id:07d}"


# ---- hot-item printing -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HotKey:
    """The single SKU x quantity every order of a hot group holds."""

    sku: str
    quantity: int

    def key(self) -> str:
        return f"{self.sku}x{self.quantity}"


def hot_key(lines: Sequence[tuple[str, int]]) -> HotKey | None:
    """An order is hot-printable by group when its content is one SKU line."""
    return HotKey(lines[0][0], lines[0][1]) if len(lines) == 1 else None


def abnormal_note(reason: AbnormalReason, note: str | None) -> str | None:
    """An abnormal package names its reason; 'other' says what it is."""
    text = (note or "").strip() or None
    if reason == AbnormalReason.OTHER and text is None:
        raise Invalid(field="note", rule="required")
    if text is not None and len(text) > NOTE_MAX:
        raise Invalid(field="note", rule="max_length", max=NOTE_MAX)
    return text
