"""How far a channel order's cancel reaches into the warehouse (domain/rules/wms_orders.channel_cancel_refusal):
its outbound order is cancelled with it until the parcel is packed; from PACKED on (and once anything shipped or it
was cancelled) the cancel is refused, naming the state the order is in."""

from __future__ import annotations

import pytest

from domain.enums import OutboundWorkingStatus, WarehouseDocumentStatus
from domain.rules.wms_orders import CANCELLABLE, WmsState, channel_cancel_refusal

W, S = OutboundWorkingStatus, WarehouseDocumentStatus


def state(working: OutboundWorkingStatus, status: WarehouseDocumentStatus = S.CREATE,
          abnormal: str | None = None) -> WmsState:
    return WmsState("OB-1", status, working, abnormal)


@pytest.mark.parametrize("working", sorted(CANCELLABLE - {W.PACKED}))
def test_an_order_not_yet_packed_is_cancelled_with_its_channel_order(working: OutboundWorkingStatus) -> None:
    assert channel_cancel_refusal(state(working)) is None
    assert channel_cancel_refusal(state(working, S.PENDING, "SHORT_PICK")) is None  # held where it stood


@pytest.mark.parametrize("working", [W.PACKED, W.WAITING_PICKUP, W.OUTBOUND_DONE, W.CANCELING, W.CANCEL_FAIL])
def test_a_packed_or_handed_over_order_refuses_naming_its_working_status(working: OutboundWorkingStatus) -> None:
    assert channel_cancel_refusal(state(working)) == f"enums.OutboundWorkingStatus.{working.value}"


@pytest.mark.parametrize("status", [S.COMPLETE, S.PART_COMPLETE, S.INVALID, S.PART_INVALID])
def test_an_order_that_shipped_anything_or_was_cancelled_refuses_naming_its_status(
        status: WarehouseDocumentStatus) -> None:
    assert channel_cancel_refusal(state(W.ALLOCATED, status)) == f"enums.WarehouseDocumentStatus.{status.value}"
