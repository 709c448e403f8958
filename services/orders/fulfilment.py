"""Fulfilment of a channel order through the stock ledger, called by services/orders `transition` in the
transition's transaction (the order row locked by it):

- ACCEPT (`on_accept`): the merchant's first matching enabled auto interception rule holds the order (answering
  the hold, the rule named); else every line is reserved at the store's warehouse by a ledger movement
  (LOCK_OUTBOUND) keyed by the order, its revision and the line, all or nothing: a line short of stock reserves
  nothing and answers the hold with the SPEC §8 stock exception cause of the short SKU. A reservation made
  before acceptance (`reserve_early`, the order settings' `reserve_on`) stands instead; the channel changing a
  PENDING order's lines releases it (`on_lines_changed`).
- SHIP: the reservation is handed to the order's packages, which ship it (services/orders/handover.py).
- CANCEL: the reservation is released, each line once (its release keyed by its reservation, `release_held`); the
  packages it was handed to are withdrawn first (services/orders/handover.py `on_cancel`).
- RELEASE (`on_release`): a hold by a rule is remembered (accepting again skips that rule) and a reservation kept
  through a hold is released, so the next acceptance reserves afresh.

Stock moves only through `store.move`; a retried call finds each movement's first record and moves nothing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    OrderAction,
    OrderEventKind,
    OrderExceptionCause,
    StockMovementType,
    StockSyncStatus,
)
from domain.errors import DomainError
from domain.i18n import t
from domain.models.interception import InterceptionRule, OrderLineStock, OrderReleasedRule
from domain.models.orders import Order, OrderLine
from domain.models.stock_sync import StockBinding, StockPush
from domain.models.warehouses import Warehouse
from domain.rules import interception as rules
from domain.rules.interception import LineStock
from domain.rules.orders import Hold
from domain.rules.stock import Movement
from services.actors import Actor
from services.orders import packing, timeline
from services.orders.outbound import SYSTEM
from services.stock import orders as stock_orders
from services.stock import store

LOCK, RELEASE = StockMovementType.LOCK_OUTBOUND, StockMovementType.RELEASE_OUTBOUND


# ---- where an order is fulfilled from -------------------------------------------------------------------------

async def warehouse_of(db: AsyncSession, order: Order) -> int:
    """The store's fulfilment warehouse: its binding marked to fulfil, else a bound warehouse (the merchant's
    default first, then the first bound), else the merchant's default warehouse."""
    bound = await db.scalar(
        select(StockBinding.warehouse_id).join(Warehouse, Warehouse.id == StockBinding.warehouse_id)
        .where(StockBinding.shop_id == order.shop_id, Warehouse.merchant_id == order.merchant_id)
        .order_by(StockBinding.fulfils.desc(), Warehouse.is_default.desc(), StockBinding.id).limit(1))
    if bound is None:
        bound = await db.scalar(select(Warehouse.id).where(Warehouse.merchant_id == order.merchant_id,
                                                           Warehouse.is_default))
    if bound is None:
        raise DomainError("ORDER_NO_WAREHOUSE", status=409, orderNo=order.channel_order_no)
    return int(bound)


# ---- accept ----------------------------------------------------------------------------------------------------

async def on_accept(db: AsyncSession, order: Order, actor: Actor | None = None) -> Hold | None:
    """Intercept, else reserve every line (all or nothing). None: the order is READY with its stock reserved, or
    already in its warehouse's order process (held and released since), where its outbound order locks the stock."""
    if await db.scalar(packing.open_parcels(order.id, order.warehouse_id).limit(1)) is not None:
        return None
    lines = await lines_of(db, order)
    rule = await intercepting_rule(db, order, lines)
    if rule is not None:
        return Hold(OrderExceptionCause.INTERCEPTED, rule.id, rule.name, t("fulfilment.intercepted", rule=rule.name))
    if await held_lines(db, order):  # reserved before acceptance (the order settings' `reserve_on`): it stands
        return None
    return await _reserve(db, order, lines, actor)


async def reserve_early(db: AsyncSession, order: Order, actor: Actor | None = None) -> Hold | None:
    """A PENDING order's lines reserved before it is accepted, as its merchant's order settings say (on arrival or
    on payment; services/orders/auto.py): all or nothing, as at acceptance, which then keeps the reservation. A
    short line reserves nothing and is recorded SHORT (the acceptance tries again); None when reserved, or when
    the order is already in its warehouse's order process (held and released since), whose lock stands. The
    timeline says what was reserved, or what was short."""
    if await db.scalar(packing.open_parcels(order.id, order.warehouse_id).limit(1)) is not None:
        return None
    hold = await _reserve(db, order, await lines_of(db, order), actor)
    code = await db.scalar(select(Warehouse.code).where(Warehouse.id == order.warehouse_id))
    await timeline.note(db, order, OrderEventKind.RESERVE, actor or SYSTEM,
                        hold.note if hold and hold.note else t("fulfilment.reserved_early", warehouse=code))
    return hold


async def _reserve(db: AsyncSession, order: Order, lines: Sequence[OrderLine], actor: Actor | None) -> Hold | None:
    warehouse_id = await warehouse_of(db, order)
    order.warehouse_id = warehouse_id
    moves = {line.line_no: movement(actor, order, warehouse_id, line.sku, line.quantity,
                                     rules.reserve_key(order.id, order.revision, line.line_no)) for line in lines}
    try:
        async with db.begin_nested():  # all or nothing: one short line undoes the others
            for m in sorted(moves.values(), key=lambda m: (m.sku, m.idempotency_key)):
                await store.move(db, m)
    except store.StockShort:
        return await _short(db, order, lines, warehouse_id)
    await _record(db, order, [(line, warehouse_id, LineStock.RESERVED, moves[line.line_no].idempotency_key, None)
                              for line in lines])
    return None


async def on_lines_changed(db: AsyncSession, order: Order) -> None:
    """The channel changed a PENDING order's lines: what was reserved (or found short) for the old lines no longer
    holds; it is released and forgotten, so the order is reserved afresh."""
    await release_held(db, None, order)
    await db.execute(delete(OrderLineStock).where(OrderLineStock.order_id == order.id))


async def intercepting_rule(db: AsyncSession, order: Order, lines: Sequence[OrderLine]) -> rules.Rule | None:
    rows = (await db.scalars(select(InterceptionRule).where(
        InterceptionRule.merchant_id == order.merchant_id, InterceptionRule.enabled))).all()
    if not rows:
        return None
    released = await db.scalars(select(OrderReleasedRule.rule_id).where(OrderReleasedRule.order_id == order.id))
    facts = rules.OrderFacts(
        channel=str(order.channel), shop_id=order.shop_id, country=order.country, total=order.total,
        skus=frozenset(line.sku for line in lines),
        buyer=(order.buyer_name, order.buyer_phone, order.buyer_email, order.recipient_name, order.recipient_phone,
               order.address_line1, order.address_line2, order.city, order.province))
    return rules.first_match([rules.Rule(
        id=r.id, name=r.name, priority=r.priority, channels=r.channels, shop_ids=r.shop_ids, country=r.country,
        min_total=r.min_total, max_total=r.max_total, skus=r.skus, buyer_keyword=r.buyer_keyword) for r in rows],
        facts, released)


async def _short(db: AsyncSession, order: Order, lines: Sequence[OrderLine], warehouse_id: int) -> Hold:
    """The lines short of stock (a SKU on several lines needs their sum), recorded SHORT; the hold names the first
    short SKU's SPEC §8 cause."""
    needed: dict[str, int] = defaultdict(int)
    for line in lines:
        needed[line.sku] += line.quantity
    free = {sku: (balance.available if (balance := await store.read_balance(db, warehouse_id, sku)) else 0)
            for sku in needed}
    short = sorted(sku for sku, quantity in needed.items() if free[sku] < quantity)
    sku = short[0] if short else min(needed)
    await _record(db, order, [(line, warehouse_id, LineStock.SHORT, None, free[line.sku])
                              for line in lines if line.sku in short], replace=True)
    code = await db.scalar(select(Warehouse.code).where(Warehouse.id == warehouse_id))
    note = t("fulfilment.short", sku=sku, warehouse=code, quantity=needed[sku], available=free[sku])
    return Hold(await short_cause(db, order, sku), note=note[:500])


async def short_cause(db: AsyncSession, order: Order, sku: str) -> OrderExceptionCause:
    """SPEC §8: why the channel sold what the warehouse does not hold (domain/rules/interception.short_cause)."""
    sync_enabled = bool(await db.scalar(select(StockBinding.id).where(
        StockBinding.shop_id == order.shop_id, StockBinding.sync_enabled).limit(1)))
    push = (await db.execute(select(StockPush.status, StockPush.cause, StockPush.pushed_at).where(
        StockPush.shop_id == order.shop_id, StockPush.sku == sku).order_by(StockPush.id.desc()).limit(1))).first()
    last = None if push is None else rules.LastPush(StockSyncStatus(push.status), push.cause, push.pushed_at)
    return OrderExceptionCause(rules.short_cause(sync_enabled, last, order.ordered_at).value)


# ---- cancel, release -------------------------------------------------------------------------------------------

async def on_release(db: AsyncSession, order: Order, actor: Actor | None = None) -> None:
    """A rule's hold released is not applied again to this order; a reservation kept through a hold is released
    (the order is accepted afresh)."""
    if order.cause == OrderExceptionCause.INTERCEPTED and order.rule_id is not None:
        await db.execute(insert(OrderReleasedRule).values(order_id=order.id, ordered_at=order.ordered_at,
                                                          rule_id=order.rule_id).on_conflict_do_nothing())
    await release_held(db, actor, order)


async def release_held(db: AsyncSession, actor: Actor | None, order: Order,
                       key: Callable[[str], str] = rules.release_key) -> int:
    """The order's standing reservation released, each line once by `key` of its reservation: given back
    (`release_key`), or handed to its packages, whose own locks take its place (`handover_key`); answers how many
    lines."""
    held = [row for row in await held_lines(db, order) if row.reserve_key]
    await stock_orders.book(db, [movement(actor, order, row.warehouse_id, row.sku, row.quantity,
                                          key(row.reserve_key or "")) for row in held])
    for row in held:
        row.state = LineStock.RELEASED
    return len(held)


# ---- what the detail shows --------------------------------------------------------------------------------------

async def line_stock(db: AsyncSession, order_id: int) -> list[OrderLineStock]:
    """Each line's stock state at the warehouse (reserved, short, released, shipped) and its outbound order."""
    return list((await db.scalars(select(OrderLineStock).where(OrderLineStock.order_id == order_id)
                                  .order_by(OrderLineStock.line_no))).all())


async def resume(db: AsyncSession, actor: Actor | None, order_id: int, note: str | None = None) -> Order:
    """RELEASE, then ACCEPT again when the order can be (stock allows, no other rule holds it): an order whose
    accept is held again stays ABNORMAL with the new cause. The console's release calls this."""
    from services.orders import lock, transition  # the transition calls these hooks
    released = await transition(db, actor, order_id, OrderAction.RELEASE, note=note)
    try:
        async with db.begin_nested():  # a store without a warehouse: the order stays PENDING, released
            return await transition(db, actor, order_id, OrderAction.ACCEPT)
    except DomainError:
        return await lock(db, released.id)


# ---- helpers ---------------------------------------------------------------------------------------------------

async def lines_of(db: AsyncSession, order: Order) -> list[OrderLine]:
    return list((await db.scalars(select(OrderLine).where(
        OrderLine.order_id == order.id, OrderLine.ordered_at == order.ordered_at).order_by(OrderLine.line_no))).all())


def movement(actor: Actor | None, order: Order, warehouse_id: int, sku: str, quantity: int, key: str) -> Movement:
    kind = RELEASE if key.endswith((":release", ":handover")) else LOCK
    return Movement(warehouse_id=warehouse_id, sku=sku, type=kind, quantity=quantity, idempotency_key=key,
                    reason="SALES_ORDER", document_no=order.channel_order_no[:64],
                    actor_id=actor.id if actor else None, actor_name=actor.username if actor else None)


async def held_lines(db: AsyncSession, order: Order) -> list[OrderLineStock]:
    """The lines whose reservation stands, locked."""
    return list((await db.scalars(select(OrderLineStock).where(
        OrderLineStock.order_id == order.id, OrderLineStock.state == LineStock.RESERVED)
        .order_by(OrderLineStock.line_no).with_for_update())).all())


async def _record(db: AsyncSession, order: Order,
                  rows: Sequence[tuple[OrderLine, int, LineStock, str | None, int | None]],
                  replace: bool = False) -> None:
    """Each line's stock state, replacing what an earlier acceptance left (a line kept RESERVED is never
    overwritten: it was released first)."""
    if replace:
        await db.execute(delete(OrderLineStock).where(
            OrderLineStock.order_id == order.id, OrderLineStock.state != LineStock.RESERVED))
    for line, warehouse_id, state, key, available in rows:
        values = {"order_id": order.id, "line_no": line.line_no, "ordered_at": order.ordered_at,
                  "warehouse_id": warehouse_id, "sku": line.sku, "quantity": line.quantity, "state": state,
                  "reserve_key": key, "available": available, "stock_order_id": None}
        statement = insert(OrderLineStock).values(values)
        await db.execute(statement.on_conflict_do_update(
            index_elements=["order_id", "line_no"], set_={k: statement.excluded[k] for k in values if k not in (
                "order_id", "line_no")} | {"updated_at": datetime.now().astimezone()},
            where=OrderLineStock.state != LineStock.RESERVED))
