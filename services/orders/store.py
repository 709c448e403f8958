"""The one way an order enters (`upsert_channel_order`) and the one way its status changes (`transition`).

An order enters by its key: INSERT INTO order_keys .. ON CONFLICT DO NOTHING RETURNING in the order's transaction;
nothing returned means the order exists (a page fetched twice, a retried activity, a sync racing a push), and the
channel's newer version updates it instead. A status changes only through domain/rules/orders.TRANSITIONS, under
the order's row lock, with its timeline entry; the tab counts follow by the trigger of migration 0044."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderAction, OrderEventKind, OrderExceptionCause, OrderStatus
from domain.errors import NotFound
from domain.flows.orders import ChannelOrder
from domain.models.merchants import Shop
from domain.models.orders import Order, OrderEvent, OrderKey, OrderLine
from domain.rules import orders as rules
from domain.rules.inputs import Problems
from domain.rules.orders import Hold
from services.actors import Actor
from services.orders import fulfilment, handover

CHANNEL = "channel"  # the timeline's actor for what the channel did
# fields the channel may change on an order it already sent (never its shop, number, order time or status)
CHANNEL_FIELDS = (
    "paid_at", "buyer_name", "buyer_phone", "buyer_email", "recipient_name", "recipient_phone", "address_line1",
    "address_line2", "city", "province", "postcode", "address_country", "awb", "weight_g", "courier", "invoice_no",
    "fulfilment_provider",
)


def checked(order: ChannelOrder) -> ChannelOrder:
    """The order's number, lines and money within the rules; every broken field named in one refusal."""
    problems = Problems()
    with problems.catching():
        rules.channel_order_no(order.channel_order_no)
    rules.check_lines(((line.sku, line.quantity, line.unit_price) for line in order.lines), problems)
    rules.check_money({"shippingFee": order.shipping_fee, "insurance": order.insurance, "subtotal": order.subtotal,
                       "total": order.total}, problems)
    if order.weight_g is not None and not 0 <= order.weight_g <= rules.WEIGHT_MAX:
        problems.add("weightG", "order_weight", max=rules.WEIGHT_MAX)
    problems.raise_any()
    return order


def amounts(order: ChannelOrder) -> dict[str, Decimal]:
    subtotal = order.subtotal if order.subtotal is not None else sum(
        (line.unit_price * line.quantity for line in order.lines), Decimal(0))
    total = order.total if order.total is not None else subtotal + order.shipping_fee + order.insurance
    return {"subtotal": subtotal, "total": total, "shipping_fee": order.shipping_fee, "insurance": order.insurance}


def channel_values(order: ChannelOrder) -> dict[str, Any]:
    values = {name: getattr(order, name) for name in CHANNEL_FIELDS}
    values["channel_updated_at"] = order.channel_updated_at
    return values | amounts(order)


async def upsert_channel_order(db: AsyncSession, shop: Shop, order: ChannelOrder) -> tuple[int, bool]:
    """The order's id and whether it was created now. A known order takes the channel's newer fields (not older
    ones: `channel_updated_at` orders them), its lines while still PENDING, and the channel's cancellation while
    it is open. (A sync page enters its orders together through services/orders/page.py, on these helpers.)"""
    checked(order)
    number = order.channel_order_no.strip()
    key = await db.execute(
        pg_insert(OrderKey).values(key_values(shop, number, order)).on_conflict_do_nothing()
        .returning(OrderKey.order_id))
    order_id = key.scalar_one_or_none()
    if order_id is not None:
        await db.execute(insert(Order).values(order_values(shop, order_id, number, order)))
        await db.execute(insert(OrderLine), line_values(order_id, order.ordered_at, order))
        await db.execute(insert(OrderEvent).values(created_event(order_id, order.ordered_at)))
        if order.cancelled:
            await transition(db, None, order_id, OrderAction.CANCEL, note=CHANNEL)
        return order_id, True
    order_id, ordered_at = (await db.execute(
        select(OrderKey.order_id, OrderKey.ordered_at)
        .where(OrderKey.shop_id == shop.id, OrderKey.channel_order_no == number))).one()
    await apply_known(db, order_id, ordered_at, order)
    return order_id, False


def key_values(shop: Shop, number: str, order: ChannelOrder) -> dict[str, Any]:
    """The order's key row; its id is drawn from the orders' sequence (also when the key exists already)."""
    return {"shop_id": shop.id, "channel_order_no": number, "order_id": func.nextval("orders_id_seq"),
            "ordered_at": order.ordered_at}


def order_values(shop: Shop, order_id: int, number: str, order: ChannelOrder) -> dict[str, Any]:
    """A new order's row: PENDING, in the shop's merchant, channel and country, the channel's fields and money."""
    return {"id": order_id, "ordered_at": order.ordered_at, "merchant_id": shop.merchant_id, "shop_id": shop.id,
            "channel": shop.channel, "country": shop.country, "channel_order_no": number,
            "status": OrderStatus.PENDING, "currency": rules.currency_of(shop.country, order.currency),
            **channel_values(order)}


def line_values(order_id: int, ordered_at: datetime, order: ChannelOrder) -> list[dict[str, Any]]:
    """The order's lines, in the partition of its first order time (a channel's later copy may state another)."""
    return [{"order_id": order_id, "ordered_at": ordered_at, "line_no": i, "sku": line.sku.strip(),
             "product_name": line.product_name, "variant": line.variant, "quantity": line.quantity,
             "unit_price": line.unit_price}
            for i, line in enumerate(order.lines, start=1)]


def created_event(order_id: int, ordered_at: datetime) -> dict[str, Any]:
    """The timeline's first entry (revision 0): the channel created the order, PENDING."""
    return {"order_id": order_id, "ordered_at": ordered_at, "revision": 0, "kind": OrderEventKind.CREATED,
            "to_status": OrderStatus.PENDING, "actor_name": CHANNEL}


def given_lines(order: ChannelOrder) -> list[tuple[Any, ...]]:
    """The channel's lines as compared with the stored ones (sku, quantity, unit price, name, variant)."""
    return [(line.sku.strip(), line.quantity, line.unit_price, line.product_name, line.variant)
            for line in order.lines]


def newer(row: Order, order: ChannelOrder) -> bool:
    """Whether the channel's copy is newer than the stored one (`channel_updated_at`; unknown counts as newer)."""
    return order.channel_updated_at is None or row.channel_updated_at is None \
        or order.channel_updated_at > row.channel_updated_at


def channel_changes(row: Order, order: ChannelOrder) -> dict[str, Any]:
    """The channel's fields (and money) that differ from the stored order."""
    return {name: value for name, value in channel_values(order).items() if getattr(row, name) != value}


def known_needs_writing(row: Order, order: ChannelOrder, stored_lines: list[tuple[Any, ...]] | None) -> bool:
    """Whether `apply_known` would write anything for this stored order (read without a lock; `stored_lines`
    are its lines when PENDING): a newer copy with a field or lines difference, or the channel's cancellation of
    an open order. An order it answers False for costs nothing more."""
    if order.cancelled and row.status in rules.OPEN:
        return True
    if not newer(row, order):
        return False
    return bool(channel_changes(row, order)) or (
        row.status == OrderStatus.PENDING and (stored_lines or []) != given_lines(order))


async def apply_known(db: AsyncSession, order_id: int, ordered_at: datetime, order: ChannelOrder) -> None:
    """A known order under its row lock: the channel's newer copy, then its cancellation while it is open."""
    row = await _locked(db, order_id, ordered_at)
    if newer(row, order):
        await _update_from_channel(db, row, order)
    if order.cancelled and row.status in rules.OPEN:
        await transition(db, None, order_id, OrderAction.CANCEL, note=CHANNEL)


async def _update_from_channel(db: AsyncSession, row: Order, order: ChannelOrder) -> None:
    changed = channel_changes(row, order)
    lines_changed = row.status == OrderStatus.PENDING and await _lines_differ(db, row, order)
    if not changed and not lines_changed:
        return
    if lines_changed:
        await fulfilment.on_lines_changed(db, row)
        await db.execute(text("DELETE FROM order_lines WHERE order_id = :id AND ordered_at = :at"),
                         {"id": row.id, "at": row.ordered_at})
        await db.execute(insert(OrderLine), line_values(row.id, row.ordered_at, order))
    revision = row.revision + 1
    await db.execute(update(Order).where(Order.id == row.id, Order.ordered_at == row.ordered_at)
                     .values(**changed, revision=revision, updated_at=func.now()))
    db.add(OrderEvent(order_id=row.id, ordered_at=row.ordered_at, revision=revision,
                      kind=OrderEventKind.CHANNEL_UPDATE, from_status=row.status, to_status=row.status,
                      actor_name=CHANNEL, note=", ".join(sorted(changed) + (["lines"] if lines_changed else []))[:500]))
    await db.flush()


async def _lines_differ(db: AsyncSession, row: Order, order: ChannelOrder) -> bool:
    stored = (await db.execute(
        select(OrderLine.sku, OrderLine.quantity, OrderLine.unit_price, OrderLine.product_name, OrderLine.variant)
        .where(OrderLine.order_id == row.id, OrderLine.ordered_at == row.ordered_at).order_by(OrderLine.line_no)
    )).all()
    return [tuple(r) for r in stored] != given_lines(order)


async def ordered_at_of(db: AsyncSession, order_id: int) -> datetime:
    """The order time (partition key) of an order, from its key: reads of one order touch one partition."""
    found = (await db.execute(select(OrderKey.ordered_at).where(OrderKey.order_id == order_id))).scalar_one_or_none()
    if found is None:
        raise NotFound("NOT_FOUND", entity="Order", id=order_id)
    return found


async def _locked(db: AsyncSession, order_id: int, ordered_at: datetime) -> Order:
    row = (await db.execute(select(Order).where(Order.id == order_id, Order.ordered_at == ordered_at)
                            .with_for_update().execution_options(populate_existing=True))).scalar_one_or_none()
    if row is None:
        raise NotFound("NOT_FOUND", entity="Order", id=order_id)
    return row


async def lock(db: AsyncSession, order_id: int) -> Order:
    """The order under a row lock (NotFound when there is none)."""
    return await _locked(db, order_id, await ordered_at_of(db, order_id))


async def transition(db: AsyncSession, actor: Actor | None, order_ref: int | Order, action: OrderAction | str, *,
                     cause: OrderExceptionCause | str | None = None, note: str | None = None,
                     hold: Hold | None = None) -> Order:
    """Take `action` on the order: the table says where it goes (a refusal names the state it is in), the
    fulfilment hook does its stock part, then the order, its timeline entry and (by trigger) the counts are
    written. A HOLD names a cause an operator may give, or comes with an interception rule's `hold`."""
    action = OrderAction(action)
    order = await lock(db, order_ref if isinstance(order_ref, int) else order_ref.id)
    target = rules.next_status(order.status, action, order_no=order.channel_order_no)
    if action == OrderAction.HOLD and hold is None:
        given = rules.hold_cause(action, cause)
        assert given is not None  # a hold always names one
        hold = Hold(given)
    elif action == OrderAction.ACCEPT:
        hold = await fulfilment.on_accept(db, order)
        target = OrderStatus.ABNORMAL if hold is not None else target
    elif action == OrderAction.SHIP:
        await handover.on_ship(db, order)
    elif action == OrderAction.CANCEL:
        note = "; ".join(filter(None, (note, await handover.on_cancel(db, order, actor)))) or None
    elif action == OrderAction.RELEASE:
        await fulfilment.on_release(db, order)
    if target != OrderStatus.ABNORMAL:
        hold = None
    before, revision = order.status, order.revision + 1
    await db.execute(update(Order).where(Order.id == order.id, Order.ordered_at == order.ordered_at).values(
        status=target, cause=hold.cause if hold else None, rule_id=hold.rule_id if hold else None,
        rule_name=hold.rule_name if hold else None, revision=revision, updated_at=func.now()))
    db.add(OrderEvent(order_id=order.id, ordered_at=order.ordered_at, revision=revision, kind=OrderEventKind(action),
                      from_status=before, to_status=target, cause=hold.cause if hold else None,
                      rule_name=hold.rule_name if hold else None, actor_id=actor.id if actor else None,
                      actor_name=actor.username if actor else CHANNEL,
                      note="; ".join(filter(None, (note, hold.note if hold else None)))[:rules.NOTE_MAX] or None))
    await db.flush()
    return await _locked(db, order.id, order.ordered_at)
