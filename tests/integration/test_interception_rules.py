"""Auto interception rules (ERP order settings): the list, form and export on the resource kit with their
refusals, and their effect: an accepted order matching the first enabled rule by priority is held as abnormal
naming the rule, reserving nothing; released, it is accepted and that rule does not hold it again."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.merchants import Shop
from services.orders import fulfilment
from tests.integration.fulfilment_support import act, new_order, stock_of
from tests.integration.merchant_support import insert_merchant
from tests.integration.stock_sync_support import stocked_store

RULES = ("interception-rules", "interception-rule#add", "interception-rule#edit", "interception-rule#delete",
         "interception-rule#export")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
async def staff(login_as):
    return await login_as(*RULES)


async def add(client, headers, status=200, **body):
    reply = await client.post("/cms/interception-rule/add", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()["data"]


def refusal(data):
    return [(e["field"], e.get("rule") or e.get("code")) for e in data["errors"]]


async def test_a_rule_is_added_listed_changed_and_exported(client, staff):
    store = await stocked_store()
    rule = await add(client, staff, merchantId=store.merchant_id, name=" Big orders ", minTotal="100.00",
                     channels=["SHOPEE_ID"], shopIds=[store.shop_id], skus=[" X-1 ", "X-1", "Y-2"], priority=5)
    assert (rule["name"], rule["minTotal"], rule["skus"], rule["shopIds"], rule["enabled"]) == (
        "Big orders", "100.00", ["X-1", "Y-2"], [store.shop_id], True)
    found = await client.post("/cms/interception-rule/search", headers=staff,
                              json={"merchantId": store.merchant_id, "shopIds": store.shop_id})
    assert [r["id"] for r in found.json()["data"]["items"]] == [rule["id"]]
    assert found.json()["data"]["items"][0]["merchantEmail"] == store.email
    changed = await client.post("/cms/interception-rule/modify", headers=staff,
                                json={"id": rule["id"], "enabled": False, "maxTotal": "500"})
    assert changed.status_code == 200 and changed.json()["data"]["enabled"] is False
    export = await client.post("/cms/interception-rule/export", headers=staff, json={"merchantId": store.merchant_id})
    assert export.status_code == 200 and export.headers["content-type"].startswith(XLSX)


async def test_malformed_rules_are_refused_naming_the_field(client, staff, login_as):
    store = await stocked_store()
    other = await insert_merchant(shops=[{}])
    base = {"merchantId": store.merchant_id, "name": "R"}
    none = await add(client, staff, 422, **base)
    assert refusal(none) == [("channels", "interception_no_condition")]
    upside = await add(client, staff, 422, **base, minTotal="10", maxTotal="5")
    assert refusal(upside) == [("maxTotal", "interception_total_range")]
    negative = await add(client, staff, 422, **base, minTotal="-1")
    assert refusal(negative)[0][0] == "minTotal"
    channel = await add(client, staff, 422, **base, channels=["NOWHERE"])
    assert refusal(channel)[0][0].startswith("channels")
    async with transaction() as db:
        foreign = (await db.scalars(select(Shop.id).where(Shop.merchant_id == other.id))).one()
    stranger = await add(client, staff, 422, **base, shopIds=[foreign])
    assert refusal(stranger) == [("shopIds", "interception_shop_other_merchant")]
    await add(client, staff, **base, buyerKeyword="fraud")
    twice = await client.post("/cms/interception-rule/add", headers=staff, json={**base, "buyerKeyword": "x"})
    assert twice.status_code in (409, 422) and "INTERCEPTION_RULE_EXISTS" in twice.text
    nobody = await client.post("/cms/interception-rule/search", headers=await login_as("shops-all"), json={})
    assert nobody.status_code == 403


async def test_the_first_matching_rule_holds_the_order_and_release_resumes_it(client, staff):
    store = await stocked_store(stock={"A": 10})
    (a,) = store.skus
    later = await add(client, staff, merchantId=store.merchant_id, name="Later", buyerKeyword="risky", priority=50)
    first = await add(client, staff, merchantId=store.merchant_id, name="Risky buyers", buyerKeyword="RISKY",
                      priority=10)
    await add(client, staff, merchantId=store.merchant_id, name="Off", buyerKeyword="risky", priority=1,
              enabled=False)
    await add(client, staff, merchantId=store.merchant_id, name="Other store", shopIds=[], skus=["nothing-here"])
    order_id = await new_order(store, {a: 2}, buyer_name="A Risky Person")
    held = await act(order_id, "ACCEPT")
    assert (held.status, held.cause, held.rule_id, held.rule_name) == ("ABNORMAL", "INTERCEPTED", first["id"],
                                                                        "Risky buyers")
    assert (await stock_of(store, a))["locked"] == 0
    async with transaction() as db:  # released: the next rule by priority holds it now
        again = await fulfilment.resume(db, None, order_id)
    assert again.rule_id == later["id"]
    async with transaction() as db:  # released again: no rule left, accepted and reserved
        accepted = await fulfilment.resume(db, None, order_id)
    assert accepted.status == "READY" and (await stock_of(store, a))["locked"] == 2
    plain = await new_order(store, {a: 1}, buyer_name="Someone")
    assert (await act(plain, "ACCEPT")).status == "READY"
