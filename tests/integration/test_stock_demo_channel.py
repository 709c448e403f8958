"""The demo stock orders of a first `make run` (demo/stock.py): each sales outbound order of a merchant
with a bound store fulfils a channel order of that store, so the product flow's channel order column shows them."""

from sqlalchemy import select

from domain.db import transaction
from domain.models.merchants import Shop
from domain.models.stock_orders import StockOrder


async def test_demo_sales_outbound_orders_fulfil_channel_orders_the_product_flow_shows(client, login_as):
    async with transaction() as db:
        demo = (await db.scalars(select(StockOrder).where(
            StockOrder.remark == "Demo order", StockOrder.order_type == "SALES_OUTBOUND"))).all()
        stores = {shop.merchant_id: shop for shop in (await db.scalars(select(Shop).where(Shop.bound))).all()}
    fulfilling = [order for order in demo if order.merchant_id in stores]
    assert fulfilling, "the demo has sales outbound orders of merchants with a store"
    for order in fulfilling:
        assert order.channel_order_no and order.channel_ordered_at is not None
        assert order.shop_id is not None and (await _merchant_of(order.shop_id)) == order.merchant_id
    staff = await login_as("product-flow")
    merchant_id = fulfilling[0].merchant_id
    flow = (await client.post("/cms/stock-sync/flow/search", headers=staff,
                              json={"merchantId": merchant_id, "pageSize": 500})
            ).json()["data"]["items"]
    numbers = {order.channel_order_no for order in fulfilling if order.merchant_id == merchant_id}
    assert numbers & {row["channelOrderNo"] for row in flow}


async def _merchant_of(shop_id: int) -> int | None:
    async with transaction() as db:
        return await db.scalar(select(Shop.merchant_id).where(Shop.id == shop_id))
