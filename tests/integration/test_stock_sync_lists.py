"""Stock sync lists (SPEC §2 stock screens): warehouse stock search with every bucket and available, product
inventory, product flow from the change records, store-warehouse bindings, the lock and promotion stock switches
(audited, each turn an event), their filters, exports and translated refusals."""

import pytest
from sqlalchemy import select, text

from domain.db import transaction
from domain.enums import StockMovementType as M
from domain.models.audit import EntityChange
from tests.integration.stock_support import insert_warehouse, moved
from tests.integration.stock_sync_support import stocked_store

STAFF = ("search-warehouse-stock", "stock#export", "product-inventory", "inventory#export", "product-flow",
         "product-flow#export", "store-warehouse-binding", "stock-binding#add", "stock-binding#edit",
         "stock-binding#export", "stock-settings", "stock-settings#edit", "stock-settings#export",
         "events-warehouse-stock")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def search(client, headers, path, **filters):
    reply = await client.post(f"/cms/stock-sync/{path}/search", headers=headers, json=filters)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_warehouse_stock_shows_every_bucket_and_available_filtered_by_merchant_and_sku(client, staff):
    store = await stocked_store(stock={"A": 10, "B": 4})
    a, b = store.skus
    await moved(store.place, M.LOCK_OUTBOUND, 3, a)
    await moved(store.place, M.RESERVE_PROMOTION, 2, a)
    found = await search(client, staff, "stock", merchantId=store.merchant_id)
    assert [r["sku"] for r in found["items"]] == [a, b]
    row = found["items"][0]
    assert (row["onHand"], row["locked"], row["promotion"], row["spare"], row["transit"], row["available"]) == (
        10, 3, 2, 0, 0, 5)
    assert row["merchantEmail"] == store.email and row["warehouseId"] == store.place.warehouse_id
    only_b = await search(client, staff, "stock", merchantId=store.merchant_id, sku=b[-6:])
    assert [r["sku"] for r in only_b["items"]] == [b]
    other = await search(client, staff, "stock", warehouseId=[store.place.warehouse_id + 10_000_000])
    assert other["total"] == 0
    export = await client.post("/cms/stock-sync/stock/export", headers=staff, json={"merchantId": store.merchant_id})
    assert export.status_code == 200 and export.headers["content-type"].startswith(XLSX)


async def test_product_inventory_sums_the_merchants_warehouses_per_sku(client, staff):
    store = await stocked_store(stock={"A": 10})
    second = await insert_warehouse(1, store.merchant_id)
    await moved(second, M.MANUAL_INBOUND, 7, store.skus[0])
    await moved(second, M.LOCK_OUTBOUND, 2, store.skus[0])
    found = await search(client, staff, "inventory", merchantId=store.merchant_id)
    assert [(r["sku"], r["warehouseCount"], r["existing"], r["locked"], r["available"]) for r in found["items"]] == [
        (store.skus[0], 2, 17, 2, 15)]
    missing = await client.post("/cms/stock-sync/inventory/search", headers=staff, json={})
    assert missing.status_code == 422 and missing.json()["data"]["errors"][0]["rule"] == "stock_inventory_lookup"


async def test_product_flow_lists_each_movement_with_original_movement_and_new(client, staff):
    store = await stocked_store(stock={"A": 10})
    await moved(store.place, M.MANUAL_OUTBOUND, 4, store.skus[0], document_no="SO-778")
    found = await search(client, staff, "flow", merchantId=store.merchant_id, sort="id")
    rows = [(r["movementType"], r["original"], r["movement"], r["new"], r["erpOrderNo"]) for r in found["items"]]
    assert rows[0][:3] == ("manual_inbound", 0, 10) and rows[1] == ("manual_outbound", 10, -4, 6, "SO-778")
    assert all(r["transactionNo"].startswith("SF") for r in found["items"])
    by_order = await search(client, staff, "flow", erpOrderNo="SO-778", merchantId=store.merchant_id)
    assert by_order["total"] == 1


async def test_a_store_is_bound_only_to_warehouses_of_its_merchant_and_once(client, staff):
    store = await stocked_store(bind=False)
    body = {"shopId": store.shop_id, "warehouseId": store.place.warehouse_id}
    added = await client.post("/cms/stock-sync/binding/add", headers=staff, json=body)
    assert added.status_code == 200, added.text
    assert added.json()["data"]["merchantId"] == store.merchant_id and added.json()["data"]["channel"] == "SHOPEE_ID"
    again = await client.post("/cms/stock-sync/binding/add", headers=staff, json=body)
    assert again.status_code == 409 and again.json()["code"] == "STOCK_BINDING_EXISTS"
    stranger = await insert_warehouse(1)
    other = await client.post("/cms/stock-sync/binding/add", headers={**staff, "Accept-Language": "zh-CN"},
                              json={"shopId": store.shop_id, "warehouseId": stranger.warehouse_id})
    assert other.status_code == 422
    error = other.json()["data"]["errors"][0]
    assert error["field"] == "warehouseId" and error["rule"] == "stock_binding_other_merchant"
    assert "不属于同一商户" in other.json()["message"]
    listed = await search(client, staff, "binding", shopId=store.shop_id)
    assert [r["warehouseId"] for r in listed["items"]] == [store.place.warehouse_id]


async def test_switches_are_audited_and_each_turn_is_an_event(client, staff):
    store = await stocked_store()
    reply = await client.post("/cms/stock-sync/setting/save", headers=staff,
                              json={"merchantId": store.merchant_id, "lockStock": True})
    assert reply.status_code == 200, reply.text
    assert (reply.json()["data"]["lockStock"], reply.json()["data"]["promotionStock"]) == (True, False)
    reply = await client.post("/cms/stock-sync/setting/save", headers=staff,
                              json={"merchantId": store.merchant_id, "lockStock": True, "promotionStock": True})
    assert reply.json()["data"]["promotionStock"] is True
    events = await search(client, staff, "event", merchantId=store.merchant_id, sort="id")
    assert [(e["kind"], e["switchedOn"]) for e in events["items"]] == [("LOCK_STOCK", True),
                                                                       ("PROMOTION_STOCK", True)]
    async with transaction() as db:
        actions = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "StockSetting", EntityChange.entity_id == str(reply.json()["data"]["id"]))
            .order_by(EntityChange.id))).all()
    assert actions == ["create", "update"]
    listed = await search(client, staff, "setting", merchantId=store.merchant_id, lockStock=True)
    assert listed["total"] == 1


@pytest.mark.parametrize("body", [{"lockStock": True}, {"merchantId": "x", "lockStock": True},
                                  {"merchantId": 1, "lockStock": "maybe"}])
async def test_malformed_switch_changes_are_refused_naming_the_field(client, staff, body):
    reply = await client.post("/cms/stock-sync/setting/save", headers=staff, json=body)
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["field"] in ("merchantId", "lockStock")


async def test_switches_need_their_button(client, login_as):
    viewer = await login_as("stock-settings")
    store = await stocked_store()
    reply = await client.post("/cms/stock-sync/setting/save", headers=viewer,
                              json={"merchantId": store.merchant_id, "lockStock": True})
    assert reply.status_code == 403


async def drift(place, sku: str, units: int) -> None:
    """A balance that no longer equals its change records (what the reconciliation finds), made by hand."""
    async with transaction() as db:
        await db.execute(text("UPDATE stock_balances SET on_hand = on_hand + :n WHERE warehouse_id = :w AND sku = :s"),
                         {"n": units, "w": place.warehouse_id, "s": sku})


async def test_stock_fix_rebuilds_the_merchants_balances_of_the_skus_and_is_audited(client, login_as):
    """SPEC §5: stock fix needs merchant id and inventory SKUs."""
    fixer = await login_as("search-warehouse-stock", "stock#fix", "events-warehouse-stock")
    store = await stocked_store(stock={"A": 10, "B": 4})
    a, b = store.skus
    await drift(store.place, a, 5)
    await drift(store.place, b, 2)
    reply = await client.post("/cms/stock-sync/fix", headers=fixer, json={"merchantId": store.merchant_id,
                                                                          "skus": [a, f" {a} ", ""]})
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["event"]["kind"] == "FIX" and reply.json()["data"]["event"]["skuCount"] == 1
    found = await search(client, fixer, "stock", merchantId=store.merchant_id)
    assert {r["sku"]: r["onHand"] for r in found["items"]} == {a: 10, b: 6}  # b was not asked for
    async with transaction() as db:
        repaired = (await db.scalars(select(EntityChange.entity_id).where(
            EntityChange.entity == "StockBalance", EntityChange.action == "repair",
            EntityChange.entity_id == f"{store.place.warehouse_id}/{a}"))).all()
    assert len(repaired) == 1


@pytest.mark.parametrize(("body", "field", "rule"), [
    ({"skus": ["X"]}, "merchantId", None), ({"merchantId": 1}, "skus", None), ({"skus": []}, "skus", "required"),
    ({"skus": ["  "]}, "skus", "required"), ({"skus": ["X" * 101]}, "skus", "stock_sku_too_long"),
    ({"skus": "A"}, "skus", None)])
async def test_stock_fix_refuses_missing_or_malformed_input(client, login_as, body, field, rule):
    fixer = await login_as("stock#fix")
    store = await stocked_store(stock={"A": 1})
    payload = {"merchantId": store.merchant_id, **body} if "merchantId" not in body and field != "merchantId" else body
    reply = await client.post("/cms/stock-sync/fix", headers={**fixer, "Accept-Language": "zh-CN"}, json=payload)
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert error["field"] == field and (rule is None or error["rule"] == rule)


async def test_stock_fix_names_skus_the_merchant_has_no_stock_of_and_repairs_nothing(client, login_as):
    fixer = await login_as("stock#fix", "search-warehouse-stock")
    store = await stocked_store(stock={"A": 3})
    await drift(store.place, store.skus[0], 1)
    reply = await client.post("/cms/stock-sync/fix", headers=fixer,
                              json={"merchantId": store.merchant_id, "skus": [store.skus[0], "NOPE-1"]})
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["rule"] == "stock_fix_unknown_sku" and "NOPE-1" in reply.json()["message"]
    found = await search(client, fixer, "stock", merchantId=store.merchant_id)
    assert found["items"][0]["onHand"] == 4  # still drifted: nothing was repaired
