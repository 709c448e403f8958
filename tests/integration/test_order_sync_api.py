"""Order sync API refusals (no flow starts): a shop that is unbound or not connected is not synced, a run without
failed orders has nothing to retry, a missing or malformed field is named, and the permissions are required."""

from datetime import UTC, datetime

import pytest

from domain.db import transaction
from domain.models.order_sync import OrderSyncRun
from tests.conftest import unique
from tests.integration.order_sync_support import sync_shop

STAFF = ("order-sync#view", "order-sync#run", "oms-shop")


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


@pytest.mark.parametrize("shop", [{"bound": False}, {"connection_status": "DISCONNECTED"}])
async def test_a_shop_unbound_or_not_connected_is_not_synced(client, staff, shop):
    found = await sync_shop(**shop)
    reply = await client.post("/cms/order-sync/sync", headers=staff, json={"shopId": found.shop_id})
    assert reply.status_code == 409, reply.text
    assert reply.json()["code"] == "ORDER_SYNC_SHOP_NOT_SYNCABLE" and reply.json()["data"]["field"] == "shopId"


async def test_a_run_without_failed_orders_has_nothing_to_retry(client, staff):
    found = await sync_shop()
    async with transaction() as db:
        run = OrderSyncRun(shop_id=found.shop_id, merchant_id=found.merchant_id, channel="SHOPEE_ID", country="ID",
                           kind="MANUAL", status="SUCCEEDED", workflow_id=unique("order-sync-"),
                           pages=1, fetched=0, created_count=0, updated_count=0, failed_count=0,
                           finished_at=datetime.now(UTC))
        db.add(run)
        await db.flush()
        run_id = run.id
    reply = await client.post("/cms/order-sync/retry", headers=staff, json={"runId": run_id})
    assert reply.status_code == 409 and reply.json()["code"] == "ORDER_SYNC_NOTHING_TO_RETRY"
    missing = await client.post("/cms/order-sync/retry", headers=staff, json={"runId": 2**40})
    assert missing.status_code == 404


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/cms/order-sync/sync", {}, "shopId"), ("/cms/order-sync/sync", {"shopId": "x"}, "shopId"),
    ("/cms/order-sync/retry", {"runId": 0}, "runId")])
async def test_malformed_input_names_the_field(client, staff, path, body, field):
    reply = await client.post(path, headers=staff, json=body)
    assert reply.status_code == 422, reply.text
    assert [e["field"] for e in reply.json()["data"]["errors"]] == [field]


async def test_sync_and_retry_need_their_permission(client, login_as):
    viewer = await login_as("order-sync#view", "oms-shop")
    found = await sync_shop()
    refused = await client.post("/cms/order-sync/sync", headers=viewer, json={"shopId": found.shop_id})
    assert refused.status_code == 403
    assert (await client.post("/cms/order-sync/retry", headers=viewer, json={"runId": 1})).status_code == 403
    listed = await client.post("/cms/order-sync/run/search", headers=viewer, json={"shopId": found.shop_id})
    assert listed.status_code == 200 and listed.json()["data"]["total"] == 0
