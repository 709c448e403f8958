"""A small, realistic data set for every module, created on first start of `make run`. The demo stock (warehouses
and what moves in them) follows in demo/stock.py, which may call the stock ledger."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import Channel, CourierStatus, ShippingMethod
from domain.models.couriers import Courier
from domain.seed import (
    demo_content,
    demo_deployments,
    demo_mail,
    demo_merchants,
    demo_packages,
    demo_queue_alerts,
    demo_tickets,
    jobs,
)

COURIERS = [
    ("JNE", Channel.SHOPEE_ID, ShippingMethod.PICK_UP, "ID"),
    ("SiCepat", Channel.SHOPEE_ID, ShippingMethod.DROP_OFF, "ID"),
    ("AnterAja", Channel.TOKOPEDIA_ID, ShippingMethod.PICK_UP, "ID"),
    ("Ninja Van", Channel.LAZADA_ID, ShippingMethod.DROP_OFF, "PH"),
    ("Flash Express", Channel.LAZADA_ID, ShippingMethod.PICK_UP, "TH"),
    ("Kerry Express", Channel.TIKTOK_ID, ShippingMethod.DROP_OFF, "TH"),
    ("GHN", Channel.TIKI_ID, ShippingMethod.PICK_UP, "VN"),
    ("Pos Laju", Channel.SHOPIFY_ID, ShippingMethod.MANUAL_SHIP, "MY"),
]


async def create(db: AsyncSession) -> None:
    for name, channel, method, country in COURIERS:
        db.add(Courier(name=name, channel=channel, shipping_method=method, country=country,
                       status=CourierStatus.DISABLED if name == "Pos Laju" else CourierStatus.LIVE))
    await db.flush()
    await demo_packages.create(db)
    await demo_tickets.create(db)
    await demo_merchants.create(db)
    await demo_content.create(db)
    await demo_mail.create(db)
    await demo_deployments.create(db)
    await demo_queue_alerts.create(db)
    await jobs.create_demo(db)
