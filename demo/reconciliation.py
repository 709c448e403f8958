"""Demo financial reconciliation for a first `make run`: the channels' settlement lines of last month's demo orders
of a few merchants (most paid in full, some short, a few over, some missing, and a few payouts for orders the shops
never had), and a finished run of each of those merchants for that month, compared by the service the flow uses.
Called by the start's seeding step (api/prestart.py `seed`) after the demo orders."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import OrderStatus
from domain.models.orders import Order
from domain.models.reconciliation import SettlementLine
from services.reconciliation.runs import compare_in, create_run

MERCHANTS = 3
FEE_RATE = Decimal("0.03")


def last_month(today: date) -> tuple[date, date]:
    end = today.replace(day=1) - timedelta(days=1)
    return end.replace(day=1), end


def line(order: Order, outcome: str, rng: random.Random) -> SettlementLine:
    fees = (order.total * FEE_RATE).quantize(Decimal("0.01"))
    amount = order.total - fees
    if outcome == "short":
        amount -= (order.total * Decimal(rng.choice(("0.02", "0.05", "0.10")))).quantize(Decimal("0.01"))
    elif outcome == "over":
        amount += Decimal(rng.choice((1000, 2500, 5000)))
    paid = order.ordered_at + timedelta(days=rng.randrange(3, 10))
    return SettlementLine(shop_id=order.shop_id, merchant_id=order.merchant_id, settlement_id=f"ST-{paid:%Y%m%d}",
                          line_id=f"{order.channel_order_no}-1", channel_order_no=order.channel_order_no,
                          amount=amount, fees=fees, currency=order.currency, paid_at=paid)


async def create(db: AsyncSession, now: datetime | None = None) -> int:
    """The demo settlements and runs; returns how many runs were made."""
    now = now or datetime.now(UTC)
    rng = random.Random(52)
    first, last = last_month(now.date())
    since = datetime.combine(first, datetime.min.time(), UTC)
    until = datetime.combine(last + timedelta(days=1), datetime.min.time(), UTC)
    merchant_ids = (await db.scalars(select(Order.merchant_id).where(
        Order.ordered_at >= since, Order.ordered_at < until).group_by(Order.merchant_id)
        .order_by(Order.merchant_id).limit(MERCHANTS))).all()
    for merchant_id in merchant_ids:
        orders = (await db.scalars(select(Order).where(
            Order.merchant_id == merchant_id, Order.ordered_at >= since, Order.ordered_at < until,
            Order.status != OrderStatus.CANCELLED).order_by(Order.id))).all()
        for order in orders:
            outcome = rng.choices(("match", "short", "over", "missing"), weights=(80, 9, 3, 8))[0]
            if outcome != "missing":
                db.add(line(order, outcome, rng))
        for n, order in enumerate(orders[:2]):  # payouts naming orders the shop never had
            stray = line(order, "match", rng)
            stray.channel_order_no = stray.line_id = f"UNKNOWN-{order.shop_id}-{n + 1}"
            db.add(stray)
        await db.flush()
        run = await create_run(db, merchant_id=merchant_id, shop_id=None, period_from=first, period_to=last,
                               started_by="demo")
        await compare_in(db, run, now)
    return len(merchant_ids)
