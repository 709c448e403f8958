"""Demo channel orders for a first `make run`: orders over the last 120 days for the demo merchants' shops across
their channels and countries, in every state of the order tabs, and each shop's newest few just placed and awaiting
acceptance (those of a merchant whose order settings accept by themselves are accepted at the end, as the
built-in task does every minute after). Each enters through services/orders `upsert_channel_order` and moves
through `transition`, as a synced order does; the counts are folded at the end. Their lines sell the merchant's
product library (the demo warehouses' SKUs, or the marketplace catalogue's in a store warehouse,
demo/store_warehouses.py). Called by the start's seeding step (api/prestart.py `seed`) after the demo stock."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from demo.regions import region_of
from domain.enums import OrderAction, OrderExceptionCause, OrderStatus
from domain.errors import DomainError
from domain.flows.orders import ChannelOrder, ChannelOrderLine
from domain.models.erp_settings import OrderSetting
from domain.models.merchants import Shop
from domain.models.warehouses import WmsProduct
from domain.rules.order_stats import HOUR, floor_hour
from services.orders import auto, stats, transition, upsert_channel_order
from services.orders.counts import fold
from services.orders.packing import RECIPIENT

DAYS = 120
PER_SHOP = 60  # orders a shop, spread over DAYS
FRESH = 3  # and its newest, placed in the last hours and awaiting acceptance
SHOPS = 25
BUYERS = ("Budi Santoso", "Siti Rahma", "Nguyen Van An", "Maria Santos", "Tan Wei Ming", "Somchai Suk", "Dewi Lestari")
COURIERS = ("JNE", "J&T Express", "SiCepat", "Ninja Van", "Flash Express", "GHN")
# what has happened to an order of this age, as (action, ...) steps, by chance
FINISHED = ((OrderAction.ACCEPT, OrderAction.SHIP, OrderAction.COMPLETE),) * 8 + ((OrderAction.CANCEL,),)
RECENT = ((), (OrderAction.ACCEPT,), (OrderAction.ACCEPT, OrderAction.SHIP), (OrderAction.HOLD,), (OrderAction.CANCEL,))


def number(shop: Shop, i: int) -> str:
    return f"DEMO-{shop.channel[:3]}-{shop.id}-{i:05d}"


def order_of(shop: Shop, i: int, skus: list[str], rng: random.Random, now: datetime,
             within: timedelta = timedelta(days=DAYS)) -> ChannelOrder:
    at = now - within * rng.random()
    region = region_of(shop.country)  # prices, city and phone of the shop's country
    picked = rng.sample(skus, k=min(len(skus), rng.randint(1, 3)))
    lines = [ChannelOrderLine(sku=sku, quantity=rng.randint(1, 3),
                              unit_price=region.local(rng.randrange(5, 300) * 1000), product_name=f"Product {sku}")
             for sku in picked]
    buyer = rng.choice(BUYERS)
    return ChannelOrder(
        channel_order_no=number(shop, i), ordered_at=at, paid_at=min(at + timedelta(minutes=rng.randint(1, 90)), now),
        channel_updated_at=at, lines=lines, buyer_name=buyer, buyer_phone=region.phone(rng.randrange(10**8, 10**9)),
        buyer_email=f"{buyer.split()[0].lower()}@buyer.example", recipient_name=buyer,
        address_line1=f"Jl. Demo {rng.randint(1, 200)}", city=region.city, province=region.province,
        postcode=f"{rng.randint(10000, 99999)}", address_country=shop.country, awb=f"AWB{rng.randrange(10**9, 10**10)}",
        weight_g=rng.randint(100, 5000), courier=rng.choice(COURIERS), invoice_no=f"INV/{at:%Y%m%d}/{shop.id}/{i}",
        shipping_fee=region.local(rng.randrange(5, 30) * 1000), insurance=region.local(rng.choice((0, 0, 1000, 2500))))


async def step(db: AsyncSession, order_id: int, action: OrderAction) -> bool:
    """One action of an order's demo life, as staff would take it; False when the order cannot take it (a store
    without a warehouse cannot accept, a short SKU holds the order as abnormal): its life ends where it stands."""
    cause = OrderExceptionCause.ORDER_PULL_DELAY if action == OrderAction.HOLD else None
    try:  # a refusal comes before the transition writes anything
        order = await transition(db, None, order_id, action, cause=cause)
    except DomainError:
        return False
    return action == OrderAction.HOLD or order.status != OrderStatus.ABNORMAL


async def repeat_buyer(db: AsyncSession, shop: Shop, skus: list[str], rng: random.Random, now: datetime) -> int:
    """Two orders of one buyer to one address placed minutes apart yesterday, accepted: the store's merchant merges
    a buyer's orders, so the first handed to the warehouse (demo/wms_orders.py) takes the other in its package."""
    first = order_of(shop, PER_SHOP + FRESH, skus, rng, now - timedelta(days=1), timedelta(hours=1))
    again = order_of(shop, PER_SHOP + FRESH + 1, skus, rng, now - timedelta(days=1), timedelta(hours=1))
    buyer = {field: getattr(first, field) for field in ("buyer_name", "buyer_phone", "buyer_email", *RECIPIENT)}
    again = again.model_copy(update=buyer | {"ordered_at": first.ordered_at + timedelta(minutes=5),
                                             "paid_at": first.ordered_at + timedelta(minutes=6)})
    made = 0
    for order in (first, again):
        order_id, created = await upsert_channel_order(db, shop, order)
        made += created
        if created:
            await step(db, order_id, OrderAction.ACCEPT)
    return made


async def create(db: AsyncSession, now: datetime | None = None) -> int:
    """The demo orders; returns how many were made."""
    now = now or datetime.now(UTC)
    rng = random.Random(28)
    shops = (await db.scalars(select(Shop).where(Shop.bound).order_by(Shop.id).limit(SHOPS))).all()
    made = 0
    for shop in shops:
        skus = list((await db.scalars(select(WmsProduct.sku).where(WmsProduct.merchant_id == shop.merchant_id)
                                      .order_by(WmsProduct.sku).limit(8))).all())
        skus = skus or [f"DEMO-SKU-{n}" for n in range(1, 6)]
        for i in range(PER_SHOP):
            order = order_of(shop, i, skus, rng, now)
            order_id, created = await upsert_channel_order(db, shop, order)
            made += created
            old = now - order.ordered_at > timedelta(days=7)
            for action in rng.choice(FINISHED if old else RECENT) if created else ():
                if not await step(db, order_id, action):
                    break
        fresh = random.Random(shop.id)  # apart from `rng`: the older orders stay as they were
        for i in range(PER_SHOP, PER_SHOP + FRESH):
            made += (await upsert_channel_order(db, shop, order_of(shop, i, skus, fresh, now, timedelta(hours=6))))[1]
        if await db.scalar(select(OrderSetting.auto_merge).where(OrderSetting.merchant_id == shop.merchant_id)):
            made += await repeat_buyer(db, shop, skus, fresh, now)
    # what the demo merchants' order settings do by themselves, as the built-in task does every minute after
    for due in await auto.due(db, now, None, SHOPS * (PER_SHOP + FRESH)):
        await auto.settle(db, due)
    await fold(db)
    # the order statistics of the demo's 120 days and the current hour, as the hourly rollup keeps them after
    await stats.roll(db, floor_hour(now) - timedelta(days=121), floor_hour(now) + HOUR)
    return made
