"""Merchant accounts: the lists and their filters (SPEC §3, §5), the detail's accounts, the account type set in
IAM and copied to ERP and WMS, WMS activation and its two refusals (SPEC §5, §8), the action history."""

import io
from datetime import UTC, datetime, timedelta

import openpyxl
import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.merchants import MerchantAccount
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant

ALL = ("ginee-account", "ginee-specific-accounts", "account#edit", "account#export", "account#activate-wms")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


async def search(client, headers, path="/cms/merchant/search", **body):
    return await client.post(path, headers=headers, json={"pageSize": 100, **body})


async def test_email_and_phone_searches_find_the_merchant_and_show_its_country(client, staff):
    merchant = await insert_merchant("PH", tags=["vip"])
    by_email = (await search(client, staff, email=merchant.email[:12].upper())).json()["data"]
    assert [m["id"] for m in by_email["items"]] == [merchant.id]
    assert by_email["items"][0]["country"] == "PH"
    by_phone = (await search(client, staff, phone=merchant.phone[1:10])).json()["data"]  # without the +
    assert merchant.id in [m["id"] for m in by_phone["items"]]


@pytest.mark.parametrize(("body", "field", "rule"), [
    ({"email": "a@.c1"}, "email", "email_search_letters"),  # SPEC §5: email search needs at least 3 letters
    ({"phone": "+62812"}, "phone", "phone_search_length"),  # SPEC §5: at least 8 characters in searches
    ({"phone": "081234567890"}, "phone", "phone_search_country_code"),  # must start with the country code
    ({"phone": "+62 81x 4567"}, "phone", "phone_format"),
    ({"integration": "SOME"}, "integration", "enum"),
])
async def test_searches_that_are_too_short_or_lack_the_country_code_are_refused(client, staff, body, field, rule):
    reply = await search(client, staff, **body)
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == (field, rule)


async def test_the_specific_list_needs_a_named_merchant_first(client, staff):
    reply = await search(client, staff, "/cms/merchant/specific/search", country=["ID"])
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["rule"] == "merchant_lookup"
    merchant = await insert_merchant("MY")
    found = (await search(client, staff, "/cms/merchant/specific/search", email=merchant.email)).json()["data"]
    assert [m["id"] for m in found["items"]] == [merchant.id]


async def test_integration_and_plan_filters_are_computed_from_shops_and_plan(client, staff):
    tag = unique("t")[:20]
    connected = await insert_merchant(tags=[tag], package_state="PRO", orders_30d=5,
                                      shops=[{"connection_status": "CONNECTED"}, {"connection_status": "EXPIRED"}])
    expired = await insert_merchant(tags=[tag], shops=[{"connection_status": "EXPIRED"}])
    none = await insert_merchant(tags=[tag])

    async def ids(**body):
        reply = await search(client, staff, tags=[tag], **body)
        assert reply.status_code == 200, reply.text
        return {m["id"] for m in reply.json()["data"]["items"]}

    assert await ids(integration="CONNECTED") == {connected.id}
    assert await ids(integration="NON_CONNECTED") == {expired.id, none.id}
    assert await ids(integration="ALL_EXPIRED") == {expired.id}
    assert await ids(plan="NOT_INTEGRATE") == {none.id}
    assert await ids(plan="NO_ORDER") == {expired.id}
    assert await ids(plan="PRO") == {connected.id}
    shown = (await search(client, staff, tags=[tag], id=connected.id)).json()["data"]["items"][0]
    assert shown["shopCount"] == 2 and shown["channels"] == ["SHOPEE_ID"]


async def test_expire_date_range_and_team(client, staff):
    tag = unique("t")[:20]
    soon = datetime.now(UTC) + timedelta(days=3)
    inside = await insert_merchant(tags=[tag], expire_at=soon, team="RETENTION")
    await insert_merchant(tags=[tag], expire_at=soon + timedelta(days=60), team="RETENTION")
    reply = await search(client, staff, tags=[tag], team=["RETENTION"],
                         expireAt=[datetime.now(UTC).isoformat(), (soon + timedelta(days=1)).isoformat()])
    assert [m["id"] for m in reply.json()["data"]["items"]] == [inside.id]


async def test_changing_the_phone_changes_the_country_and_a_bad_phone_changes_nothing(client, staff):
    merchant = await insert_merchant("ID")
    reply = await client.post("/cms/merchant/modify", headers=staff, json={"id": merchant.id, "phone": "+66812345678"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["country"] == "TH"
    bad = await client.post("/cms/merchant/modify", headers=staff, json={"id": merchant.id, "phone": "0812345678",
                                                                          "team": "SALES"})
    assert bad.status_code == 422
    assert bad.json()["data"]["errors"][0]["field"] == "phone"
    detail = (await client.get(f"/cms/merchant/detail/{merchant.id}", headers=staff)).json()["data"]
    assert (detail["phone"], detail["country"], detail["team"]) == ("+66812345678", "TH", None)


async def test_the_country_cannot_be_typed(client, staff):
    merchant = await insert_merchant("ID")
    await client.post("/cms/merchant/modify", headers=staff, json={"id": merchant.id, "country": "PH"})
    detail = (await client.get(f"/cms/merchant/detail/{merchant.id}", headers=staff)).json()["data"]
    assert detail["country"] == "ID"


async def accounts_of(client, headers, merchant_id):
    reply = await client.get(f"/cms/merchant/{merchant_id}/accounts", headers=headers)
    assert reply.status_code == 200, reply.text
    return {(a["system"], a["email"]): a for a in reply.json()["data"]}


async def test_account_type_set_in_iam_is_copied_to_erp_and_wms_in_one_call(client, staff):
    merchant = await insert_merchant()
    accounts = await accounts_of(client, staff, merchant.id)
    erp = accounts[("ERP", merchant.email)]
    assert (await client.post("/cms/merchant/account/activate-wms", headers=staff,
                              json={"accountId": erp["id"]})).status_code == 200
    iam = accounts[("IAM", merchant.email)]
    reply = await client.post("/cms/merchant/account/modify", headers=staff,
                              json={"id": iam["id"], "accountType": "TEST"})
    assert reply.status_code == 200, reply.text
    after = await accounts_of(client, staff, merchant.id)
    assert {s: after[(s, merchant.email)]["accountType"] for s in ("IAM", "ERP", "WMS")} == {
        "IAM": "TEST", "ERP": "TEST", "WMS": "TEST"}
    history = (await client.get(f"/cms/merchant/{merchant.id}/history", headers=staff)).json()["data"]["items"]
    assert {h["action"] for h in history} >= {"update", "activate-wms"}
    assert all(h["transactionId"] for h in history)


async def test_account_type_cannot_be_edited_on_erp_and_nothing_changes(client, staff):
    merchant = await insert_merchant()
    erp = (await accounts_of(client, staff, merchant.id))[("ERP", merchant.email)]
    reply = await client.post("/cms/merchant/account/modify", headers=staff,
                              json={"id": erp["id"], "accountType": "INTERNAL", "status": "DISABLED"})
    assert reply.status_code == 409
    assert reply.json()["code"] == "ACCOUNT_TYPE_IAM_ONLY"
    assert "IAM" in reply.json()["message"]
    async with transaction() as db:
        row = await db.get(MerchantAccount, erp["id"])
    assert (row.account_type, row.status) == ("OFFICIAL", "ENABLED")


async def test_wms_activation_before_the_first_erp_login_says_activate_erp_first(client, staff):
    merchant = await insert_merchant(erp_login=False)
    erp = (await accounts_of(client, staff, merchant.id))[("ERP", merchant.email)]
    reply = await client.post("/cms/merchant/account/activate-wms", headers=staff, json={"accountId": erp["id"]})
    assert reply.status_code == 409
    assert reply.json()["code"] == "WMS_NEEDS_ERP_LOGIN"
    assert reply.json()["message"].startswith("Please activate ERP first")
    zh = await client.post("/cms/merchant/account/activate-wms", headers={**staff, "Accept-Language": "zh-CN"},
                           json={"accountId": erp["id"]})
    assert zh.json()["message"].startswith("请先激活 ERP")
    assert ("WMS", merchant.email) not in await accounts_of(client, staff, merchant.id)


async def test_staff_accounts_do_not_support_wms_activation(client, staff):
    merchant = await insert_merchant(staff=True)
    erp = (await accounts_of(client, staff, merchant.id))[("ERP", f"staff.{merchant.email}")]
    reply = await client.post("/cms/merchant/account/activate-wms", headers=staff, json={"accountId": erp["id"]})
    assert reply.status_code == 409
    assert reply.json()["code"] == "WMS_STAFF_NOT_SUPPORTED"
    assert "do not support activation" in reply.json()["message"]
    async with transaction() as db:
        wms = await db.scalar(select(MerchantAccount).where(MerchantAccount.merchant_id == merchant.id,
                                                            MerchantAccount.system == "WMS"))
    assert wms is None


async def test_a_second_activation_is_refused(client, staff):
    merchant = await insert_merchant()
    erp = (await accounts_of(client, staff, merchant.id))[("ERP", merchant.email)]
    first = await client.post("/cms/merchant/account/activate-wms", headers=staff, json={"accountId": erp["id"]})
    assert first.status_code == 200
    again = await client.post("/cms/merchant/account/activate-wms", headers=staff, json={"accountId": erp["id"]})
    assert again.json()["code"] == "WMS_ALREADY_ACTIVE"


async def test_buttons_need_their_permission(client, login_as):
    viewer = await login_as("ginee-account")
    merchant = await insert_merchant()
    assert (await search(client, viewer, email=merchant.email)).status_code == 200
    erp = (await accounts_of(client, viewer, merchant.id))[("ERP", merchant.email)]
    for path, body in [("/cms/merchant/account/activate-wms", {"accountId": erp["id"]}),
                       ("/cms/merchant/account/modify", {"id": erp["id"], "status": "DISABLED"}),
                       ("/cms/merchant/modify", {"id": merchant.id, "team": "SALES"})]:
        reply = await client.post(path, headers=viewer, json=body)
        assert reply.status_code == 403, path
    assert (await client.post("/cms/merchant/add", headers=viewer, json={})).status_code in (404, 405)


async def test_export_holds_the_filtered_merchants(client, staff):
    merchant = await insert_merchant("VN")
    reply = await client.post("/cms/merchant/export", headers=staff, json={"email": merchant.email})
    assert reply.status_code == 200
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert len(rows) == 2 and merchant.email in rows[1] and "VN" in rows[1]
