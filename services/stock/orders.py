"""What the inbound and outbound order actions do, in the call's one transaction: the order is read under a row
lock within the caller's data authority, the rules of domain/rules/stock_orders.py decide, the stock moves through
the ledger's movement primitive (each movement keyed by the order and the action, so a repeat moves nothing), and
the order, its action history and the audit trail are written with it. A refusal raises before anything is
written, and the call's rollback undoes any movement a later line could not make."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import BigInteger, Select, func, literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import audit
from domain.enums import (
    OutboundWorkingStatus,
    PrintStatus,
    StockMovementType,
    StockOrderDirection,
    WarehouseDocumentStatus,
    WarehousePushStatus,
)
from domain.errors import DomainError, Invalid, NotFound, Problem
from domain.models.merchants import Shop
from domain.models.orders import Order
from domain.models.stock_orders import OrderParcel, StockOrder, StockOrderAction, StockOrderLine
from domain.models.warehouses import Shelf, Warehouse
from domain.rules import stock_orders as rules
from domain.rules.inputs import Problems
from domain.rules.stock import Movement
from domain.rules.stock_orders import Action, Line, MassAction, Step
from services.actors import Actor
from services.stock import store
from services.stock_locks import refuse_locked_order

IN, OUT = StockOrderDirection.INBOUND, StockOrderDirection.OUTBOUND
ENTITY = "StockOrder"

# the ledger movement each step books, by direction
OPENS = {IN: StockMovementType.PLAN_INBOUND, OUT: StockMovementType.LOCK_OUTBOUND}
PROGRESSES = {IN: StockMovementType.RECEIVE_INBOUND, OUT: StockMovementType.PACKAGE_OUTBOUND}
RELEASES = {IN: StockMovementType.CANCEL_INBOUND, OUT: StockMovementType.RELEASE_OUTBOUND}


class OrderScope(Protocol):
    """The caller's data authority over orders and warehouses, as the API's resource kit holds it."""

    async def load(self, db: AsyncSession, order_id: int) -> StockOrder:
        """The order, locked, if the caller may see it (else NotFound)."""

    def visible(self) -> Select[Any]:
        """The orders the caller may see."""

    def warehouses(self, query: Select[Any]) -> Select[Any]:
        """`query` of warehouses narrowed to those the caller may see."""

    async def created(self, db: AsyncSession, row: StockOrder) -> None:
        """The new order flushed (its number unique) and within the caller's authority (else refused)."""


def state_of(row: StockOrder) -> rules.OrderState:
    """The order as the rules see it (the columns hold the enumerations' values as text)."""
    working = OutboundWorkingStatus(row.working_status) if row.working_status else None
    return rules.OrderState(row.order_no, StockOrderDirection(row.direction), WarehouseDocumentStatus(row.status),
                            working, WarehousePushStatus(row.push_status))


def lines_of(row: StockOrder) -> list[Line]:
    return [Line(line.planned, line.done) for line in row.lines]


def movement(user: Actor, row: StockOrder, line: StockOrderLine, kind: StockMovementType, quantity: int,
             key: str) -> Movement:
    """One movement of the ledger for one line of the order."""
    return Movement(warehouse_id=row.warehouse_id, sku=line.sku, type=kind, quantity=quantity, idempotency_key=key,
                    reason=str(row.order_type), document_no=row.order_no, actor_id=user.id,
                    actor_name=user.username)


async def book(db: AsyncSession, movements: Sequence[Movement]) -> None:
    """The call's movements through the stock module's primitive, in warehouse and sku order: two calls that
    move the same skus lock their balance rows in the same order, so they never deadlock (docs/stock.md)."""
    for m in sorted(movements, key=lambda m: (m.warehouse_id, m.sku, m.idempotency_key)):
        await store.move(db, m)


def remember(db: AsyncSession, user: Actor, row: StockOrder, action: str, quantities: Sequence[int]) -> None:
    """The action in the order's history, numbered by the revision it made."""
    db.add(StockOrderAction(order_id=row.id, order_no=row.order_no, revision=row.revision, action=action,
                            quantities=list(quantities), status_after=str(row.status), operator_id=user.id,
                            operator_name=user.username))


async def record(db: AsyncSession, user: Actor, row: StockOrder, action: str, quantities: Sequence[int],
                 before: dict[str, Any] | None) -> None:
    """The action in the order's history and in the audit trail (field by field, before and after)."""
    remember(db, user, row, action, quantities)
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity=ENTITY,
                              entity_id=row.id, action="create" if before is None else action.lower(),
                              before=before, after=audit.snapshot(row))


# ---- create ----------------------------------------------------------------------------------------------------

async def create(db: AsyncSession, user: Actor, scope: OrderScope, body: Any) -> StockOrder:
    """A new order in CREATE: inbound lines go in transit, outbound lines are locked (refused, with nothing
    changed, when available stock is short)."""
    direction = rules.direction_of(body.order_type)
    problems = Problems()  # the warehouse and the channel order refused together
    with problems.catching():
        await check_warehouse(db, scope, body.merchant_id, body.warehouse_id)
    with problems.catching():
        await check_channel_order(db, body, direction)
    problems.raise_any()
    if direction == OUT:
        await refuse_locked_order(db, body.merchant_id, (line.sku for line in body.lines), body.shop_id)
    order_id: int = (await db.execute(select(func.nextval("stock_orders_id_seq")))).scalar_one()
    day = datetime.now(UTC).strftime("%Y%m%d")
    outbound = direction == OUT
    row = StockOrder(
        id=order_id, order_no=body.order_no or rules.generated_no(direction, day, order_id),
        merchant_id=body.merchant_id, warehouse_id=body.warehouse_id, direction=direction,
        order_type=body.order_type, status=WarehouseDocumentStatus.CREATE,
        working_status=OutboundWorkingStatus.CREATE if outbound else None,
        push_status=WarehousePushStatus.NORMAL, print_status=PrintStatus.NOT_PRINTED if outbound else None,
        planned_quantity=sum(line.quantity for line in body.lines), actual_quantity=0,
        logistic_no=body.logistic_no, delivery_method=body.delivery_method, remark=body.remark, revision=0,
        shop_id=body.shop_id, channel_order_no=body.channel_order_no or None,
        channel_ordered_at=body.channel_ordered_at,
        created_by=user.id, lines=[StockOrderLine(sku=line.sku, planned=line.quantity, done=0) for line in body.lines])
    db.add(row)
    await scope.created(db, row)
    if row.channel_order_no:
        await link_channel_orders(db, row.id, select(Order.id, Order.ordered_at).where(
            Order.shop_id == row.shop_id, Order.channel_order_no == row.channel_order_no,
            Order.ordered_at == row.channel_ordered_at))
    await book(db, [movement(user, row, line, OPENS[direction], line.planned, rules.open_key(row.id, line.id))
                    for line in row.lines])
    await record(db, user, row, "CREATE", [line.planned for line in row.lines], None)
    return row


async def link_channel_orders(db: AsyncSession, stock_order_id: int, orders: Select[int, datetime]) -> None:
    """The outbound order carries these channel orders (their id and order time): the one it names, when the
    console holds it, and those merged into its package (services/orders/fulfilment.py)."""
    carried = orders.subquery()
    await db.execute(insert(OrderParcel).from_select(
        ["stock_order_id", "order_id", "ordered_at"], select(literal(stock_order_id, BigInteger), *carried.c))
        .on_conflict_do_nothing())


async def check_warehouse(db: AsyncSession, scope: OrderScope, merchant_id: int, warehouse_id: int) -> None:
    """The order's warehouse must be one of its merchant's, and within the caller's data authority (one outside
    it is not there for them, whoever its merchant)."""
    owner = await db.scalar(scope.warehouses(select(Warehouse.merchant_id).where(Warehouse.id == warehouse_id)))
    if owner is None:
        raise Invalid(field="warehouseId", rule="stock_order_warehouse_unknown")
    if owner != merchant_id:
        raise Invalid(field="warehouseId", rule="stock_order_warehouse_not_merchants")


async def check_channel_order(db: AsyncSession, body: Any, direction: StockOrderDirection) -> None:
    """An outbound order fulfilling a channel order names its store (one of the merchant's), the channel order
    number and when it was placed, all three; an inbound order fulfils none."""
    given = {"shopId": body.shop_id, "channelOrderNo": body.channel_order_no or None,
             "channelOrderedAt": body.channel_ordered_at}
    if all(value is None for value in given.values()):
        return
    if direction != OUT:
        raise Invalid(field="channelOrderNo", rule="stock_order_channel_outbound_only")
    missing = [field for field, value in given.items() if value is None]
    if missing:
        raise Invalid.of(Problem(field, "stock_order_channel_all") for field in missing)
    owner = await db.scalar(select(Shop.merchant_id).where(Shop.id == body.shop_id))
    if owner != body.merchant_id:
        raise Invalid(field="shopId", rule="stock_store_not_merchants")


# ---- receive, ship ---------------------------------------------------------------------------------------------

async def progress(db: AsyncSession, user: Actor, scope: OrderScope, action: Action,
                   order_id: int, revision: int, quantities: Sequence[int], shelf_id: int | None = None) -> StockOrder:
    """A receipt (inbound) or shipment (outbound) asked on the order as it stood at `revision`. The same request
    again (a retry, a double click) finds its own action at that revision and answers with the order as it is;
    a request on an order someone changed meanwhile is refused, so nothing is received or shipped twice. A receipt
    naming a shelf (an enabled one of the order's warehouse) puts what it receives on that shelf."""
    row = await scope.load(db, order_id)
    if revision != row.revision:
        done = await db.scalar(select(StockOrderAction).where(
            StockOrderAction.order_id == row.id, StockOrderAction.revision == revision + 1))
        if done is not None and done.replays(action, list(quantities)):
            return row
        raise DomainError("STOCK_ORDER_STALE", status=409, orderNo=row.order_no)
    rules.check_action(state_of(row), action)
    lines = lines_of(row)
    rules.check_progress(lines, quantities, field="quantities")
    if shelf_id is not None:
        await check_shelf(db, row, shelf_id)
    before = audit.snapshot(row)
    await book(db, apply_progress(user, row, quantities, shelf_id))
    await record(db, user, row, action, quantities, before)
    return row


async def check_shelf(db: AsyncSession, row: StockOrder, shelf_id: int) -> None:
    """The shelf a receipt names is an enabled shelf of the order's warehouse (else it is not there for it)."""
    shelf = await db.get(Shelf, shelf_id)
    if shelf is None or shelf.warehouse_id != row.warehouse_id or not shelf.enabled:
        raise Invalid(field="shelfId", rule="stock_order_shelf")


def apply_progress(user: Actor, row: StockOrder, quantities: Sequence[int],
                   shelf_id: int | None = None) -> list[Movement]:
    """The order after a receipt or shipment, and the movements that book it (the revision in their keys)."""
    moves = [replace(movement(user, row, line, PROGRESSES[row.direction], qty,
                              rules.progress_key(row.id, row.revision, line.id)), shelf_id=shelf_id)
             for line, qty in zip(row.lines, quantities, strict=True) if qty]
    for line, qty in zip(row.lines, quantities, strict=True):
        line.done += qty
    row.actual_quantity = sum(line.done for line in row.lines)
    row.status = rules.status_after_progress(lines_of(row), row.status)
    if row.direction == OUT and row.status == WarehouseDocumentStatus.COMPLETE:
        row.working_status = OutboundWorkingStatus.OUTBOUND_DONE
    row.revision += 1
    return moves


# ---- cancel, void, delete --------------------------------------------------------------------------------------

async def release(db: AsyncSession, user: Actor, scope: OrderScope, action: Action,
                  order_id: int) -> StockOrder:
    """Cancel (inbound: in-transit released) or void (outbound: locked released, available raised). Asked
    again, it changes nothing: the order is already cancelled, and each line's release is keyed once. A void of
    an order its warehouse holds is asked of the warehouse (CANCELING); its reply releases the lock."""
    row = await scope.load(db, order_id)
    if rules.check_action(state_of(row), action) == Step.ALREADY_DONE:
        return row
    before = audit.snapshot(row)
    released, moves = apply_void(user, row)
    await book(db, moves)
    await record(db, user, row, action, released, before)
    return row


def apply_void(user: Actor, row: StockOrder) -> tuple[list[int], list[Movement]]:
    """A cancel or void: asked of the warehouse when it holds the order (nothing released yet), else at once."""
    if rules.asks_warehouse_to_cancel(state_of(row)):
        row.working_status = OutboundWorkingStatus.CANCELING
        row.revision += 1
        return [], []
    return apply_release(user, row)


def apply_release(user: Actor, row: StockOrder) -> tuple[list[int], list[Movement]]:
    """The order cancelled or voided: what each line releases, and the movements that book it (once a line)."""
    released = rules.released(lines_of(row))
    moves = [movement(user, row, line, RELEASES[row.direction], qty, rules.release_key(row.id, line.id))
             for line, qty in zip(row.lines, released, strict=True) if qty]
    row.status = rules.status_after_release(lines_of(row))
    row.revision += 1
    return released, moves


async def delete(db: AsyncSession, user: Actor, row: StockOrder) -> None:
    """SPEC §4: only an outbound order awaiting outbound is deleted; its locked stock is released first."""
    rules.check_action(state_of(row), Action.DELETE)
    released, moves = apply_release(user, row)
    await book(db, moves)
    remember(db, user, row, Action.DELETE, released)  # the kit audits the deletion itself


# ---- push, print, pick, pack -----------------------------------------------------------------------------------

async def work(db: AsyncSession, user: Actor, scope: OrderScope, action: Action,
               order_id: int) -> StockOrder:
    """The warehouse's side of an order (SPEC §4 push, print and working statuses). A repeat (a double click, a
    retry) of a step already done answers with the order as it is. Only the warehouse's confirmed cancel moves
    stock: the lock of what was not shipped is released, as a void does."""
    row = await scope.load(db, order_id)
    state = state_of(row)
    if rules.check_work(state, action) == Step.ALREADY_DONE:
        return row
    before = audit.snapshot(row)
    released: list[int] = []
    if action == Action.CANCEL_DONE:  # what was not shipped is released, as a void does (raising the revision)
        released, moves = apply_release(user, row)
        await book(db, moves)
    else:
        row.revision += 1
    await apply_work(db, row, state, action)
    await record(db, user, row, action, released, before)
    return row


async def apply_work(db: AsyncSession, row: StockOrder, state: rules.OrderState, action: Action) -> None:
    """The statuses an action of the warehouse's side leaves the order in."""
    if action in (Action.PUSH, Action.CONFIRM):
        enabled = await db.scalar(select(Warehouse.enabled).where(Warehouse.id == row.warehouse_id))
        pushed = (rules.push_result(state, bool(enabled), bool(row.logistic_no)) if action == Action.PUSH
                  else rules.confirmed(state))
        row.status, row.push_status, row.working_status = pushed.status, pushed.push_status, pushed.working_status
    elif action == Action.PRINT:
        row.print_status = PrintStatus.PRINTED
    else:
        row.working_status = rules.working_after(action)


# ---- mass actions ----------------------------------------------------------------------------------------------

async def mass(db: AsyncSession, user: Actor, scope: OrderScope, action: MassAction,
               ids: Sequence[int]) -> list[StockOrder]:
    """All or nothing: every selected order is locked (in id order, so two mass actions never deadlock) and
    checked first; one ineligible order refuses the whole selection with 'reselect' naming them all."""
    wanted = sorted(set(ids))
    query = scope.visible().where(StockOrder.id.in_(wanted)).order_by(StockOrder.id).with_for_update()
    rows: list[StockOrder] = list((await db.scalars(query)).all())
    if len(rows) != len(wanted):
        raise NotFound(entity=ENTITY)
    rules.check_mass(action, [state_of(row) for row in rows])
    moves: list[Movement] = []
    for row in rows:
        step = rules.mass_step(action, state_of(row))
        before = audit.snapshot(row)
        if step == Action.SHIP:
            quantities = rules.released(lines_of(row))  # everything that remains
            moves += apply_progress(user, row, quantities)
        else:
            quantities, released = apply_void(user, row)
            moves += released
        await record(db, user, row, step, quantities, before)
    await book(db, moves)
    return rows


async def figures(db: AsyncSession, row: StockOrder) -> list[dict[str, Any]]:
    """The stock of each line's sku in the order's warehouse as the ledger holds it now."""
    out = []
    for line in row.lines:
        balance = await store.read_balance(db, row.warehouse_id, line.sku)
        out.append({"sku": line.sku, "on_hand": balance.on_hand if balance else 0,
                    "locked": balance.locked if balance else 0, "transit": balance.transit if balance else 0,
                    "available": balance.available if balance else 0})
    return out
