"""A timeline entry that changes no state: stock reserved (or found short) before acceptance, the order handed to
its warehouse in packages. The order's revision moves, as a transition's does, so the entry takes the next one."""

from __future__ import annotations

from sqlalchemy import func, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from domain.enums import OrderEventKind
from domain.models.orders import Order, OrderEvent
from domain.rules import orders as rules
from services.actors import Actor


async def note(db: AsyncSession, order: Order, kind: OrderEventKind, actor: Actor, text: str) -> None:
    revision = order.revision + 1
    await db.execute(update(Order).where(Order.id == order.id, Order.ordered_at == order.ordered_at)
                     .values(revision=revision, updated_at=func.now()))
    set_committed_value(order, "revision", revision)  # as stored: the flush writes it no second time
    db.add(OrderEvent(order_id=order.id, ordered_at=order.ordered_at, revision=revision, kind=kind,
                      from_status=order.status, to_status=order.status, actor_id=actor.id,
                      actor_name=actor.username, note=text[:rules.NOTE_MAX]))
    await db.flush()
