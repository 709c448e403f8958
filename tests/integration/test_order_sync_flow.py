"""Order sync on a Temporal test server against the demo marketplace in this process: a run pulls every page and
moves the cursor, a page fetched twice or a retried activity makes no second order, the overlap window takes an
order a skewed channel clock stamped before the cursor, a failed page is retried with back-off, a rate limit is
waited out, a page failing for good fails the run ('sync failed'), and a partial failure ('some orders failed,
retry later') is retried order by order through the API ('retry succeeded'). A run whose flow was terminated in the
Temporal Web UI is closed as failed by the shop's next run; one whose flow still runs is left to it."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from temporalio.client import WorkflowExecutionStatus, WorkflowFailureError

from activities.order_sync import sync_order_page
from domain.db import transaction
from domain.flows.order_sync import SyncPage, SyncTally
from domain.models.order_sync import OrderSyncRun
from domain.models.orders import Order
from domain.settings import get_settings
from tests.conftest import own_flows, unique
from tests.integration.order_sync_support import (
    control,
    cursor_of,
    failures_of,
    orders_of,
    running_marketplace,
    runs_of,
    stuck_run,
    sync_shop,
)
from tests.integration.ticket_support import eventually

STAFF = ("order-sync#view", "order-sync#run", "oms-shop", "temporal#operate")
env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it


@pytest.fixture(scope="module")
def market():
    yield from running_marketplace(history=12)


@pytest.fixture(autouse=True)
def small_pages(monkeypatch, market):
    monkeypatch.setattr(get_settings(), "order_sync_page_size", 5)
    control(market, "heal")


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def synced(client, env, staff, shop_id: int, *, fails: bool = False) -> dict:
    reply = await client.post("/cms/order-sync/sync", headers=staff, json={"shopId": shop_id})
    assert reply.status_code == 200, reply.text
    flow = reply.json()["data"]
    assert flow["workflowId"].startswith(f"order-sync-{shop_id}-now-")
    assert flow["workflowUrl"].endswith(flow["workflowId"])
    handle = env.client.get_workflow_handle(flow["workflowId"], result_type=SyncTally)
    if fails:  # its pages' back-off runs on the wall clock: the run's row says when it is over
        async def over() -> bool:
            return all(r.status != "RUNNING" for r in await runs_of(shop_id))

        async def closed() -> bool:  # then the history holds its end (a long poll under load may come back empty)
            return (await handle.describe()).status != WorkflowExecutionStatus.RUNNING

        await eventually(over, timeout=120)
        await eventually(closed, timeout=60)
        with pytest.raises(WorkflowFailureError):
            await handle.result()
    else:
        await handle.result()
    return flow


async def test_a_run_pulls_every_page_and_moves_the_cursor(client, env, staff, market):
    shop = await sync_shop()
    await synced(client, env, staff, shop.shop_id)
    [run] = await runs_of(shop.shop_id)
    assert (run.kind, run.status, run.pages, run.fetched, run.created_count, run.failed_count) == (
        "MANUAL", "SUCCEEDED", 3, 12, 12, 0)
    assert await orders_of(shop.shop_id) == 12
    assert await cursor_of(shop.shop_id) == run.until
    shown = (await client.get(f"/cms/shop/detail/{shop.shop_id}", headers=staff)).json()["data"]
    assert datetime.fromisoformat(shown["latestOrderSyncAt"].replace("Z", "+00:00")) == run.until


async def test_a_shop_on_a_regional_site_gets_its_orders_in_that_regions_terms(client, env, staff, market):
    """The adapter names the shop's country; the channel answers in its currency, with its addresses and phones."""
    shop = await sync_shop(country="TH")
    await synced(client, env, staff, shop.shop_id)
    async with transaction() as db:
        found = (await db.execute(select(Order.currency, Order.country, Order.address_country, Order.city,
                                         Order.buyer_phone, Order.total).where(Order.shop_id == shop.shop_id))).all()
    assert len(found) == 12
    assert {(row.currency, row.country, row.address_country, row.city) for row in found} == {
        ("THB", "TH", "TH", "Bangkok")}
    assert all(row.buyer_phone.startswith("+66") for row in found)
    assert all(row.total < 5_000 for row in found)  # baht, not rupiah: a few hundred to a few thousand


async def test_a_page_fetched_twice_or_a_second_run_makes_no_second_order(client, env, staff, market):
    shop = await sync_shop()
    await synced(client, env, staff, shop.shop_id)
    first = (await runs_of(shop.shop_id))[0]
    again = await sync_order_page(SyncPage(run_id=first.id))  # the first page, as a retried activity fetches it
    assert (again.fetched, again.created, again.updated) == (5, 0, 5)
    await synced(client, env, staff, shop.shop_id)
    assert await orders_of(shop.shop_id) == 12
    second = (await runs_of(shop.shop_id))[1]
    overlap = timedelta(minutes=get_settings().order_sync_overlap_minutes)
    assert second.since == first.until - overlap and second.created_count == 0


async def test_the_overlap_window_takes_an_order_a_skewed_clock_stamped_before_the_cursor(client, env, staff,
                                                                                          market):
    shop = await sync_shop()
    await synced(client, env, staff, shop.shop_id)
    cursor = await cursor_of(shop.shop_id)
    late = (cursor - timedelta(minutes=3)).astimezone(UTC).isoformat()  # the channel's clock 3 minutes behind
    [order] = control(market, "orders", shop=shop.external, count=1, at=late)["orders"]
    await synced(client, env, staff, shop.shop_id)
    assert await orders_of(shop.shop_id) == 13
    assert (await runs_of(shop.shop_id))[1].created_count == 1, order["orderNo"]


async def test_a_failed_page_is_retried_with_backoff(client, env, staff, market):
    shop = await sync_shop()
    control(market, "fail-pages", count=2, status=503)
    await synced(client, env, staff, shop.shop_id)
    [run] = await runs_of(shop.shop_id)
    assert (run.status, run.created_count) == ("SUCCEEDED", 12)


async def test_a_rate_limited_page_waits_what_the_channel_asked(client, env, staff, market):
    shop = await sync_shop()
    control(market, "throttle", count=2, retryAfter=1)
    await synced(client, env, staff, shop.shop_id)
    [run] = await runs_of(shop.shop_id)
    assert (run.status, run.created_count) == ("SUCCEEDED", 12)


async def test_a_page_failing_for_good_fails_the_run_and_keeps_the_cursor(client, env, staff, market):
    shop = await sync_shop()
    control(market, "fail-pages", count=6, status=500)
    await synced(client, env, staff, shop.shop_id, fails=True)
    [run] = await runs_of(shop.shop_id)
    assert run.status == "FAILED" and run.message.startswith("sync failed")
    assert await cursor_of(shop.shop_id) is None


async def test_a_partial_failure_lists_the_orders_and_retry_reruns_just_those(client, env, staff, market):
    shop = await sync_shop()
    page = control(market, "orders", shop=shop.external, count=2,
                   at=(datetime.now(UTC) - timedelta(minutes=1)).isoformat())["orders"]
    broken = sorted(o["orderNo"] for o in page)
    control(market, "fail-orders", shop=shop.external, orders=broken)
    await synced(client, env, staff, shop.shop_id)
    [run] = await runs_of(shop.shop_id)
    assert (run.status, run.message, run.created_count, run.failed_count) == (
        "PARTIAL", "some orders failed, retry later", 12, 2)
    listed = (await client.post("/cms/order-sync/failure/search", headers=staff,
                                json={"runId": run.id, "sort": "channelOrderNo"})).json()["data"]["items"]
    assert [f["channelOrderNo"] for f in listed] == broken and all("quantity" in f["reason"] for f in listed)

    still = await client.post("/cms/order-sync/retry", headers=staff, json={"runId": run.id})
    assert still.json()["message"] == "Some orders failed, retry later"  # the channel still sends them broken
    control(market, "heal")
    reply = await client.post("/cms/order-sync/retry", headers=staff, json={"runId": run.id})
    assert reply.status_code == 200, reply.text
    assert reply.json()["message"] == "Retry succeeded"
    retried = reply.json()["data"]["run"]
    assert (retried["kind"], retried["status"], retried["fetched"], retried["createdCount"]) == (
        "RETRY", "SUCCEEDED", 2, 2)
    assert await orders_of(shop.shop_id) == 14
    assert all(f.resolved_at is not None for f in await failures_of(run.id))
    again = await client.post("/cms/order-sync/retry", headers=staff, json={"runId": run.id})
    assert again.status_code == 409 and again.json()["data"]["field"] == "runId"


async def test_the_shops_next_run_closes_a_run_whose_flow_was_terminated_and_leaves_a_live_one(client, env, staff,
                                                                                                market):
    shop = await sync_shop()
    terminated, flow = await stuck_run(env, OrderSyncRun, shop, unique(f"order-sync-{shop.shop_id}-gone"))
    live, _ = await stuck_run(env, OrderSyncRun, shop, unique(f"order-sync-{shop.shop_id}-live"))
    await flow.terminate(reason="stuck")
    await synced(client, env, staff, shop.shop_id)
    runs = {run.id: run for run in await runs_of(shop.shop_id)}
    assert (runs[terminated].status, runs[terminated].message) == (
        "FAILED", "sync failed: the flow ended without finishing its run (Temporal: TERMINATED)")
    assert runs[terminated].finished_at is not None
    assert (runs[live].status, runs[live].finished_at) == ("RUNNING", None)
    assert [run.status for run in runs.values() if run.id not in (terminated, live)] == ["SUCCEEDED"]
