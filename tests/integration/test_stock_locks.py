"""Lock stock (SPEC §2 stock screens): one store's or one SKU's stock of a merchant is locked from the warehouse
stock screen (store and SKU picked, never typed); a locked store is not synced, a locked SKU is neither pushed nor
taken out by a new outbound order or an outbound movement, each refused naming the lock; unlocking lets them
through again. PostgreSQL keeps one lock per store or SKU, and a lock names one of them."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.models.warehouses import WmsProduct
from tests.conftest import own_flows
from tests.integration.stock_order_support import ORDERS
from tests.integration.stock_sync_support import stocked_store

STAFF = ("search-warehouse-stock", "stock#sync", "stock#lock", "stock#move", "stock-change-record",
         "stock-push-history", "stock-push#retry", *ORDERS)
env = own_flows  # fixture: the API's Temporal client on this module's own test server


async def product_of(merchant_id: int, sku: str) -> int:
    async with transaction() as db:
        product = WmsProduct(merchant_id=merchant_id, sku=sku, name=f"Product {sku}")
        db.add(product)
        await db.flush()
        return product.id


def sync_body(store):
    return {"merchantId": store.merchant_id, "country": "ID", "channel": "SHOPEE_ID", "shopId": store.shop_id}


async def test_a_locked_store_is_not_synced_until_unlocked(client, env, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 5})
    locked = await client.post("/cms/stock-sync/lock/add", headers=staff,
                               json={"shopId": store.shop_id, "reason": "stock count"})
    assert locked.status_code == 200, locked.text
    lock = locked.json()["data"]
    assert (lock["merchantId"], lock["shopId"], lock["sku"]) == (store.merchant_id, store.shop_id, None)
    assert lock["shopName"] and lock["lockedByName"]

    again = await client.post("/cms/stock-sync/lock/add", headers=staff, json={"shopId": store.shop_id})
    assert again.status_code == 409 and again.json()["code"] == "STOCK_LOCK_EXISTS"

    refused = await client.post("/cms/stock-sync/sync", headers={**staff, "Accept-Language": "id"},
                                json=sync_body(store))
    assert refused.status_code == 409 and refused.json()["code"] == "STOCK_STORE_LOCKED"
    assert lock["shopName"] in refused.json()["message"] and "Kunci stok" in refused.json()["message"]

    listed = (await client.post("/cms/stock-sync/lock/search", headers=staff,
                                json={"merchantId": store.merchant_id})).json()["data"]
    assert [row["id"] for row in listed["items"]] == [lock["id"]]
    unlocked = await client.delete(f"/cms/stock-sync/lock/delete/{lock['id']}", headers=staff)
    assert unlocked.status_code == 200, unlocked.text
    synced = await client.post("/cms/stock-sync/sync", headers=staff, json=sync_body(store))
    assert synced.status_code == 200, synced.text


async def test_a_locked_sku_is_not_taken_out_until_unlocked(client, env, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 20, "B": 20})
    a, b = store.skus
    product = await product_of(store.merchant_id, a)
    locked = await client.post("/cms/stock-sync/lock/add", headers=staff, json={"productId": product})
    assert locked.status_code == 200, locked.text
    assert (locked.json()["data"]["sku"], locked.json()["data"]["shopId"]) == (a, None)

    order = {"merchantId": store.merchant_id, "warehouseId": store.place.warehouse_id,
             "orderType": "TRANSFER_OUTBOUND", "lines": [{"sku": b, "quantity": 1}, {"sku": a, "quantity": 2}]}
    refused = await client.post("/cms/stock-order/add", headers=staff, json=order)
    assert refused.status_code == 409 and refused.json()["code"] == "STOCK_SKU_LOCKED"
    assert a in refused.json()["message"]
    inbound = await client.post("/cms/stock-order/add", headers=staff, json={
        **order, "orderType": "PURCHASE_INBOUND"})
    assert inbound.status_code == 200, inbound.text  # stock coming in is not held back

    move = {"warehouseId": store.place.warehouse_id, "sku": a, "movementType": "manual_outbound", "quantity": 1}
    moved = await client.post("/cms/stock/movement", headers={**staff, "Idempotency-Key": f"{a}-out"}, json=move)
    assert moved.status_code == 409 and moved.json()["code"] == "STOCK_SKU_LOCKED"
    again = await client.post("/cms/stock/movement", headers={**staff, "Idempotency-Key": f"{a}-out"}, json=move)
    assert again.status_code == 409 and again.json()["code"] == "STOCK_SKU_LOCKED"  # a retry is refused alike
    async with transaction() as db:  # the refused movement's one statement moved nothing
        assert await db.scalar(text("SELECT count(*) FROM stock_changes WHERE warehouse_id = :w AND sku = :s "
                                    "AND movement_type = 'manual_outbound'"),
                               {"w": store.place.warehouse_id, "s": a}) == 0
    other = await client.post("/cms/stock/movement", headers={**staff, "Idempotency-Key": f"{b}-out"},
                              json={**move, "sku": b})
    assert other.status_code == 200, other.text

    await client.delete(f"/cms/stock-sync/lock/delete/{locked.json()['data']['id']}", headers=staff)
    assert (await client.post("/cms/stock-order/add", headers=staff, json=order)).status_code == 200
    moved = await client.post("/cms/stock/movement", headers={**staff, "Idempotency-Key": f"{a}-out-2"}, json=move)
    assert moved.status_code == 200, moved.text


async def test_a_lock_names_one_store_or_one_sku_and_the_form_says_which(client, env, login_as):
    staff = await login_as(*STAFF)
    store = await stocked_store(stock={"A": 1})
    neither = await client.post("/cms/stock-sync/lock/add", headers=staff, json={"reason": "?"})
    assert neither.status_code == 422
    assert [e["field"] for e in neither.json()["data"]["errors"]] == ["shopId"]
    product = await product_of(store.merchant_id, store.skus[0])
    both = await client.post("/cms/stock-sync/lock/add", headers=staff,
                             json={"shopId": store.shop_id, "productId": product})
    assert both.status_code == 422 and both.json()["data"]["errors"][0]["field"] == "productId"
    no_right = await client.post("/cms/stock-sync/lock/add", headers=await login_as("search-warehouse-stock"),
                                 json={"shopId": store.shop_id})
    assert no_right.status_code == 403
    with pytest.raises(IntegrityError, match="ck_stock_locks_one_target"):
        async with transaction() as db:
            await db.execute(text("INSERT INTO stock_locks (merchant_id, shop_id, sku) VALUES (:m, :s, 'X')"),
                             {"m": store.merchant_id, "s": store.shop_id})
