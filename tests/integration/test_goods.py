"""Goods (SPEC §2 manage goods, §4 product listing): the goods list with its listing tabs and counts, the listing
state machine (a refused change names the state), mapping a channel variation to a master SKU of the same
merchant (picked, never across merchants: PostgreSQL refuses it too), auto-create, local goods with their stock
summed over the warehouses and the main-store stock lock, the goods history with field diffs, and the data
authority of every action."""

import io

import openpyxl
import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.enums import GoodsEntity, ListingState
from domain.enums import StockMovementType as M
from domain.models.data_authority import DataScope
from domain.models.goods import ChannelVariation
from domain.models.stock_sync import StockLock
from tests.conftest import unique
from tests.integration.goods_support import insert_channel_product, insert_master
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_support import insert_warehouse, moved
from tests.integration.stock_sync_support import stocked_store

STAFF = ("goods-list", "goods-local", "goods-history", "goods#edit", "goods#delete", "goods#map", "goods#export",
         "master-product#add", "master-product#lock", "master-product#export", "goods-history#export",
         "lock-stock")


async def listing(client, headers, product_id, action):
    return await client.post("/cms/goods/channel/listing", headers=headers, json={"id": product_id, "action": action})


async def test_the_goods_list_counts_its_tabs_and_filters(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store()
    mark = unique("kw")
    live = await insert_channel_product(store.merchant_id, store.shop_id, skus=("A", f"{mark}B"))
    banned = await insert_channel_product(store.merchant_id, store.shop_id, state=ListingState.BANNED)
    body = {"merchantId": store.merchant_id}
    counts = (await client.post("/cms/goods/channel/counts", headers=staff,
                                json={**body, "listingState": ["LIVE"]})).json()["data"]
    by_state = {row["state"]: row["count"] for row in counts}
    assert by_state[None] == 2 and by_state["LIVE"] == 1 and by_state["BANNED"] == 1 and by_state["DRAFT"] == 0
    found = (await client.post("/cms/goods/channel/search", headers=staff,
                               json={**body, "listingState": ["BANNED"]})).json()["data"]
    assert [row["id"] for row in found["items"]] == [banned.id]
    row = (await client.post("/cms/goods/channel/search", headers=staff,
                             json={**body, "keyword": live.variations[1].channel_sku})).json()["data"]["items"]
    assert [r["id"] for r in row] == [live.id]
    assert row[0]["stock"] == 6 and row[0]["shopName"] and row[0]["mappingStatus"] == "UNMAPPED"
    assert [v["channelSku"] for v in row[0]["variations"]] == ["A", f"{mark}B"]
    unmapped = (await client.post("/cms/goods/channel/search", headers=staff,
                                  json={**body, "mappingStatus": ["MAPPED"]})).json()["data"]
    assert unmapped["items"] == []
    exported = await client.post("/cms/goods/channel/export", headers=staff, json=body)
    assert exported.status_code == 200, exported.text
    book = openpyxl.load_workbook(io.BytesIO(exported.content), read_only=True)
    cells = {str(c) for r in book.worksheets[0].iter_rows(values_only=True) for c in r if c is not None}
    assert live.channel_item_id in cells and banned.channel_item_id in cells
    refused = await client.post("/cms/goods/channel/search", headers=staff, json={"listingState": ["GONE"]})
    assert refused.status_code == 422 and "listingState" in refused.text


async def test_the_listing_state_machine_refuses_naming_the_state(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store()
    product = await insert_channel_product(store.merchant_id, store.shop_id)
    disabled = await listing(client, staff, product.id, "DISABLE")
    assert disabled.status_code == 200 and disabled.json()["data"]["listingState"] == "DISABLED"
    again = await listing(client, staff, product.id, "DISABLE")
    assert again.status_code == 409 and again.json()["code"] == "LISTING_STATE_REFUSES"
    assert "Disabled" in again.json()["message"]
    assert (await listing(client, staff, product.id, "ENABLE")).json()["data"]["listingState"] == "LIVE"
    deleted = await listing(client, staff, product.id, "DELETE")
    assert deleted.json()["data"]["listingState"] == "DELETED"
    for action in ("ENABLE", "DISABLE", "DELETE"):
        refused = await listing(client, {**staff, "Accept-Language": "zh-CN"}, product.id, action)
        assert refused.status_code == 409 and "已删除" in refused.json()["message"]
    processing = await insert_channel_product(store.merchant_id, store.shop_id, state=ListingState.IN_PROCESS)
    assert (await listing(client, staff, processing.id, "DELETE")).status_code == 409
    bad = await listing(client, staff, product.id, "ARCHIVE")
    assert bad.status_code == 422 and "action" in bad.text

    history = (await client.post("/cms/goods/history/search", headers=staff,
                                 json={"code": product.channel_item_id, "sort": "id"})).json()["data"]["items"]
    assert [(h["action"], h["changes"]["listingState"]["after"] if "listingState" in h["changes"] else
             h["changes"]["listing_state"]["after"]) for h in history] == [
        ("update", "DISABLED"), ("update", "LIVE"), ("delete", "DELETED")]
    assert all(h["operatorName"] and h["merchantId"] == store.merchant_id for h in history)


async def test_delete_and_edit_need_their_own_buttons(client, login_as):
    store = await stocked_store()
    product = await insert_channel_product(store.merchant_id, store.shop_id)
    editor = await login_as("goods-list", "goods#edit")
    assert (await listing(client, editor, product.id, "DELETE")).status_code == 403
    assert (await listing(client, editor, product.id, "DISABLE")).status_code == 200
    viewer = await login_as("goods-list")
    assert (await listing(client, viewer, product.id, "ENABLE")).status_code == 403


async def test_a_variation_maps_to_a_master_sku_of_its_own_merchant(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store()
    product = await insert_channel_product(store.merchant_id, store.shop_id, skus=("A", "B"))
    master = await insert_master(store.merchant_id, f"M-{product.channel_item_id}")
    options = (await client.get("/cms/goods/local/options", headers=staff,
                                params={"merchantId": store.merchant_id, "q": "M-"})).json()["data"]
    assert master in [o["id"] for o in options]
    first = product.variations[0].id
    mapped = await client.post("/cms/goods/channel/map", headers=staff,
                               json={"variationId": first, "masterProductId": master})
    assert mapped.status_code == 200, mapped.text
    assert mapped.json()["data"]["mappingStatus"] == "PARTLY"
    assert mapped.json()["data"]["variations"][0]["masterSku"] == f"M-{product.channel_item_id}"
    both = await client.post("/cms/goods/channel/map", headers=staff,
                             json={"variationId": product.variations[1].id, "masterProductId": master})
    assert both.json()["data"]["mappingStatus"] == "MAPPED"
    local = (await client.get(f"/cms/goods/local/detail/{master}", headers=staff)).json()["data"]
    assert local["channelVariations"] == 2
    unmapped = await client.post("/cms/goods/channel/map", headers=staff, json={"variationId": first})
    assert unmapped.json()["data"]["mappingStatus"] == "PARTLY"
    assert unmapped.json()["data"]["variations"][0]["masterSku"] is None

    # the product library will not delete a master product a variation sells
    in_use = await client.delete(f"/cms/wms-product/delete/{master}", headers=await login_as(
        "product-library", "product#delete"))
    assert in_use.status_code == 409 and in_use.json()["code"] == "DELETE_IN_USE"

    other = await insert_merchant(shops=[{"name": "other"}])
    foreign = await insert_master(other.id, f"F-{product.channel_item_id}")
    boss = bearer(await token_for(await create_user(super_user=True, prefix="boss")))
    across = await client.post("/cms/goods/channel/map", headers=boss,
                               json={"variationId": first, "masterProductId": foreign})
    assert across.status_code == 422 and across.json()["data"]["errors"][0]["field"] == "masterProductId"
    missing = await client.post("/cms/goods/channel/map", headers=staff,
                                json={"variationId": 2**62, "masterProductId": master})
    assert missing.status_code == 422 and missing.json()["data"]["errors"][0]["field"] == "variationId"
    with pytest.raises(IntegrityError, match="fk_channel_product_variations_master"):
        async with transaction() as db:
            await db.execute(text("UPDATE channel_product_variations SET master_sku = :sku WHERE id = :id"),
                             {"sku": f"F-{product.channel_item_id}", "id": first})

    await listing(client, staff, product.id, "DELETE")
    gone = await client.post("/cms/goods/channel/map", headers=staff,
                             json={"variationId": first, "masterProductId": master})
    assert gone.status_code == 409 and gone.json()["code"] == "LISTING_STATE_REFUSES"
    history = (await client.post("/cms/goods/history/search", headers=staff,
                                 json={"code": product.channel_item_id})).json()["data"]["items"]
    assert any("variation A" in h["changes"] for h in history)


async def test_a_channel_item_is_listed_once_per_shop_and_a_sku_once_per_listing():
    store = await stocked_store()
    product = await insert_channel_product(store.merchant_id, store.shop_id, skus=("A",))
    with pytest.raises(IntegrityError, match="uq_channel_products_shop_id_channel_item_id"):
        await insert_channel_product(store.merchant_id, store.shop_id, item_id=product.channel_item_id)
    with pytest.raises(IntegrityError, match="uq_channel_product_variations_product_sku"):
        async with transaction() as db:
            db.add(ChannelVariation(channel_product_id=product.id, merchant_id=store.merchant_id,
                                    channel_variation_id="other", channel_sku="A", price=1, stock=0))
    other = await insert_merchant(shops=[{"name": "x"}])
    with pytest.raises(IntegrityError, match="fk_channel_products_shop_of_merchant"):
        await insert_channel_product(other.id, store.shop_id)


async def test_auto_create_makes_and_maps_the_master_products(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store()
    product = await insert_channel_product(store.merchant_id, store.shop_id, skus=("A", "B"))
    sku_a = f"{product.channel_item_id}-A"
    async with transaction() as db:
        rows = (await db.scalars(select(ChannelVariation).where(ChannelVariation.channel_product_id == product.id)
                                 .order_by(ChannelVariation.id))).all()
        rows[0].channel_sku, rows[1].channel_sku = sku_a, f"{product.channel_item_id}-B"
    await insert_master(store.merchant_id, sku_a)  # one exists already: mapped, not made twice
    made = await client.post("/cms/goods/channel/auto-create", headers=staff, json={"ids": [product.id]})
    assert made.status_code == 200, made.text
    assert made.json()["data"] == {"created": 1, "mapped": 2}
    again = await client.post("/cms/goods/channel/auto-create", headers=staff, json={"ids": [product.id]})
    assert again.json()["data"] == {"created": 0, "mapped": 0}
    shown = (await client.get(f"/cms/goods/channel/detail/{product.id}", headers=staff)).json()["data"]
    assert shown["mappingStatus"] == "MAPPED"
    local = (await client.post("/cms/goods/local/search", headers=staff,
                               json={"merchantId": store.merchant_id, "sku": product.channel_item_id})).json()
    assert sorted(r["sku"] for r in local["data"]["items"]) == sorted([sku_a, f"{product.channel_item_id}-B"])
    empty = await client.post("/cms/goods/channel/auto-create", headers=staff, json={"ids": []})
    assert empty.status_code == 422 and empty.json()["data"]["errors"][0]["field"] == "ids"


async def test_local_goods_sum_stock_and_switch_the_main_store_lock(client, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 5})
    sku = store.skus[0]
    second = await insert_warehouse(1, store.merchant_id)
    await moved(second, M.MANUAL_INBOUND, 7, sku)
    master = await insert_master(store.merchant_id, sku)
    row = (await client.get(f"/cms/goods/local/detail/{master}", headers=staff)).json()["data"]
    assert (row["onHand"], row["available"], row["warehouseCount"], row["stockLocked"]) == (12, 12, 2, False)

    locked = await client.post("/cms/goods/local/lock", headers=staff,
                               json={"id": master, "locked": True, "reason": "stock count"})
    assert locked.status_code == 200, locked.text and locked.json()["data"]["stockLocked"] is True
    assert (await client.post("/cms/goods/local/lock", headers=staff,
                              json={"id": master, "locked": True})).json()["data"]["stockLocked"] is True
    async with transaction() as db:
        locks = (await db.scalars(select(StockLock).where(StockLock.merchant_id == store.merchant_id,
                                                          StockLock.sku == sku))).all()
        assert len(locks) == 1 and locks[0].reason == "stock count"
    listed = (await client.post("/cms/goods/local/search", headers=staff,
                                json={"merchantId": store.merchant_id, "stockLocked": True})).json()["data"]
    assert [r["id"] for r in listed["items"]] == [master]
    on_lock_screen = (await client.post("/cms/stock-sync/lock/search", headers=staff,
                                        json={"merchantId": store.merchant_id})).json()["data"]["items"]
    assert [r["sku"] for r in on_lock_screen] == [sku]

    unlocked = await client.post("/cms/goods/local/lock", headers=staff, json={"id": master, "locked": False})
    assert unlocked.json()["data"]["stockLocked"] is False
    history = (await client.post("/cms/goods/history/search", headers=staff,
                                 json={"code": sku, "entity": ["WmsProduct"], "sort": "id"})).json()["data"]["items"]
    assert [h["changes"]["stockLocked"]["after"] if "stockLocked" in h["changes"] else
            h["changes"]["stock_locked"]["after"] for h in history] == [True, False]
    missing = await client.post("/cms/goods/local/lock", headers=staff, json={"id": 2**62, "locked": True})
    assert missing.status_code == 422 and missing.json()["data"]["errors"][0]["field"] == "id"


async def test_a_scoped_user_acts_only_on_its_merchants_goods(client):
    user = await create_user(*STAFF, prefix="scoped", country="ID")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    headers = bearer(await token_for(user))
    away = await stocked_store("PH")
    product = await insert_channel_product(away.merchant_id, away.shop_id)
    master = await insert_master(away.merchant_id, f"PH-{product.channel_item_id}")
    assert (await listing(client, headers, product.id, "DISABLE")).status_code == 404
    assert (await client.post("/cms/goods/channel/map", headers=headers,
                              json={"variationId": product.variations[0].id})).status_code == 404
    assert (await client.post("/cms/goods/channel/auto-create", headers=headers,
                              json={"ids": [product.id]})).status_code == 404
    assert (await client.post("/cms/goods/local/lock", headers=headers,
                              json={"id": master, "locked": True})).status_code == 422
    counts = (await client.post("/cms/goods/channel/counts", headers=headers,
                                json={"merchantId": away.merchant_id})).json()["data"]
    assert counts[0] == {"state": None, "count": 0}
    mine = await stocked_store("ID")
    own = await insert_channel_product(mine.merchant_id, mine.shop_id)
    foreign = await client.post("/cms/goods/channel/map", headers=headers,
                                json={"variationId": own.variations[0].id, "masterProductId": master})
    assert foreign.status_code == 422 and foreign.json()["data"]["errors"][0]["field"] == "masterProductId"


async def test_the_demo_stores_list_the_demo_warehouses_skus():
    """The demo of a first `make run` (demo/goods.py): the demo WMS merchants' stores list their master products
    in several listing states, mapped to the SKUs the demo warehouses hold, with new listings left to map."""
    async with transaction() as db:
        rows = (await db.execute(text(
            "SELECT p.merchant_id, p.listing_state, p.mapping_status, v.master_sku,"
            " (SELECT s.latest_product_sync_at FROM shops s WHERE s.id = p.shop_id) AS synced,"
            " (SELECT sum(b.on_hand) FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id"
            "   WHERE w.merchant_id = p.merchant_id AND b.sku = v.master_sku) AS on_hand"
            " FROM channel_products p JOIN channel_product_variations v ON v.channel_product_id = p.id"
            " WHERE p.channel_item_id LIKE '%-0001' OR p.mapping_status = 'UNMAPPED'"))).all()
        states = set((await db.scalars(text("SELECT DISTINCT listing_state FROM channel_products"))).all())
    mapped = [row for row in rows if row.master_sku is not None]
    assert mapped and all(row.on_hand and row.on_hand > 0 and row.synced for row in mapped)
    assert any(row.mapping_status == "UNMAPPED" for row in rows)
    assert {"LIVE", "SOLD_OUT", "DISABLED", "DELETED"} <= states


async def test_the_goods_history_of_a_first_run_shows_the_demo_changes_with_their_diffs(client, login_as):
    """demo/goods.py: the administrator auto-created a new listing's master products and disabled a listing,
    through the goods services, so the history has each with its field diff."""
    staff = await login_as(super_user=True)
    found = (await client.post("/cms/goods/history/search", headers=staff,
                               json={"operatorName": "admin", "sort": "id", "pageSize": 100})).json()["data"]["items"]
    kinds = {(h["entity"], h["action"]) for h in found}
    assert {(GoodsEntity.MASTER_PRODUCT, "create"), (GoodsEntity.CHANNEL_PRODUCT, "update")} <= kinds
    diffs = [h["changes"] for h in found if h["entity"] == GoodsEntity.CHANNEL_PRODUCT]
    assert any(change.get("after") == "DISABLED" for diff in diffs for change in diff.values())
    assert any(str(change.get("after", "")).startswith("NEW-") for diff in diffs for change in diff.values())
