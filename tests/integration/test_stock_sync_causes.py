"""The stock exception causes of SPEC §8 that compare a store's channel orders with its pushes, each produced by a
real sync flow on a Temporal test server; and the push status of SPEC §4 (a push is written pushing, attempted,
and one that failed is retried from the push history, audited)."""

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import ShopConnectionStatus
from domain.enums import StockMovementType as M
from domain.models.audit import EntityChange
from domain.models.merchants import Shop
from domain.models.stock_sync import StockPush
from tests.conftest import own_flows
from tests.integration.stock_order_support import ORDERS, Place
from tests.integration.stock_order_support import create as create_order
from tests.integration.stock_support import moved
from tests.integration.stock_sync_support import Stocked, stocked_store

STAFF = ("search-warehouse-stock", "stock#sync", "events-warehouse-stock", "stock-push-history", "stock-push#retry",
         *ORDERS)
env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def sync(client, env, staff, store: Stocked) -> list[dict]:
    """Sync the store and wait for its flow; its pushes in sku order."""
    body = {"merchantId": store.merchant_id, "country": "ID", "channel": "SHOPEE_ID", "shopId": store.shop_id}
    reply = await client.post("/cms/stock-sync/sync", headers=staff, json=body)
    assert reply.status_code == 200, reply.text
    flow = reply.json()["data"]
    await env.client.get_workflow_handle(flow["workflowId"]).result()
    return (await client.post("/cms/stock-sync/push/search", headers=staff, json={
        "eventId": flow["event"]["id"], "sort": "sku"})).json()["data"]["items"]


async def channel_order(client, staff, store: Stocked, number: str, ordered_at, quantity: int = 1) -> dict:
    """An outbound order of the store's first sku fulfilling channel order `number`, placed at `ordered_at`."""
    place = Place(store.merchant_id, store.place.warehouse_id, store.skus[0])
    return (await create_order(client, staff, place, "SALES_OUTBOUND", lines=[{"sku": place.sku, "quantity": quantity}],
                               shopId=store.shop_id, channelOrderNo=number,
                               channelOrderedAt=ordered_at.isoformat()))["data"]


async def pushed_at(store: Stocked):
    async with transaction() as db:
        return await db.scalar(select(StockPush.pushed_at).where(StockPush.shop_id == store.shop_id)
                               .order_by(StockPush.id.desc()).limit(1))


def outcome(pushes: list[dict]) -> list[tuple]:
    return [(p["quantity"], p["status"], p["cause"]) for p in pushes]


async def test_one_channel_order_in_two_outbound_orders_is_multiple_external_variations(client, env, staff):
    store = await stocked_store(stock={"A": 10})
    async with transaction() as db:
        now = await db.scalar(select(Shop.created_at).where(Shop.id == store.shop_id))
    for _ in range(2):  # two variations of the listing, one SKU: the channel order arrives as two outbound orders
        await channel_order(client, staff, store, "SHP-MEV-1", now)
    assert outcome(await sync(client, env, staff, store)) == [(8, "COMPLETE", "MULTIPLE_EXTERNAL_VARIATIONS")]


async def test_an_order_placed_before_a_push_and_received_after_it_is_received_after_push(client, env, staff):
    store = await stocked_store(stock={"A": 10})
    assert outcome(await sync(client, env, staff, store)) == [(10, "COMPLETE", None)]
    first = await pushed_at(store)
    await channel_order(client, staff, store, "SHP-RAP-1", first - timedelta(seconds=1), quantity=3)
    assert outcome(await sync(client, env, staff, store)) == [(7, "COMPLETE", "ORDER_RECEIVED_AFTER_PUSH")]


async def test_an_order_received_long_after_it_was_placed_is_an_order_pull_delay(client, env, staff):
    store = await stocked_store(stock={"A": 10})
    async with transaction() as db:
        now = await db.scalar(select(Shop.created_at).where(Shop.id == store.shop_id))
    await channel_order(client, staff, store, "SHP-OPD-1", now - timedelta(minutes=10), quantity=2)
    assert outcome(await sync(client, env, staff, store)) == [(8, "COMPLETE", "ORDER_PULL_DELAY")]


async def test_stock_changed_without_a_channel_order_since_the_last_push_is_not_caused_by_an_order(client, env, staff):
    store = await stocked_store(stock={"A": 10, "B": 4})
    await sync(client, env, staff, store)
    await moved(store.place, M.MANUAL_OUTBOUND, 3, store.skus[0])
    assert outcome(await sync(client, env, staff, store)) == [(7, "COMPLETE", "NOT_CAUSED_BY_ORDER"),
                                                              (4, "COMPLETE", None)]


async def test_a_failed_push_is_retried_from_the_push_history_and_audited(client, env, staff):
    store = await stocked_store(stock={"A": 6}, shop={"connection_status": ShopConnectionStatus.DISCONNECTED})
    [failed] = await sync(client, env, staff, store)
    assert (failed["status"], failed["cause"]) == ("PUSH_FAILED", "CHANNEL_PUSH_FAILED")
    async with transaction() as db:
        await db.execute(update(Shop).where(Shop.id == store.shop_id)
                         .values(connection_status=ShopConnectionStatus.CONNECTED))
    await moved(store.place, M.MANUAL_INBOUND, 2, store.skus[0])
    reply = await client.post("/cms/stock-sync/push/retry", headers=staff, json={"id": failed["id"]})
    assert reply.status_code == 200, reply.text
    retried = reply.json()["data"]
    assert (retried["id"], retried["quantity"], retried["status"], retried["cause"]) == (failed["id"], 8, "COMPLETE",
                                                                                      None)
    event = (await client.get(f"/cms/stock-sync/event/flow/{failed['eventId']}", headers=staff)).json()["data"]
    assert event["event"]["exceptionCount"] == 0

    again = await client.post("/cms/stock-sync/push/retry", headers={**staff, "Accept-Language": "zh-CN"},
                              json={"id": failed["id"]})
    assert (again.status_code, again.json()["code"]) == (409, "STOCK_PUSH_NOT_RETRYABLE")
    assert "完成" in again.json()["message"]  # the status named by its translated label
    async with transaction() as db:
        audited = (await db.execute(select(EntityChange.action, EntityChange.changes).where(
            EntityChange.entity == "StockPush", EntityChange.entity_id == str(failed["id"])))).all()
    assert [a for a, _ in audited] == ["retry"]


async def test_a_retry_needs_its_button_and_the_push_in_the_data_authority(client, env, login_as):
    store = await stocked_store(stock={"A": 1}, shop={"connection_status": ShopConnectionStatus.DISCONNECTED})
    [failed] = await sync(client, env, await login_as(*STAFF), store)
    viewer = await login_as("stock-push-history")
    denied = await client.post("/cms/stock-sync/push/retry", headers=viewer, json={"id": failed["id"]})
    assert denied.status_code == 403
    async with transaction() as db:
        assert await db.scalar(select(StockPush.status).where(StockPush.id == failed["id"])) == "PUSH_FAILED"
