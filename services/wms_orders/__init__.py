"""The order process (SPEC §4 outbound working status; domain/rules/wms_orders.py holds its transition table):
batch steps on a selection of outbound orders, all or nothing, in the call's one transaction. The orders are
locked in id order within the caller's data authority; each step is written in the order's history
(stock_order_actions) and the audit trail, field by field. The last step, the hand-over to the carrier, ships
through the outbound path of services/stock/orders.py (stock consumed through the ledger); an order that fulfils a
channel order ships that channel order through its own transition table, which joins this outbound order."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.enums import OutboundWorkingStatus, WarehouseDocumentStatus
from domain.errors import Conflict, DomainError, Invalid, NotFound
from domain.models.couriers import Courier
from domain.models.stock_orders import StockOrder
from domain.rules import stock_orders as order_rules
from domain.rules import wms_orders as rules
from domain.rules.wms_orders import AbnormalReason, ProcessAction, WmsState
from services.actors import Actor
from services.stock import orders as stock_orders
from services.stock.orders import OrderScope

A = ProcessAction
ENTITY = "StockOrder"


def state_of(row: StockOrder) -> WmsState:
    return WmsState(row.order_no, WarehouseDocumentStatus(row.status),
                    OutboundWorkingStatus(row.working_status or OutboundWorkingStatus.CREATE), row.abnormal_reason)


async def selected(db: AsyncSession, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    """The selected outbound orders, locked in id order (two batches never deadlock); one the caller may not see
    (or an inbound order) is not found."""
    wanted = rules.selection(ids)
    query = (scope.visible().where(StockOrder.id.in_(wanted), StockOrder.direction == "OUTBOUND")
             .order_by(StockOrder.id).with_for_update())
    rows = list((await db.scalars(query)).all())
    if len(rows) != len(wanted):
        raise NotFound(entity=ENTITY)
    return rows


async def record(db: AsyncSession, user: Actor, row: StockOrder, action: ProcessAction,
                 before: dict[str, Any]) -> None:
    row.revision += 1
    stock_orders.remember(db, user, row, action.value, [])
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=ENTITY,
                              entity_id=row.id, action=f"wms_{action.value.lower()}", before=before,
                              after=audit.snapshot(row))


async def step(db: AsyncSession, user: Actor, scope: OrderScope, action: ProcessAction,
               ids: Sequence[int]) -> tuple[list[StockOrder], str | None]:
    """Allocate, wave or mark picked: every selected order moves one step of the table. A wave gets one number."""
    rows = await selected(db, scope, ids)
    rules.check(action, [state_of(row) for row in rows])
    wave = rules.wave_no(datetime.now(UTC).strftime("%Y%m%d"), rows[0].id) if action == A.WAVE else None
    for row in rows:
        before = audit.snapshot(row)
        row.working_status = rules.target(action)
        if wave:
            row.wave_no = wave
        await record(db, user, row, action, before)
    return rows, wave


async def pack(db: AsyncSession, user: Actor, scope: OrderScope, courier_id: int,
               parcels: Sequence[tuple[int, str]]) -> list[StockOrder]:
    """Packed with the carrier's tracking number of each parcel: required, unique per carrier (PostgreSQL's
    uq_stock_orders_courier_logistic_no holds it against a race too)."""
    numbers = rules.pack_numbers([i for i, _ in parcels], [n for _, n in parcels])
    if await db.get(Courier, courier_id) is None:
        raise Invalid(field="courierId", rule="wms_order_courier_unknown")
    rows = await selected(db, scope, [i for i, _ in parcels])
    if len(numbers) != len(rows):
        raise Invalid(field="parcels", rule="wms_order_parcel_repeated")
    rules.check(A.PACK, [state_of(row) for row in rows])
    taken = (await db.execute(select(StockOrder.logistic_no, StockOrder.order_no).where(
        StockOrder.courier_id == courier_id, StockOrder.logistic_no.in_(list(numbers.values())),
        StockOrder.id.not_in(list(numbers))))).all()
    if taken:
        index = list(numbers.values()).index(taken[0].logistic_no)
        raise Invalid(field=f"parcels[{index}].trackingNo", rule="wms_order_tracking_no_taken",
                      value=taken[0].logistic_no, orderNo=taken[0].order_no)
    for row in rows:
        before = audit.snapshot(row)
        row.working_status, row.courier_id, row.logistic_no = rules.target(A.PACK), courier_id, numbers[row.id]
        await record(db, user, row, A.PACK, before)
    try:
        await db.flush()
    except IntegrityError as exc:
        if "uq_stock_orders_courier_logistic_no" in str(exc.orig):
            raise Conflict("WMS_ORDER_TRACKING_TAKEN") from None
        raise
    return rows


async def handover(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    """Handed to the carrier: each order waits for pickup, then ships what remains through the outbound path
    (consuming its lock in the ledger); a channel order it fulfils moves to shipping by its own table."""
    rows = await selected(db, scope, ids)
    rules.check(A.HANDOVER, [state_of(row) for row in rows])
    for row in rows:
        before = audit.snapshot(row)
        row.working_status = OutboundWorkingStatus.WAITING_PICKUP
        await record(db, user, row, A.HANDOVER, before)
        await ship(db, user, scope, row)
    return rows


async def ship(db: AsyncSession, user: Actor, scope: OrderScope, row: StockOrder) -> None:
    """One package leaves; each channel order it carries whose last package it is ships (its SHIP joins this one
    and ships it)."""
    from services.orders import handover  # the channel orders' side, above this module
    await handover.ship_carried(db, user, [row], note=row.order_no)
    await db.refresh(row, ["lines"])
    remaining = order_rules.released(stock_orders.lines_of(row))
    if row.status != WarehouseDocumentStatus.COMPLETE and any(remaining):
        await stock_orders.progress(db, user, scope, order_rules.Action.SHIP, row.id, row.revision, remaining)


async def abnormal(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int], reason: AbnormalReason,
                   note: str | None) -> list[StockOrder]:
    """A step failed (a short pick, a damaged item ...): the orders are held as abnormal packages with the
    reason, where they stood; resuming takes them on from there."""
    text = rules.abnormal_note(reason, note)
    rows = await selected(db, scope, ids)
    rules.check(A.ABNORMAL, [state_of(row) for row in rows])
    for row in rows:
        before = audit.snapshot(row)
        row.abnormal_reason, row.abnormal_note = reason.value, text
        await record(db, user, row, A.ABNORMAL, before)
    return rows


async def resume(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    rows = await selected(db, scope, ids)
    rules.check(A.RESUME, [state_of(row) for row in rows])
    for row in rows:
        before = audit.snapshot(row)
        row.abnormal_reason = row.abnormal_note = None
        await record(db, user, row, A.RESUME, before)
    return rows


async def cancel(db: AsyncSession, user: Actor, scope: OrderScope, ids: Sequence[int]) -> list[StockOrder]:
    """Voided before it leaves: the warehouse (this console) cancels its work at once, so the lock of what was
    not shipped is released through the ledger, once a line."""
    rows = await selected(db, scope, ids)
    rules.check(A.CANCEL, [state_of(row) for row in rows])
    for row in rows:
        row.abnormal_reason = row.abnormal_note = None
        await stock_orders.release(db, user, scope, order_rules.Action.VOID, row.id)
        if row.working_status == OutboundWorkingStatus.CANCELING:
            await stock_orders.work(db, user, scope, order_rules.Action.CANCEL_DONE, row.id)
    return rows


async def withdraw(db: AsyncSession, user: Actor, scope: OrderScope, row: StockOrder, channel_order_no: str) -> None:
    """The channel order this outbound order fulfils is cancelled: the outbound order is cancelled with it (its lock
    released through the ledger, once a line) while the warehouse has not packed it; from PACKED on the cancel is
    refused, naming the order's WMS state (domain/rules/wms_orders.channel_cancel_refusal)."""
    why = rules.channel_cancel_refusal(state_of(row))
    if why is not None:
        raise DomainError("ORDER_CANCEL_IN_WAREHOUSE", status=409, orderNo=channel_order_no, wmsOrderNo=row.order_no,
                          current=why)
    await db.refresh(row, ["lines"])  # the release reads them (the channel side loaded the order alone)
    await cancel(db, user, scope, [row.id])
