"""The page path's tests' pieces: orders as a channel sends them, a run to ingest them in, a page ingested in one
transaction (its statements counted), and what a shop then holds, comparable between shops."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import event, func, select

from domain.db import transaction
from domain.models.merchants import Shop
from domain.models.order_sync import OrderSyncFailure, OrderSyncRun
from domain.models.orders import Order, OrderCountDelta, OrderEvent, OrderLine
from services.channels import Unreadable
from services.channels.wire import Address, Buyer, ChannelOrderIn, Line
from services.order_sync import Counts, ingest
from tests.conftest import unique

ORDERED = (datetime.now(UTC) - timedelta(hours=3)).replace(microsecond=0)
FIRST = ORDERED + timedelta(minutes=5)  # the channel's first copy
LATER = ORDERED + timedelta(minutes=30)  # a newer copy
LINES = (("SKU-A", 2, "15000"), ("SKU-B", 1, "5000"))


def wire(number: str, *, updated: datetime = FIRST, status: str = "PAID", buyer: str = "Budi",
         phone: str | None = None, lines: Sequence[tuple[str, int, str]] = LINES) -> ChannelOrderIn:
    return ChannelOrderIn(
        order_no=number, status=status, ordered_at=ORDERED, updated_at=updated, currency="IDR",
        buyer=Buyer(name=buyer, phone=phone), shipping_fee=Decimal("9000"),
        address=Address(recipient="Budi", line1="Jl. Sudirman 1", city="Jakarta", country="ID"),
        lines=[Line(line_no=i, sku=sku, quantity=quantity, unit_price=Decimal(price))
               for i, (sku, quantity, price) in enumerate(lines, start=1)])


async def new_run(shop_id: int) -> int:
    async with transaction() as db:
        shop = await db.get(Shop, shop_id)
        assert shop is not None
        run = OrderSyncRun(shop_id=shop.id, merchant_id=shop.merchant_id, channel=str(shop.channel),
                           country=str(shop.country), kind="MANUAL", status="RUNNING",
                           workflow_id=f"order-sync-{shop.id}-now-{unique()}")
        db.add(run)
        await db.flush()
        return run.id


@dataclass
class Ingested:
    counts: Counts
    statements: list[str] = field(default_factory=list)


async def ingest_page(shop_id: int, run_id: int, page: Sequence[ChannelOrderIn | Unreadable]) -> Ingested:
    """The page ingested in one transaction, as the sync's page activity does; the statements it sent."""
    done = Ingested(Counts())

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        done.statements.append(statement)

    async with transaction() as db:
        shop, run = await db.get(Shop, shop_id), await db.get(OrderSyncRun, run_id)
        assert shop is not None and run is not None
        engine = db.get_bind()
        event.listen(engine, "before_cursor_execute", seen)
        try:
            await ingest(db, shop, run, page, done.counts)
        finally:
            event.remove(engine, "before_cursor_execute", seen)
    return done


async def held(shop_id: int) -> dict[str, Any]:
    """What the shop holds, by order number: the orders, their lines and timelines, the tab count deltas by
    status, and the runs' failures (number, reason, resolved)."""
    async with transaction() as db:
        orders = (await db.scalars(select(Order).where(Order.shop_id == shop_id))).all()
        numbers = {o.id: o.channel_order_no for o in orders}
        lines = (await db.execute(select(OrderLine).where(OrderLine.order_id.in_(numbers)))).scalars().all()
        events = (await db.execute(select(OrderEvent).where(OrderEvent.order_id.in_(numbers)))).scalars().all()
        deltas = (await db.execute(select(OrderCountDelta.status, func.sum(OrderCountDelta.delta))
                                   .where(OrderCountDelta.shop_id == shop_id)
                                   .group_by(OrderCountDelta.status))).all()
        failures = (await db.execute(select(OrderSyncFailure).where(OrderSyncFailure.shop_id == shop_id))).scalars()
        return {
            "orders": {o.channel_order_no: (
                o.status, o.cause, o.revision, o.buyer_name, o.buyer_phone, o.currency, o.subtotal, o.total,
                o.shipping_fee, o.channel_updated_at) for o in orders},
            "lines": sorted((numbers[x.order_id], x.line_no, x.sku, x.quantity, x.unit_price) for x in lines),
            "events": sorted((numbers[e.order_id], e.revision, e.kind, e.from_status, e.to_status, e.actor_name,
                              e.note) for e in events),
            "deltas": {status: int(n) for status, n in deltas if n},
            "failures": sorted((f.channel_order_no, f.reason, f.resolved_at is not None) for f in failures),
        }
