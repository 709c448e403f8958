"""The merchant list's filters and export against SPEC §3 "Merchant or account": the IAM, ERP and WMS account
status and type, the registration source, the shop count and last payment ranges; the export holds every field."""

import io
import re
from datetime import UTC, datetime, timedelta

import openpyxl
import pytest
from sqlalchemy import update

from domain.db import transaction
from domain.models.merchants import MerchantAccount
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant

# SPEC §3 merchant fields the export must carry, by their English titles
EXPORTED = ("Email", "Registration date", "Registration source", "Country", "Merchant type", "Business category",
            "Plan", "Expire date", "Shops", "Orders used this month", "Monthly order limit", "Contact status",
            "Reason for not renewing", "Phone", "Sales person", "Retention person", "ERP business line",
            "ERP merchant id", "WMS merchant id", "User id", "First payment", "Last payment", "Active days",
            "Orders (30 days)", "Tags", "Team", "WA link", "WhatsApp group", "Channels of its shops")


@pytest.fixture
async def staff(login_as):
    return await login_as("ginee-account", "account#export")


async def ids(client, headers, tag, **body):
    reply = await client.post("/cms/merchant/search", headers=headers, json={"pageSize": 100, "tags": [tag], **body})
    assert reply.status_code == 200, reply.text
    return {m["id"] for m in reply.json()["data"]["items"]}


async def test_account_status_and_type_registration_source_and_ranges_filter_the_list(client, staff):
    tag = unique("f")[:20]
    now = datetime.now(UTC)
    blacklisted = await insert_merchant(tags=[tag], registration_source="SYS_ERP", last_payment_at=now, shops=[{}])
    plain = await insert_merchant(tags=[tag], registration_source="MKT_ADS",
                                  last_payment_at=now - timedelta(days=90))
    async with transaction() as db:
        await db.execute(update(MerchantAccount).where(MerchantAccount.merchant_id == blacklisted.id)
                         .values(status="BLACKLISTED", account_type="TEST"))
    assert await ids(client, staff, tag, accountStatus=["BLACKLISTED"]) == {blacklisted.id}
    assert await ids(client, staff, tag, accountStatus=["ENABLED"]) == {plain.id}
    assert await ids(client, staff, tag, accountType=["TEST", "INTERNAL"]) == {blacklisted.id}
    assert await ids(client, staff, tag, registrationSource=["MKT_ADS"]) == {plain.id}
    assert await ids(client, staff, tag, shopCount=[1, None]) == {blacklisted.id}
    since = (now - timedelta(days=30)).isoformat()
    assert await ids(client, staff, tag, lastPaymentAt=[since, None]) == {blacklisted.id}
    refused = await client.post("/cms/merchant/search", headers=staff, json={"accountStatus": ["GONE"]})
    assert refused.status_code == 422
    assert refused.json()["data"]["errors"][0]["field"].startswith("accountStatus")


async def test_registration_date_and_order_usage_ranges_filter_the_list(client, staff):
    tag = unique("r")[:20]
    now = datetime.now(UTC)
    recent = await insert_merchant(tags=[tag], registered_at=now - timedelta(days=2), order_usage=500)
    older = await insert_merchant(tags=[tag], registered_at=now - timedelta(days=40), order_usage=20)
    since = (now - timedelta(days=7)).isoformat()
    assert await ids(client, staff, tag, registeredAt=[since, None]) == {recent.id}
    assert await ids(client, staff, tag, registeredAt=[None, since]) == {older.id}
    assert await ids(client, staff, tag, orderUsage=[100, 1000]) == {recent.id}
    assert await ids(client, staff, tag, orderUsage=[0, 100]) == {older.id}
    assert await ids(client, staff, tag, orderUsage=[501]) == set()


async def test_the_export_holds_every_merchant_field_of_spec_3(client, staff):
    merchant = await insert_merchant("MY", erp_merchant_id=unique("ERP"), iam_user_id=unique("IAM"))
    reply = await client.post("/cms/merchant/export", headers=staff, json={"email": merchant.email})
    assert reply.status_code == 200, reply.text
    header, row = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    assert [name for name in EXPORTED if name not in header] == [], header
    untitled = [title for title in header if re.fullmatch(r"[a-z]+[A-Z0-9]\w*", str(title))]
    assert untitled == [], "export columns without a translated title"
    assert merchant.erp_merchant_id in row and merchant.iam_user_id in row


@pytest.mark.parametrize(("language", "label"), [("en", "Shops"), ("zh-CN", "店铺数"), ("id", "Jumlah toko")])
async def test_a_shop_count_beyond_its_column_is_refused_naming_the_filter(client, staff, language, label):
    """The shop count is an `integer` column: a bound beyond 2**31 is a 422 naming the filter as the list heads it,
    in the reader's language (the database's out-of-range error was a 500 on the lean read path)."""
    for body, rule, bound in (({"shopCount": [-5, 2**40]}, "le", "2147483647"),
                              ({"shopCount": [None, -(2**40)]}, "ge", "-2147483648")):
        refused = await client.post("/cms/merchant/search", headers={**staff, "Accept-Language": language}, json=body)
        assert refused.status_code == 422, refused.text
        error = refused.json()["data"]["errors"][0]
        assert (error["field"], error["rule"]) == ("shopCount[1]", rule)  # the filter's range, declared in its schema
        assert error["message"].startswith(label) and bound in error["message"]
    wrong = await client.post("/cms/merchant/search", headers={**staff, "Accept-Language": language},
                              json={"shopCount": ["many"]})
    assert wrong.json()["data"]["errors"][0]["message"].startswith(label)
