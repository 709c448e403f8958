"""Product sync (the goods list's "Sync products") on a Temporal test server against the demo marketplace in this
process: a run stores a shop's listings and their variations and moves its latest product sync time; a second run
takes new, changed and removed listings (removed: kept as DELETED) and keeps the variations' mappings; a page
fetched twice stores nothing twice; a failed page is retried with back-off; a shop outside the caller's data
authority is refused. Each run is recorded once (its first activity retried finds it) and finishes with its
status, counts and message: succeeded, partial (the listings it could not store are its failures) or failed (a
page failed for good: 'sync failed', the shop's latest product sync time stays). "Sync products" is refused while
a run's flow runs; a run whose flow was terminated in the Temporal Web UI is closed as failed, and blocks nothing."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select
from temporalio.client import WorkflowFailureError

from activities.goods_sync import sync_product_page
from domain.db import transaction
from domain.flows.goods_sync import BeginProductSync, ProductSyncPage, ProductSyncStart, ProductSyncTally
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from domain.models.goods import ChannelProduct, ChannelVariation
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from domain.models.merchants import Shop
from domain.rules.order_sync import ANOTHER_RUNNING
from domain.settings import get_settings
from services import goods_sync
from tests.conftest import own_flows, unique
from tests.integration.goods_support import insert_master
from tests.integration.order_sync_support import control, running_marketplace, stuck_run, sync_shop
from tests.integration.people import bearer, create_user, token_for

STAFF = ("goods-list", "goods#sync", "goods#map", "temporal#operate")
env = own_flows  # fixture: every worker on this module's own test server, the API's client pointed at it
CATALOGUE = {"TSHIRT": 3, "MUG": 2, "CASE": 2, "SOCKS": 2}  # launcher/marketplace_products.PRODUCTS' variants


@pytest.fixture(scope="module")
def market():
    yield from running_marketplace(history=0)


@pytest.fixture(autouse=True)
def small_pages(monkeypatch, market):
    monkeypatch.setattr(get_settings(), "order_sync_page_size", 3)
    control(market, "heal")


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def started(client, staff, shop_id: int) -> str:
    """Sync products through the API: it answers at once, 'processing, please wait', with the flow's id."""
    reply = await client.post("/cms/goods/sync", headers=staff, json={"shopId": shop_id})
    assert reply.status_code == 200, reply.text
    assert reply.json()["message"] == "Sync started: processing, please wait"
    flow = reply.json()["data"]
    assert flow["workflowId"].startswith(f"goods-sync-{shop_id}-") and flow["workflowUrl"].endswith(flow["workflowId"])
    return str(flow["workflowId"])


async def run_of(workflow_id: str) -> ProductSyncRun:
    async with transaction() as db:
        return (await db.scalars(select(ProductSyncRun).where(ProductSyncRun.workflow_id == workflow_id))).one()


async def synced(client, env, staff, shop_id: int) -> dict:
    """A run started through the API, waited for; then its counts as the API reads them back."""
    wid = await started(client, staff, shop_id)
    await env.client.get_workflow_handle(wid, result_type=ProductSyncTally).result()
    done = await client.get(f"/cms/goods/sync/{wid}", headers=staff)
    assert done.status_code == 200, done.text
    return done.json()


async def listings(shop_id: int) -> dict[str, ChannelProduct]:
    async with transaction() as db:
        rows = await db.scalars(select(ChannelProduct).where(ChannelProduct.shop_id == shop_id))
        return {row.channel_item_id: row for row in rows}


async def variations(shop_id: int) -> list[ChannelVariation]:
    async with transaction() as db:
        return list((await db.scalars(select(ChannelVariation).join(ChannelProduct).where(
            ChannelProduct.shop_id == shop_id).order_by(ChannelVariation.id))).all())


async def test_a_run_stores_the_listings_then_takes_new_changed_and_removed_ones(client, env, staff, market):
    shop = await sync_shop()
    first = await synced(client, env, staff, shop.shop_id)
    assert first["message"] == "Products synced"
    tally = first["data"]
    assert (tally["status"], tally["pages"], tally["fetched"], tally["created"], tally["failed"]) == (
        "SUCCEEDED", 2, 4, 4, 0)
    stored = await listings(shop.shop_id)
    assert len(stored) == 4 and all(p.listing_state in ("LIVE", "SOLD_OUT") for p in stored.values())
    every = await variations(shop.shop_id)
    assert sorted(len([v for v in every if v.channel_product_id == p.id]) for p in stored.values()) == sorted(
        CATALOGUE.values())
    async with transaction() as db:
        synced_at = await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id))
    assert synced_at is not None

    # map one variation, then the channel changes that listing, takes another down and lists a new one
    item = next(i for i in stored if "-MUG-" in i)
    gone = next(i for i in stored if "-CASE-" in i)
    [mug, *_] = [v for v in await variations(shop.shop_id) if v.channel_product_id == stored[item].id]
    master = await insert_master(shop.merchant_id, mug.channel_sku)
    mapped = await client.post("/cms/goods/channel/map", headers=staff,
                               json={"variationId": mug.id, "masterProductId": master})
    assert mapped.status_code == 200, mapped.text
    control(market, "products", shop=shop.external, add=1, change={item: {"price": "77000", "stock": 0,
                                                                           "status": "SOLD_OUT"}}, remove=[gone])
    second = (await synced(client, env, staff, shop.shop_id))["data"]
    assert (second["fetched"], second["created"], second["updated"], second["failed"]) == (3, 1, 2, 0)
    after = await listings(shop.shop_id)
    assert len(after) == 5 and after[gone].listing_state == "DELETED"  # kept, in the channel's state
    assert after[item].listing_state == "SOLD_OUT" and after[item].mapping_status == "PARTLY"
    kept = next(v for v in await variations(shop.shop_id) if v.id == mug.id)
    assert (kept.master_sku, kept.price, kept.stock) == (mug.channel_sku, 77000, 0)  # the mapping stays
    async with transaction() as db:
        history = (await db.scalars(select(EntityChange).where(
            EntityChange.entity == "ChannelProduct", EntityChange.entity_id == str(after[item].id),
            EntityChange.action == "update"))).all()
    assert any("listing_state" in c.changes for c in history)  # the goods history shows the channel's change


async def test_a_page_fetched_twice_stores_nothing_twice(client, env, staff, market):
    shop = await sync_shop()
    run_id = (await synced(client, env, staff, shop.shop_id))["data"]["runId"]
    async with transaction() as db:
        until = await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id))
    page = ProductSyncPage(run_id=run_id, shop_id=shop.shop_id, since=None, until=until, page_size=3)
    again = await sync_product_page(page)  # the first page, as a retried activity fetches it
    twice = await sync_product_page(page)
    assert (again.fetched, again.created, again.unchanged) == (3, 0, 3)
    assert (twice.fetched, twice.created, twice.unchanged) == (3, 0, 3)
    assert len(await listings(shop.shop_id)) == 4 and len(await variations(shop.shop_id)) == sum(CATALOGUE.values())


async def test_a_failed_page_is_retried_with_backoff(client, env, staff, market):
    shop = await sync_shop()
    control(market, "fail-pages", count=2, status=503)
    tally = (await synced(client, env, staff, shop.shop_id))["data"]
    assert (tally["status"], tally["created"]) == ("SUCCEEDED", 4)
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(ChannelProduct.shop_id == shop.shop_id)) == 4


async def test_a_shop_outside_the_callers_scope_is_refused(client, env, staff, market):
    shop = await sync_shop()  # a merchant of ID
    user = await create_user(*STAFF, prefix="scoped", country="PH")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["PH"]))
    headers = bearer(await token_for(user))
    refused = await client.post("/cms/goods/sync", headers=headers, json={"shopId": shop.shop_id})
    assert refused.status_code == 422 and refused.json()["data"]["errors"][0]["field"] == "shopId"
    run = (await synced(client, env, staff, shop.shop_id))["data"]
    hidden = await client.get(f"/cms/goods/sync/{run['workflowId']}", headers=headers)
    assert hidden.status_code == 404
    unknown = await client.post("/cms/goods/sync", headers=staff, json={"shopId": 0})
    assert unknown.status_code == 422


async def test_a_run_is_recorded_once_and_finishes_with_its_status_and_counts(client, env, staff, market):
    shop = await sync_shop()
    tally = (await synced(client, env, staff, shop.shop_id))["data"]
    run = await run_of(tally["workflowId"])
    assert (run.id, run.kind, run.status, run.message) == (tally["runId"], "MANUAL", "SUCCEEDED", None)
    assert (run.pages, run.fetched, run.created_count, run.updated_count, run.failed_count) == (2, 4, 4, 0, 0)
    assert run.since is None and run.finished_at is not None
    async with transaction() as db:
        assert await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id)) == run.until
    # the first activity tried again (its answer lost) finds the run its first attempt recorded
    again = BeginProductSync(start=ProductSyncStart(shop_id=shop.shop_id, kind="MANUAL"),
                             workflow_id=run.workflow_id, now=datetime.now(UTC))
    assert (await goods_sync.begin(env.client, again)).run_id == run.id
    assert (await goods_sync.begin(env.client, again)).run_id == run.id
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(ProductSyncRun.workflow_id == run.workflow_id)) == 1


async def test_a_run_begun_while_another_of_the_shop_is_under_way_is_skipped_saying_so(client, env, staff, market):
    shop = await sync_shop()
    first, second, third = (BeginProductSync(start=ProductSyncStart(shop_id=shop.shop_id, kind="MANUAL"),
                                             workflow_id=f"goods-sync-{shop.shop_id}-race{n}", now=datetime.now(UTC))
                            for n in (1, 2, 3))
    flow = await env.client.start_workflow("stuck-sync", id=first.workflow_id, task_queue=unique("nobody"))
    begun = [await goods_sync.begin(env.client, first), await goods_sync.begin(env.client, second)]
    assert [b.skip for b in begun] == [None, ANOTHER_RUNNING]
    assert (await goods_sync.begin(env.client, first)).skip is None  # the first, tried again, still pulls
    # the first's flow terminated in the Temporal Web UI: its record is closed, and the next run pulls
    await flow.terminate(reason="stuck")
    assert (await goods_sync.begin(env.client, third)).skip is None
    closed = {r.workflow_id: (r.status, r.message, r.finished_at is not None) for r in
              [await run_of(b.workflow_id) for b in (first, second)]}
    assert closed == {
        first.workflow_id: ("FAILED", "sync failed: the flow ended without finishing its run (Temporal: TERMINATED)",
                            True),
        second.workflow_id: ("FAILED", "sync failed: the flow ended without finishing its run (Temporal: NOT_FOUND)",
                             True)}


async def test_sync_products_is_refused_while_a_runs_flow_runs_and_not_once_that_flow_is_terminated(
        client, env, staff, market):
    shop = await sync_shop()
    stuck, flow = await stuck_run(env, ProductSyncRun, shop, unique(f"goods-sync-{shop.shop_id}-stuck"))
    refused = await client.post("/cms/goods/sync", headers=staff, json={"shopId": shop.shop_id})
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "GOODS_SYNC_RUNNING" and refused.json()["data"]["field"] == "shopId"
    assert (await run_of(flow.id)).status == "RUNNING"
    await flow.terminate(reason="stuck")
    wid = await started(client, staff, shop.shop_id)
    gone = await run_of(flow.id)
    assert (gone.id, gone.status, gone.message) == (
        stuck, "FAILED", "sync failed: the flow ended without finishing its run (Temporal: TERMINATED)")
    await env.client.get_workflow_handle(wid, result_type=ProductSyncTally).result()
    assert (await run_of(wid)).status == "SUCCEEDED"


async def test_a_listing_not_stored_makes_a_partial_run_naming_it(client, env, staff, market):
    shop = await sync_shop()
    first = (await synced(client, env, staff, shop.shop_id))["data"]
    item = next(iter(await listings(shop.shop_id)))
    control(market, "products", shop=shop.external, change={item: {"name": "x" * 301}})  # the console refuses it
    reply = await synced(client, env, staff, shop.shop_id)
    assert reply["message"] == "Some products failed, retry later"
    run = await run_of(reply["data"]["workflowId"])
    assert (run.status, run.message, run.fetched, run.failed_count) == ("PARTIAL", "some products failed, retry later",
                                                                        1, 1)
    async with transaction() as db:
        [failure] = (await db.scalars(select(ProductSyncFailure).where(ProductSyncFailure.run_id == run.id))).all()
        synced_at = await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id))
    assert failure.channel_item_id == item and "name" in failure.reason
    assert synced_at == run.until and run.until > (await run_of(first["workflowId"])).until  # the time moves


async def test_a_page_failing_for_good_fails_the_run_and_keeps_the_sync_time(client, env, staff, market):
    shop = await sync_shop()
    await synced(client, env, staff, shop.shop_id)
    async with transaction() as db:
        before = await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id))
    control(market, "fail-pages", count=50, status=503)
    wid = await started(client, staff, shop.shop_id)
    for _ in range(10):  # the test server's long poll may answer before the close event: ask again until it ends
        try:
            await env.client.get_workflow_handle(wid).result()
        except WorkflowFailureError:
            break
        except RuntimeError as exc:
            assert "No completion event" in str(exc)
    else:
        raise AssertionError("the run never failed")
    control(market, "heal")
    run = await run_of(wid)
    assert run.status == "FAILED" and (run.message or "").startswith("sync failed: ") and run.finished_at is not None
    shown = (await client.get(f"/cms/goods/sync/{wid}", headers={**staff, "Accept-Language": "zh-CN"})).json()["data"]
    assert shown["message"] == "同步失败: " + run.message.removeprefix("sync failed: ")  # the cause as it came
    async with transaction() as db:
        assert await db.scalar(select(Shop.latest_product_sync_at).where(Shop.id == shop.shop_id)) == before
