"""Returns of shipped channel orders: created against what the order shipped (under the order's row lock, so two
returns never take the same units), moved only through the transition table, restocked through the stock ledger
with one idempotency key per line (a replayed restock adds nothing), defective units recorded apart. Each change
adds to its hour's tallies and records the return's audit entry (the action history) in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.enums import OrderStatus, ReturnAction, ReturnReason, ReturnStatus, StockMovementType
from domain.errors import DomainError, Invalid
from domain.models.after_sales import AfterSalesSla, ReturnDefect, ReturnLine, ReturnOrder
from domain.models.orders import Order, OrderLine
from domain.rules import after_sales as rules
from domain.rules.after_sales import AskedLine
from domain.rules.stock import Movement
from services.actors import Actor
from services.after_sales import tallies
from services.orders import lock as lock_order
from services.stock import store

SHIPPED = (OrderStatus.SHIPPING, OrderStatus.COMPLETED)
ENTITY = "ReturnOrder"


@dataclass(frozen=True)
class NewLine:
    sku: str
    quantity: int
    reason: ReturnReason


async def returnable(db: AsyncSession, order: Order, *, but: int | None = None) -> dict[str, int]:
    """Each SKU the order shipped, with its units not yet held by a live (not rejected) return."""
    shipped = dict((await db.execute(
        select(OrderLine.sku, func.sum(OrderLine.quantity)).where(
            OrderLine.order_id == order.id, OrderLine.ordered_at == order.ordered_at).group_by(OrderLine.sku))).all())
    held = await db.execute(
        select(ReturnLine.sku, func.sum(ReturnLine.quantity)).join(ReturnOrder, ReturnOrder.id == ReturnLine.return_id)
        .where(ReturnOrder.order_id == order.id, ReturnOrder.status != ReturnStatus.REJECTED,
               ReturnOrder.id != (but or 0)).group_by(ReturnLine.sku))
    for sku, quantity in held.all():
        if sku in shipped:
            shipped[sku] = max(0, shipped[sku] - quantity)
    return {sku: int(quantity) for sku, quantity in shipped.items()}


async def sla_hours(db: AsyncSession, warehouse_id: int) -> int:
    hours = await db.scalar(select(AfterSalesSla.sla_hours).where(AfterSalesSla.warehouse_id == warehouse_id))
    return int(hours) if hours is not None else rules.SLA_HOURS_DEFAULT


async def create_return(db: AsyncSession, actor: Actor | None, order_id: int, lines: list[NewLine], *,
                        refund_amount: Decimal = Decimal(0), tracking_no: str | None = None,
                        note: str | None = None, at: datetime | None = None) -> ReturnOrder:
    """A REQUESTED return of a shipped or completed order (the caller has checked its data authority); its refund
    amount is in the order's currency, which it keeps. `at`: when it was requested (the demo's past returns), the
    transaction's time when not given."""
    order = await lock_order(db, order_id)
    if order.status not in SHIPPED:
        raise DomainError("RETURN_ORDER_NOT_SHIPPED", status=409, orderNo=order.channel_order_no,
                          current=str(order.status))
    if order.warehouse_id is None:
        raise DomainError("RETURN_ORDER_NO_WAREHOUSE", status=409, orderNo=order.channel_order_no)
    if not lines:
        raise Invalid(field="lines", rule="required")
    rules.check_lines([AskedLine(line.sku, line.quantity) for line in lines],
                      await returnable(db, order)).raise_any()
    prices = dict((await db.execute(select(OrderLine.sku, func.max(OrderLine.unit_price)).where(
        OrderLine.order_id == order.id, OrderLine.ordered_at == order.ordered_at).group_by(OrderLine.sku))).all())
    now = at or await db.scalar(select(func.now()))
    assert now is not None
    row_id = await db.scalar(select(func.nextval("return_orders_id_seq")))
    assert row_id is not None
    row = ReturnOrder(
        id=row_id, return_no=f"RT{now:%Y%m%d}{row_id:06d}", order_id=order.id, ordered_at=order.ordered_at,
        channel_order_no=order.channel_order_no, merchant_id=order.merchant_id, shop_id=order.shop_id,
        warehouse_id=order.warehouse_id, status=ReturnStatus.REQUESTED, quantity=sum(line.quantity for line in lines),
        refund_amount=refund_amount, currency=order.currency, tracking_no=tracking_no, note=note, requested_at=now,
        due_at=rules.due_at(now, await sla_hours(db, order.warehouse_id)),
        lines=[ReturnLine(line_no=n, sku=line.sku, quantity=line.quantity, reason=line.reason,
                          unit_price=prices.get(line.sku, Decimal(0))) for n, line in enumerate(lines, start=1)])
    db.add(row)
    await db.flush()
    await tallies.add(db, now, row.warehouse_id, row.merchant_id, row.currency, requested=1)
    await _audit(db, actor, row, "create", None)
    return row


async def act(db: AsyncSession, actor: Actor | None, row: ReturnOrder, action: ReturnAction | str, *,
              tracking_no: str | None = None, good: dict[int, int] | None = None,
              reason: str | None = None, at: datetime | None = None) -> ReturnOrder:
    """Take `action` on a return locked by the caller (with its lines loaded): the table says where it goes, a
    refusal names the state it is in; the step's own work, the SLA clock, the tallies and the audit entry follow.
    `at`: when the step was taken (the demo's past returns), the transaction's time when not given."""
    action = ReturnAction(action)
    rules.next_status(row.status, action, return_no=row.return_no)  # refused before any input is read
    now = at or await db.scalar(select(func.now()))
    assert now is not None
    before = row.status
    deltas: dict[str, Any] = {}
    if action == ReturnAction.DISPATCH:
        if not tracking_no:
            raise Invalid(field="trackingNo", rule="required")
        row.tracking_no, row.in_transit_at = tracking_no, now
    elif action == ReturnAction.RECEIVE:
        row.received_at = now
        deltas["received"] = 1
    elif action == ReturnAction.INSPECT:
        _inspect(row, good or {})
        row.inspected_at = now
    elif action == ReturnAction.RESTOCK:
        await _restock(db, actor, row)
        deltas.update(restocked=row.good_quantity, defective=row.defective_quantity, refund_amount=row.refund_amount)
    elif action == ReturnAction.REJECT:
        if not reason:
            raise Invalid(field="reason", rule="required")
        row.reject_reason = reason
        deltas["rejected"] = 1
    target = rules.next_status(before, action, return_no=row.return_no, good_units=row.good_quantity)
    started = getattr(row, rules.WAITING_ON[before])
    if rules.step_late(started, now, await sla_hours(db, row.warehouse_id)):
        row.late_steps += 1
    row.status = target
    if target in rules.FINAL:
        row.closed_at, row.due_at = now, None
    elif target != ReturnStatus.IN_TRANSIT:  # in transit waits on the same clock as the request
        row.due_at = rules.due_at(now, await sla_hours(db, row.warehouse_id))
    row.revision += 1
    await db.flush()
    if deltas:
        await tallies.add(db, now, row.warehouse_id, row.merchant_id, row.currency, **deltas)
    await _audit(db, actor, row, action.value.lower(), before)
    return row


def _inspect(row: ReturnOrder, good: dict[int, int]) -> None:
    rules.check_inspection({line.line_no: line.quantity for line in row.lines}, good).raise_any()
    for line in row.lines:
        line.good_quantity = good[line.line_no]
    row.good_quantity = sum(good.values())
    row.defective_quantity = row.quantity - row.good_quantity


async def _restock(db: AsyncSession, actor: Actor | None, row: ReturnOrder) -> None:
    """Good units back on hand through the ledger (one key per line: a replay moves nothing), defective ones into
    the defective record (once per line)."""
    for line in row.lines:
        good = line.good_quantity or 0
        if good:
            await store.move(db, Movement(
                warehouse_id=row.warehouse_id, sku=line.sku, type=StockMovementType.MANUAL_INBOUND, quantity=good,
                idempotency_key=rules.restock_key(row.id, line.line_no), reason="return restock",
                document_no=row.return_no, actor_id=actor.id if actor else None,
                actor_name=actor.username if actor else None))
        if line.quantity - good:
            await db.execute(insert(ReturnDefect).values(
                return_id=row.id, line_no=line.line_no, warehouse_id=row.warehouse_id, merchant_id=row.merchant_id,
                sku=line.sku, quantity=line.quantity - good).on_conflict_do_nothing())


async def _audit(db: AsyncSession, actor: Actor | None, row: ReturnOrder, action: str,
                 before: ReturnStatus | None) -> None:
    await audit.record_change(db, operator_id=actor.id if actor else None,
                              operator_name=actor.username if actor else None, entity=ENTITY, entity_id=row.id,
                              action=action, before=None if before is None else {"status": str(before)},
                              after={"status": str(row.status)})

