"""The goods list's product sync runs (no flow runs here): the runs list with its filters and xlsx export, a run's
detail with the listings it could not store and its flow's Web UI link for operators, the data authority of both,
the refusals (a shop that cannot sync, malformed filters, missing permissions; "Sync products" while a run of
the shop is under way is tested beside its flow, in test_goods_sync.py), and each shop's product sync Schedule
following its bind and unbind on a Temporal server."""

import io
from datetime import UTC, datetime, timedelta

import openpyxl
import pytest
from temporalio.service import RPCError

from domain.db import transaction
from domain.flows.goods_sync import schedule_id
from domain.flows.order_sync import schedule_id as order_schedule_id
from domain.models.data_authority import DataScope
from domain.models.goods_sync import ProductSyncFailure, ProductSyncRun
from tests.conftest import unique
from tests.integration.order_sync_support import sync_shop
from tests.integration.people import bearer, create_user, token_for
from tests.integration.temporal_support import api_pointed_at

STAFF = ("goods-list", "goods#sync", "goods#export")


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def add_run(shop, status: str = "SUCCEEDED", *, failed: tuple[str, ...] = (), hours_ago: float = 0,
                  message: str | None = None) -> int:
    """A finished (or running) run of the shop, started `hours_ago`, with its failed listings."""
    started = datetime.now(UTC) - timedelta(hours=hours_ago)
    async with transaction() as db:
        run = ProductSyncRun(shop_id=shop.shop_id, merchant_id=shop.merchant_id, channel="SHOPEE_ID", country="ID",
                             kind="SCHEDULED", status=status, workflow_id=unique(f"goods-sync-{shop.shop_id}-t"),
                             until=started, pages=1, fetched=3 + len(failed), created_count=3,
                             failed_count=len(failed), started_at=started,
                             finished_at=None if status == "RUNNING" else started + timedelta(seconds=3),
                             message=message or ("some products failed, retry later" if failed else None))
        db.add(run)
        await db.flush()
        db.add_all([ProductSyncFailure(run_id=run.id, shop_id=shop.shop_id, merchant_id=shop.merchant_id,
                                       channel_item_id=item, reason="name: too long") for item in failed])
        return run.id


async def search(client, headers, **body) -> dict:
    reply = await client.post("/cms/goods/sync-run/search", headers=headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_the_runs_list_filters_by_shop_status_and_time(client, staff):
    shop, other = await sync_shop(), await sync_shop()
    old = await add_run(shop, hours_ago=30)
    partial = await add_run(shop, "PARTIAL", failed=("IT-1", "IT-2"), hours_ago=2)
    latest = await add_run(shop, hours_ago=1)
    await add_run(other)
    listed = await search(client, staff, shopId=shop.shop_id)
    assert [r["id"] for r in listed["items"]] == [latest, partial, old]  # newest first
    assert listed["items"][1]["shopName"] and listed["items"][1]["failedCount"] == 2
    assert [r["id"] for r in (await search(client, staff, shopId=shop.shop_id, status=["PARTIAL"]))["items"]] == [
        partial]
    day = [(datetime.now(UTC) - timedelta(days=1)).isoformat(), datetime.now(UTC).isoformat()]
    assert {r["id"] for r in (await search(client, staff, shopId=shop.shop_id, startedAt=day))["items"]} == {
        partial, latest}


async def test_a_run_detail_names_its_failed_listings_and_links_its_flow_for_operators(client, staff, login_as):
    shop = await sync_shop()
    run_id = await add_run(shop, "PARTIAL", failed=("IT-9", "IT-8"))
    detail = await client.get(f"/cms/goods/sync-run/flow/{run_id}", headers=staff)
    assert detail.status_code == 200, detail.text
    data = detail.json()["data"]
    assert (data["run"]["id"], data["run"]["status"], data["workflowUrl"]) == (run_id, "PARTIAL", None)
    assert [(f["channelItemId"], f["reason"]) for f in data["failures"]] == [("IT-9", "name: too long"),
                                                                              ("IT-8", "name: too long")]
    operator = await login_as(*STAFF, "temporal#operate")
    linked = (await client.get(f"/cms/goods/sync-run/flow/{run_id}", headers=operator)).json()["data"]
    assert linked["workflowUrl"].endswith(data["run"]["workflowId"])
    failures = await client.post("/cms/goods/sync-failure/search", headers=staff, json={"runId": run_id})
    assert {f["channelItemId"] for f in failures.json()["data"]["items"]} == {"IT-9", "IT-8"}
    assert (await client.get("/cms/goods/sync-run/flow/999999999", headers=staff)).status_code == 404


async def test_runs_export_as_xlsx(client, staff):
    shop = await sync_shop()
    await add_run(shop, "PARTIAL", failed=("IT-1",))
    reply = await client.post("/cms/goods/sync-run/export", headers=staff, json={"shopId": shop.shop_id})
    assert reply.status_code == 200, reply.text
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert len(rows) == 2 and "Failed listings" in rows[0]
    chinese = await client.post("/cms/goods/sync-run/export", headers={**staff, "Accept-Language": "zh-CN"},
                                json={"shopId": shop.shop_id})
    assert "部分商品同步失败，请稍后重试" in list(openpyxl.load_workbook(io.BytesIO(chinese.content)).active.iter_rows(
        values_only=True))[1]


async def test_a_runs_message_is_in_the_readers_words_and_a_failures_cause_as_it_came(client, staff):
    """SPEC §8's words ('sync failed', 'some products failed, retry later') are stored once and read translated;
    the cause after them is the channel's or Temporal's own."""
    shop = await sync_shop()
    failed = await add_run(shop, "FAILED", message="sync failed: HTTP 503 from the marketplace")
    partial = await add_run(shop, "PARTIAL", failed=("IT-1",), hours_ago=1)
    for language, words in (("en", ("Sync failed: HTTP 503 from the marketplace", "Some products failed, retry later")),
                            ("zh-CN", ("同步失败: HTTP 503 from the marketplace", "部分商品同步失败，请稍后重试"))):
        shown = {r["id"]: r["message"] for r in (await search(
            client, {**staff, "Accept-Language": language}, shopId=shop.shop_id))["items"]}
        assert (shown[failed], shown[partial]) == words


async def test_runs_of_a_merchant_outside_the_callers_scope_are_hidden(client, staff):
    shop = await sync_shop()  # a merchant of ID
    run_id = await add_run(shop, "PARTIAL", failed=("IT-1",))
    user = await create_user(*STAFF, prefix="scoped", country="PH")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["PH"]))
    headers = bearer(await token_for(user))
    assert (await search(client, headers, shopId=shop.shop_id))["total"] == 0
    assert (await client.get(f"/cms/goods/sync-run/flow/{run_id}", headers=headers)).status_code == 404
    assert (await client.get(f"/cms/goods/sync-run/detail/{run_id}", headers=headers)).status_code == 404
    hidden = await client.post("/cms/goods/sync-failure/search", headers=headers, json={"runId": run_id})
    assert hidden.json()["data"]["total"] == 0


@pytest.mark.parametrize("shop", [{"bound": False}, {"connection_status": "DISCONNECTED"}])
async def test_a_shop_unbound_or_not_connected_is_not_synced(client, staff, shop):
    found = await sync_shop(**shop)
    reply = await client.post("/cms/goods/sync", headers=staff, json={"shopId": found.shop_id})
    assert reply.status_code == 409 and reply.json()["code"] == "GOODS_SYNC_SHOP_NOT_SYNCABLE"


@pytest.mark.parametrize(("body", "field"), [({"status": ["DONE"]}, "status"), ({"shopId": "x"}, "shopId"),
                                             ({"kind": ["RETRY"]}, "kind"), ({"startedAt": ["soon"]}, "startedAt")])
async def test_malformed_filters_name_the_field(client, staff, body, field):
    reply = await client.post("/cms/goods/sync-run/search", headers=staff, json=body)
    assert reply.status_code == 422, reply.text
    assert field in {e["field"].split(".")[0].split("[")[0] for e in reply.json()["data"]["errors"]}


async def test_the_runs_need_the_goods_list_and_their_export_its_button(client, login_as):
    stranger = await login_as("goods-local")
    assert (await client.post("/cms/goods/sync-run/search", headers=stranger, json={})).status_code == 403
    viewer = await login_as("goods-list")
    assert (await client.post("/cms/goods/sync-run/export", headers=viewer, json={})).status_code == 403
    assert (await client.post("/cms/goods/sync", headers=viewer, json={"shopId": 1})).status_code == 403


async def test_a_shops_product_sync_schedule_follows_its_bind_and_unbind(client, login_as, app, dev_server_env):
    """Bound and connected: its product sync Schedule (hourly by default) is put beside its order sync's;
    unbound: both are dropped."""
    admin = await login_as("shop#bind", "shop#unbind", "shops-all")
    shop = await sync_shop(bound=False)
    temporal = dev_server_env.client
    with api_pointed_at(app, temporal):
        bound = await client.post("/cms/shop/bind", headers=admin, json={"id": shop.shop_id})
        assert bound.status_code == 200, bound.text
        described = await temporal.get_schedule_handle(schedule_id(shop.shop_id)).describe()
        assert described.schedule.spec.intervals[0].every == timedelta(minutes=60)
        assert described.schedule.action.workflow == "goods-sync"
        await temporal.get_schedule_handle(order_schedule_id(shop.shop_id)).describe()
        unbound = await client.post("/cms/shop/unbind", headers=admin, json={"id": shop.shop_id})
        assert unbound.status_code == 200, unbound.text
    for gone in (schedule_id(shop.shop_id), order_schedule_id(shop.shop_id)):
        with pytest.raises(RPCError):
            await temporal.get_schedule_handle(gone).describe()
