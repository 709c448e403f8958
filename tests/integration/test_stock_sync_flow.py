"""Sync stock (SPEC §5: merchant, country, channel and store required) on a real Temporal test server: the
`stock-sync-{eventId}` flow writes what each sku of the store's bound warehouses pushes (SPEC §4 switches) with
the exception causes of SPEC §8, a retried batch writes each sku once, and the push history filters by cause."""

import pytest
from sqlalchemy import func, select

from activities.stock_sync import push_stock_batch
from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.flows.stock_sync import PushBatch, SyncProgress
from domain.models.stock_sync import StockPush
from tests.conftest import own_flows
from tests.integration.stock_support import moved
from tests.integration.stock_sync_support import stocked_store

STAFF = ("search-warehouse-stock", "stock#sync", "events-warehouse-stock", "stock-push-history",
         "stock-settings", "stock-settings#edit", "temporal#operate")
env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


def sync_body(store, **over):
    return {"merchantId": store.merchant_id, "country": "ID", "channel": "SHOPEE_ID", "shopId": store.shop_id, **over}


async def test_a_sync_pushes_available_stock_per_sku_and_notes_the_causes(client, env, staff):
    store = await stocked_store(stock={"A": 10, "B": 6})
    a, b = store.skus
    await moved(store.place, M.LOCK_OUTBOUND, 3, a)
    await moved(store.place, M.RESERVE_PROMOTION, 2, b)
    reply = await client.post("/cms/stock-sync/sync", headers=staff, json=sync_body(store))
    assert reply.status_code == 200, reply.text
    flow = reply.json()["data"]
    event_id = flow["event"]["id"]
    assert flow["workflowId"] == f"stock-sync-{event_id}"
    assert flow["workflowUrl"].endswith(f"/workflows/stock-sync-{event_id}")
    progress = await env.client.get_workflow_handle(flow["workflowId"], result_type=SyncProgress).result()
    assert progress.done and progress.skus == 2
    pushes = (await client.post("/cms/stock-sync/push/search", headers=staff,
                                json={"eventId": event_id, "sort": "sku"})).json()["data"]["items"]
    # promotion stock off (no settings): the promotion bucket is pushed too, and the cause says so
    assert [(p["sku"], p["quantity"], p["status"], p["cause"]) for p in pushes] == [
        (a, 7, "COMPLETE", None), (b, 6, "COMPLETE", "PROMOTION_STOCK_NOT_ENABLED")]
    by_cause = (await client.post("/cms/stock-sync/push/search", headers=staff, json={
        "merchantId": store.merchant_id, "cause": ["PROMOTION_STOCK_NOT_ENABLED"]})).json()["data"]
    assert [p["sku"] for p in by_cause["items"]] == [b]
    event = (await client.get(f"/cms/stock-sync/event/flow/{event_id}", headers=staff)).json()["data"]["event"]
    assert (event["result"], event["skuCount"], event["exceptionCount"]) == ("SUCCEEDED", 2, 1)


async def test_lock_stock_on_holds_every_push(client, env, staff):
    store = await stocked_store(stock={"A": 5})
    await client.post("/cms/stock-sync/setting/save", headers=staff,
                      json={"merchantId": store.merchant_id, "lockStock": True, "promotionStock": True})
    flow = (await client.post("/cms/stock-sync/sync", headers=staff, json=sync_body(store))).json()["data"]
    await env.client.get_workflow_handle(flow["workflowId"]).result()
    pushes = (await client.post("/cms/stock-sync/push/search", headers=staff,
                                json={"eventId": flow["event"]["id"]})).json()["data"]["items"]
    assert [(p["status"], p["cause"]) for p in pushes] == [("NOT_PUSHED", "STOCK_NOT_PUSHED")]


async def test_a_retried_batch_writes_each_sku_once(client, env, staff):
    store = await stocked_store(stock={"A": 5, "B": 1})
    flow = (await client.post("/cms/stock-sync/sync", headers=staff, json=sync_body(store))).json()["data"]
    await env.client.get_workflow_handle(flow["workflowId"]).result()
    event_id = flow["event"]["id"]
    now = await env.get_current_time()
    again = await push_stock_batch(PushBatch(event_id=event_id, requested_at=now, pushed_at=now))
    assert again.written == 2 and again.last_sku is None
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(StockPush.event_id == event_id)) == 2


@pytest.mark.parametrize(("over", "field"), [
    ({"merchantId": None}, "merchantId"), ({"country": None}, "country"), ({"channel": None}, "channel"),
    ({"shopId": None}, "shopId"), ({"channel": "LAZADA_ID"}, "channel"), ({"country": "PH"}, "country"),
    ({"channel": "NOT_A_CHANNEL"}, "channel"), ({"shopId": "abc"}, "shopId")])
async def test_sync_needs_merchant_country_channel_and_the_matching_store(client, staff, over, field):
    store = await stocked_store(stock={"A": 1})
    body = {k: v for k, v in sync_body(store, **over).items() if v is not None}
    reply = await client.post("/cms/stock-sync/sync", headers={**staff, "Accept-Language": "id"}, json=body)
    assert reply.status_code == 422, reply.text
    assert reply.json()["data"]["errors"][0]["field"] == field
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(StockPush.shop_id == store.shop_id)) == 0


async def test_a_store_without_a_bound_warehouse_cannot_sync(client, staff):
    store = await stocked_store(stock={"A": 1}, bind=False)
    reply = await client.post("/cms/stock-sync/sync", headers=staff, json=sync_body(store))
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["rule"] == "stock_store_no_warehouse"
    events = (await client.post("/cms/stock-sync/event/search", headers=staff,
                                json={"merchantId": store.merchant_id})).json()["data"]
    assert events["total"] == 0
