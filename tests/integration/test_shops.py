"""Shops (SPEC §3): all and specific lists, connection states, bind and unbind audited, the merchant's shop
count following; expenses: the merchants' payment records, all and specific."""

from decimal import Decimal

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.subscriptions import Payment
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import create_user

SHOPS = ("shops-all", "shops-specific", "shop#export", "shop#bind", "shop#unbind", "ginee-account")
EXPENSES = ("expenses-all", "expenses-specific", "expenses#export")


@pytest.fixture
async def staff(login_as):
    return await login_as(*SHOPS, *EXPENSES)


async def test_unbind_then_bind_is_audited_and_keeps_the_shop_count(client, staff):
    merchant = await insert_merchant(shops=[{"connection_status": "CONNECTED"}, {"connection_status": "EXPIRED"}])
    listed = (await client.post("/cms/shop/specific/search", headers=staff,
                                json={"merchantEmail": merchant.email})).json()["data"]
    assert listed["total"] == 2
    shop = listed["items"][0]
    reply = await client.post("/cms/shop/unbind", headers=staff, json={"id": shop["id"]})
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["bound"] is False and reply.json()["data"]["unboundAt"]
    merchant_row = (await client.get(f"/cms/merchant/detail/{merchant.id}", headers=staff)).json()["data"]
    assert merchant_row["shopCount"] == 1
    again = await client.post("/cms/shop/unbind", headers=staff, json={"id": shop["id"]})
    assert again.status_code == 409 and again.json()["code"] == "SHOP_ALREADY_UNBOUND"
    assert (await client.post("/cms/shop/bind", headers=staff, json={"id": shop["id"]})).status_code == 200
    async with transaction() as db:
        actions = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "Shop", EntityChange.entity_id == str(shop["id"])).order_by(EntityChange.id))).all()
    assert actions == ["unbind", "bind"]
    history = (await client.get(f"/cms/merchant/{merchant.id}/history", headers=staff)).json()["data"]["items"]
    assert [h["action"] for h in history] == ["bind", "unbind"]


async def test_unbind_needs_its_button(client, login_as):
    viewer = await login_as("shops-all")
    merchant = await insert_merchant(shops=[{}])
    shop = (await client.post("/cms/shop/search", headers=viewer, json={"merchantId": merchant.id})).json()["data"]
    reply = await client.post("/cms/shop/unbind", headers=viewer, json={"id": shop["items"][0]["id"]})
    assert reply.status_code == 403


async def test_specific_shops_need_a_named_merchant_and_filters_work(client, staff):
    reply = await client.post("/cms/shop/specific/search", headers=staff, json={"channel": ["SHOPEE_ID"]})
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["rule"] == "shop_lookup"
    short = await client.post("/cms/shop/search", headers=staff, json={"merchantEmail": "ab"})
    assert short.status_code == 422 and short.json()["data"]["errors"][0]["field"] == "merchantEmail"
    merchant = await insert_merchant(shops=[{"connection_status": "RESTRICTED"}, {"connection_status": "CONNECTED"}])
    found = (await client.post("/cms/shop/search", headers=staff, json={
        "merchantId": merchant.id, "connectionStatus": ["RESTRICTED"]})).json()["data"]
    assert [s["connectionStatus"] for s in found["items"]] == ["RESTRICTED"]


async def test_expenses_list_the_payments_of_a_merchant(client, staff):
    merchant = await insert_merchant("TH")
    async with transaction() as db:
        db.add_all([Payment(merchant_id=merchant.id, amount=Decimal("1500.00"), currency="THB", status=status)
                    for status in ("PAID", "FAILED", "CANCEL", "PENDING")])
    missing = await client.post("/cms/expenses/specific/search", headers=staff, json={"status": ["PAID"]})
    assert missing.status_code == 422 and missing.json()["data"]["errors"][0]["rule"] == "payment_lookup"
    reply = await client.post("/cms/expenses/specific/search", headers=staff,
                              json={"merchantEmail": merchant.email, "status": ["PAID", "FAILED"]})
    items = reply.json()["data"]["items"]
    assert sorted(p["status"] for p in items) == ["FAILED", "PAID"]
    assert {p["merchantEmail"] for p in items} == {merchant.email}
    assert items[0]["amount"] in ("1500.00", "1500.0", 1500, "1500")
    export = await client.post("/cms/expenses/export", headers=staff, json={"merchantId": merchant.id})
    assert export.status_code == 200


async def test_iam_performance_sums_paid_payments_per_sales_person(client, login_as):
    seller = await create_user(prefix="sales")
    viewer = await login_as("iam-performance")
    merchants = [await insert_merchant("MY", sales_id=seller.id) for _ in range(2)]
    async with transaction() as db:
        db.add_all([Payment(merchant_id=m.id, amount=Decimal("450.00"), currency="MYR", status=status)
                    for m in merchants for status in ("PAID", "FAILED")])
    reply = await client.get("/cms/expenses/performance", headers=viewer)
    mine = [row for row in reply.json()["data"] if row["salesId"] == seller.id]
    assert mine == [{"salesId": seller.id, "salesName": seller.real_name, "currency": "MYR", "merchants": 2,
                     "paidCount": 2, "paidAmount": "900.00", "pendingCount": 0, "failedCount": 2}]
    backwards = await client.get("/cms/expenses/performance", headers=viewer,
                                 params={"start": "2026-02-01T00:00:00Z", "end": "2026-01-01T00:00:00Z"})
    assert backwards.status_code == 422 and backwards.json()["data"]["errors"][0]["field"] == "end"


async def test_the_oms_shop_menu_lists_the_shops(client, login_as):
    """SPEC §2 /operation/ginee-oms/shop: the OMS menu's shops entry opens the shops list, so holding it is
    enough to search the shops (and not enough to bind or unbind one)."""
    merchant = await insert_merchant(shops=[{"connection_status": "CONNECTED"}])
    oms = await login_as("oms-shop")
    listed = await client.post("/cms/shop/search", headers=oms, json={"merchantEmail": merchant.email})
    assert listed.status_code == 200, listed.text
    assert listed.json()["data"]["total"] == 1
    shop = listed.json()["data"]["items"][0]
    assert (await client.post("/cms/shop/unbind", headers=oms, json={"id": shop["id"]})).status_code == 403
