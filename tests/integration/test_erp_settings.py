"""ERP settings (SPEC §2 /operation/ginee-oms/erp-settings/*): one row of basic, product, order, stock and shipping
settings per merchant, every field within its limits and the rules between fields held by the server (every
broken field named at once) and by CHECK constraints, the merchant's data authority, and the action history of
every change with its field diffs in the reader's language."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.models.data_authority import DataScope
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.stock_support import insert_warehouse

PAGES = ("basic-settings", "product-settings", "order-setting", "stock-settings", "shipping-setting")
ALL = (*PAGES, "erp-settings#edit", "erp-settings#export")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def call(client, headers, page, verb, status=200, **body):
    reply = await client.post(f"/cms/erp-settings/{page}/{verb}", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


def errors(reply):
    return [(e["field"], e["rule"]) for e in reply["data"]["errors"]]


@pytest.mark.parametrize(("page", "defaults"), [
    ("basic-settings", {"timeZone": "Asia/Jakarta", "currency": "IDR", "orderNoPrefix": "", "lowStockThreshold": 10}),
    ("product-settings", {"masterProductMode": "MATCH_BY_SKU", "skuMaxLength": 50, "autoCreateMaster": True}),
    ("order-setting", {"autoAccept": False, "splitRule": "NO_SPLIT", "reserveOn": "PAID", "holdMinutes": 0}),
    ("stock-settings", {"syncEnabled": True, "pushRatioPercent": 100, "safetyStock": 0}),
    ("shipping-setting", {"labelSize": "SIZE_100X150", "handoverMode": "PICKUP", "pickupStartHour": 9}),
])
async def test_a_merchants_settings_are_added_with_their_defaults_listed_and_changed_at_once(client, staff, page,
                                                                                             defaults):
    merchant = await insert_merchant("ID")
    added = (await call(client, staff, page, "add", merchantId=merchant.id))["data"]
    assert {k: added[k] for k in defaults} == defaults
    assert added["merchantEmail"] == merchant.email
    listed = (await call(client, staff, page, "search", merchantId=merchant.id))["data"]["items"]
    assert [row["id"] for row in listed] == [added["id"]]
    field, value = next((k, v) for k, v in defaults.items() if isinstance(v, int))
    changed = not value if isinstance(value, bool) else value + 1
    modified = (await call(client, staff, page, "modify", id=added["id"], **{field: changed}))["data"]
    assert modified[field] == changed
    detail = await client.get(f"/cms/erp-settings/{page}/detail/{added['id']}", headers=staff)
    assert detail.json()["data"][field] == changed
    # one row per merchant and kind: a second is refused naming the merchant
    again = await call(client, staff, page, "add", 409, merchantId=merchant.id)
    assert (again["code"], again["data"]["field"]) == ("ERP_SETTING_EXISTS", "merchantId")


async def test_every_field_beyond_its_limits_is_named_in_one_refusal_and_nothing_is_added(client, staff):
    merchant = await insert_merchant("ID")
    refused = await call(client, staff, "order-setting", "add", 422, merchantId=merchant.id, holdMinutes=10_081,
                         autoCancelUnpaidHours=0, splitRule="SOMETIMES", maxLinesPerPackage=501)
    assert sorted(errors(refused)) == [("autoCancelUnpaidHours", "ge"), ("holdMinutes", "le"),
                                       ("maxLinesPerPackage", "le"), ("splitRule", "enum")]
    refused = await call(client, staff, "basic-settings", "add", 422, merchantId=merchant.id, timeZone="Mars/Base",
                         currency="EUR", lowStockThreshold=-1)
    assert sorted(f for f, _ in errors(refused)) == ["currency", "lowStockThreshold", "timeZone"]
    listed = await call(client, staff, "order-setting", "search", merchantId=merchant.id)
    assert listed["data"]["total"] == 0


@pytest.mark.parametrize(("page", "body", "expected"), [
    ("basic-settings", {"orderNoPrefix": "ab-1"}, [("orderNoPrefix", "erp_order_prefix")]),
    ("product-settings", {"masterProductMode": "MANUAL_BIND", "autoBindBySku": True},
     [("autoBindBySku", "erp_manual_bind_no_auto_bind")]),
    ("order-setting", {"autoAccept": False, "autoAcceptDelayMinutes": 5, "autoMerge": True, "mergeWindowMinutes": 0},
     [("autoAcceptDelayMinutes", "erp_delay_needs_auto_accept"), ("mergeWindowMinutes", "erp_merge_window_required")]),
    ("stock-settings", {"pushRatioPercent": 90, "promotionReservePercent": 20},
     [("promotionReservePercent", "erp_shares_over_100")]),
    ("shipping-setting", {"handoverMode": "PICKUP", "pickupStartHour": 18, "pickupEndHour": 9},
     [("pickupEndHour", "erp_pickup_window")]),
    ("shipping-setting", {"defaultCourierId": 2_000_000_000}, [("defaultCourierId", "not_found")]),
])
async def test_the_rules_between_fields_are_refused_naming_each_field(client, staff, page, body, expected):
    merchant = await insert_merchant("ID")
    refused = await call(client, staff, page, "add", 422, merchantId=merchant.id, **body)
    assert errors(refused) == expected
    # the same rules hold on a change of a saved row
    added = (await call(client, staff, page, "add", merchantId=merchant.id))["data"]
    refused = await call(client, staff, page, "modify", 422, id=added["id"], **body)
    assert errors(refused) == expected


async def test_a_null_for_a_field_that_must_hold_a_value_is_refused_naming_it(client, staff):
    merchant = await insert_merchant("ID")
    added = (await call(client, staff, "basic-settings", "add", merchantId=merchant.id))["data"]
    refused = await call(client, staff, "basic-settings", "modify", 422, id=added["id"], timeZone=None)
    assert errors(refused) == [("timeZone", "not_null")]
    kept = (await call(client, staff, "basic-settings", "search", merchantId=merchant.id))["data"]["items"]
    assert kept[0]["timeZone"] == "Asia/Jakarta"


async def test_the_messages_name_the_field_and_the_rule_in_the_readers_language(client, staff):
    merchant = await insert_merchant("ID")
    body = {"merchantId": merchant.id, "pushRatioPercent": 90, "promotionReservePercent": 20}
    en = await call(client, staff, "stock-settings", "add", 422, **body)
    assert en["message"] == ("Promotion stock (%): the push ratio and the promotion stock together are at most 100% "
                             "(at most 10% here)")
    zh = await client.post("/cms/erp-settings/stock-settings/add", headers={**staff, "Accept-Language": "zh-CN"},
                           json=body)
    assert zh.json()["message"] == "活动库存（%）：推送比例与活动库存合计不超过 100%（此处最多 10%）"


async def test_the_default_warehouse_is_one_of_the_merchants_own(client, staff):
    merchant, other = await insert_merchant("ID"), await insert_merchant("ID")
    own, theirs = await insert_warehouse(0, merchant.id), await insert_warehouse(0, other.id)
    refused = await call(client, staff, "basic-settings", "add", 422, merchantId=merchant.id,
                         defaultWarehouseId=theirs.warehouse_id)
    assert errors(refused) == [("defaultWarehouseId", "erp_warehouse_other_merchant")]
    added = (await call(client, staff, "basic-settings", "add", merchantId=merchant.id,
                        defaultWarehouseId=own.warehouse_id))["data"]
    assert added["defaultWarehouseId"] == own.warehouse_id and added["defaultWarehouseName"]


@pytest.mark.parametrize(("table", "values"), [
    ("erp_basic_settings", "order_no_prefix = 'ab-'"),
    ("erp_product_settings", "master_product_mode = 'MANUAL_BIND', auto_bind_by_sku = true"),
    ("erp_order_settings", "auto_accept = false, auto_accept_delay_minutes = 5"),
    ("erp_order_settings", "hold_minutes = 10081"),
    ("erp_stock_settings", "push_ratio_percent = 90, promotion_reserve_percent = 20"),
    ("erp_shipping_settings", "handover_mode = 'PICKUP', pickup_start_hour = 18, pickup_end_hour = 9"),
])
async def test_postgresql_holds_the_same_rules(client, staff, table, values):
    merchant = await insert_merchant("ID")
    page = {"erp_basic_settings": "basic-settings", "erp_product_settings": "product-settings",
            "erp_order_settings": "order-setting", "erp_stock_settings": "stock-settings",
            "erp_shipping_settings": "shipping-setting"}[table]
    added = (await call(client, staff, page, "add", merchantId=merchant.id))["data"]
    with pytest.raises(IntegrityError, match="check constraint"):
        async with transaction() as db:
            # the table and the values are this test's own constants
            await db.execute(text(f"update {table} set {values} where id = :id"), {"id": added["id"]})


async def test_without_the_edit_permission_the_settings_are_only_read(client, login_as, staff):
    merchant = await insert_merchant("ID")
    reader = await login_as(*PAGES)
    assert (await client.post("/cms/erp-settings/order-setting/add", headers=reader,
                              json={"merchantId": merchant.id})).status_code == 403
    await call(client, staff, "order-setting", "add", merchantId=merchant.id)
    assert (await call(client, reader, "order-setting", "search", merchantId=merchant.id))["data"]["total"] == 1


async def test_settings_are_seen_and_changed_only_within_the_merchants_data_authority(client, staff):
    indonesian, filipino = await insert_merchant("ID"), await insert_merchant("PH")
    mine = (await call(client, staff, "order-setting", "add", merchantId=indonesian.id))["data"]
    theirs = (await call(client, staff, "order-setting", "add", merchantId=filipino.id))["data"]
    await call(client, staff, "order-setting", "modify", id=theirs["id"], holdMinutes=30)
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = bearer(await token_for(user))
    listed = (await call(client, scoped, "order-setting", "search", pageSize=500))["data"]["items"]
    assert mine["id"] in [r["id"] for r in listed] and theirs["id"] not in [r["id"] for r in listed]
    detail = await client.get(f"/cms/erp-settings/order-setting/detail/{theirs['id']}", headers=scoped)
    assert detail.status_code == 404
    await call(client, scoped, "order-setting", "modify", 404, id=theirs["id"], holdMinutes=10)
    other = await insert_merchant("PH")
    refused = await call(client, scoped, "product-settings", "add", 422, merchantId=other.id)
    assert errors(refused) == [("merchantId", "not_found")]
    history = await client.get("/cms/erp-settings/order-setting/history", headers=scoped,
                               params={"merchantId": filipino.id})
    assert history.json()["data"]["total"] == 0


async def test_the_history_shows_who_changed_which_field_from_what_to_what_in_the_readers_language(client, staff):
    merchant = await insert_merchant("ID")
    added = (await call(client, staff, "order-setting", "add", merchantId=merchant.id))["data"]
    await call(client, staff, "order-setting", "modify", id=added["id"], holdMinutes=45, splitRule="BY_WAREHOUSE")
    reply = await client.get("/cms/erp-settings/order-setting/history", headers=staff,
                             params={"merchantId": merchant.id})
    page = reply.json()["data"]
    assert page["total"] == 2
    latest, created = page["items"]
    assert (latest["entity"], latest["entityId"], latest["action"]) == ("ErpOrderSetting", str(added["id"]), "update")
    assert created["action"] == "create"
    assert latest["operatorName"]
    changes = {c["field"]: c for c in latest["readable"]}
    assert set(changes) == {"holdMinutes", "splitRule"}
    assert (changes["holdMinutes"]["label"], changes["holdMinutes"]["before"], changes["holdMinutes"]["after"]) == (
        "Hold new orders (minutes)", 0, 45)
    assert (changes["splitRule"]["before"], changes["splitRule"]["after"]) == ("Do not split", "By warehouse")
    zh = await client.get("/cms/erp-settings/order-setting/history", params={"merchantId": merchant.id},
                          headers={**staff, "Accept-Language": "zh-CN"})
    zh_changes = {c["field"]: c for c in zh.json()["data"]["items"][0]["readable"]}
    assert zh_changes["splitRule"]["label"] == "拆单规则" and zh_changes["splitRule"]["after"] == "按仓库拆单"
    # one row's history, and another page's history does not show this page's changes
    one = await client.get("/cms/erp-settings/order-setting/history", headers=staff,
                           params={"entity": "ErpOrderSetting", "entityId": added["id"]})
    assert one.json()["data"]["total"] == 2
    basic = await client.get("/cms/erp-settings/basic-settings/history", headers=staff,
                             params={"merchantId": merchant.id})
    assert basic.json()["data"]["total"] == 0


async def test_the_settings_export_as_xlsx(client, staff):
    merchant = await insert_merchant("ID")
    await call(client, staff, "shipping-setting", "add", merchantId=merchant.id)
    reply = await client.post("/cms/erp-settings/shipping-setting/export", headers=staff,
                              json={"merchantId": merchant.id})
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/vnd.openxmlformats")
