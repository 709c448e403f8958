"""SPEC §3 add-on package quantities: the dialog refuses more of an add-on than its type allows, translated on the
line's count; PostgreSQL refuses such a record whatever writes it; a new add-on names its type, which then stays."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.enums import AddonMode, AddonType, PackageType
from domain.models.packages import PackageVersion
from domain.models.subscriptions import Subscription, SubscriptionRequest
from tests.conftest import unique
from tests.integration.people import create_user
from tests.integration.subscription_support import dialog, draft_of, merchant, package, people, submit
from tests.integration.test_packages import body


async def test_the_dialog_refuses_more_of_an_addon_than_its_type_allows(client):
    seller, _ = await people()
    merchant_id = await merchant()
    api = await package(PackageType.ADDON, mode=AddonMode.CONTINUE, addon_type=AddonType.OMS_OPEN_API)
    consignors = await package(PackageType.ADDON, mode=AddonMode.SUPERIMPOSE,
                               addon_type=AddonType.WMS_ADD_5_CONSIGNOR)
    two_apis = dialog(merchant_id, packages=[{"packageId": api, "count": 2}])  # SPEC §3: "Oms Open Api 1"
    refused = (await submit(client, seller, two_apis, status=422))["data"]["errors"][0]
    assert (refused["field"], refused["rule"]) == ("packages[0].count", "addon_quantity")
    assert refused["message"] == "Count: at most 1 of the add-on OMS Open API in one request"
    zh = await client.post("/cms/subscription/submit", json=two_apis,
                           headers={**seller.headers, "Accept-Language": "zh-CN"})
    assert zh.json()["data"]["errors"][0]["message"] == "数量：增值包 OMS 开放 API 每次最多 1 个"
    # SPEC §3: "WMS Add 5 Consignor 100", on the second line of a request
    many = dialog(merchant_id, packages=[{"packageId": api, "count": 1}, {"packageId": consignors, "count": 101}])
    refused = (await submit(client, seller, many, status=422))["data"]["errors"][0]
    assert (refused["field"], refused["rule"]) == ("packages[1].count", "addon_quantity")
    async with transaction() as db:
        assert (await db.scalars(select(SubscriptionRequest.id)
                                 .where(SubscriptionRequest.merchant_id == merchant_id))).all() == []


async def test_the_dialog_is_offered_each_packages_most_per_request(client):
    """The subscribe dialog caps each count on screen at the limit the server holds (`maxCount`)."""
    seller, _ = await people()
    api = await package(PackageType.ADDON, mode=AddonMode.CONTINUE, addon_type=AddonType.OMS_OPEN_API)
    consignors = await package(PackageType.ADDON, mode=AddonMode.SUPERIMPOSE,
                               addon_type=AddonType.WMS_ADD_5_CONSIGNOR)
    untyped = await package(PackageType.ADDON, mode=AddonMode.CONTINUE)
    basic = await package()
    reply = await client.get("/cms/package/options", params={"country": "ID"}, headers=seller.headers)
    most = {p["id"]: p["maxCount"] for p in reply.json()["data"]}
    assert [most[i] for i in (api, consignors, untyped, basic)] == [1, 100, 1000, 1000]


async def test_postgresql_refuses_a_record_above_the_addon_limit():
    merchant_id = await merchant()
    advanced = await package(PackageType.ADDON, mode=AddonMode.CONTINUE, addon_type=AddonType.ADVANCED_WMS)
    requester, approver = await create_user(prefix="req"), await create_user(prefix="apv")
    now = datetime.now(UTC)

    async def record(quantity: int) -> None:
        async with transaction() as db:
            version = await db.scalar(select(PackageVersion).where(PackageVersion.package_id == advanced))
            request = SubscriptionRequest(workflow_id=unique("gift-"), kind="GIFT", merchant_id=merchant_id,
                                          requested_by=requester.id,
                                          payload=await draft_of(advanced, merchant_id))
            db.add(request)
            await db.flush()
            db.add(Subscription(request_id=request.id, merchant_id=merchant_id, kind="GIFT",
                                package_version_id=version.id, quantity=quantity, unit="UNIT",
                                currency=version.currency, payment_period=version.payment_period, effective_at=now,
                                expire_at=now + timedelta(days=30), amount=Decimal(0), tax=Decimal(0),
                                discounted_price=Decimal(0), actual_payment=Decimal(0), created_by=requester.id,
                                approved_by=approver.id))

    with pytest.raises(IntegrityError) as refused:
        await record(2)  # SPEC §3: "Advanced WMS 1"
    assert refused.value.orig.diag.constraint_name == "ck_subscriptions_addon_quantity"
    await record(1)


async def test_a_new_addon_names_its_type_which_then_stays(client, login_as):
    staff = await login_as("erp-package", "package#add", "package#edit")
    untyped = await client.post("/cms/package/add", headers=staff,
                                json=body(packageType="ADDON", addonMode="CONTINUE"))
    assert untyped.status_code == 422
    assert untyped.json()["data"]["errors"][0]["field"] == "addonType"
    basic = await client.post("/cms/package/add", headers=staff, json=body(addonType="OMS_OPEN_API"))
    assert basic.json()["data"]["errors"][0]["rule"] == "package_addon_type_basic"
    made = await client.post("/cms/package/add", headers=staff,
                             json=body(packageType="ADDON", addonMode="CONTINUE", addonType="OMS_OPEN_API"))
    assert made.status_code == 200, made.text
    created = made.json()["data"]
    assert created["addonType"] == "OMS_OPEN_API"
    changed = await client.post("/cms/package/modify", headers={**staff, "Accept-Language": "id"},
                                json={"id": created["id"], "addonType": "ADVANCED_WMS"})
    assert changed.status_code == 422
    error = changed.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("addonType", "package_addon_type_fixed")
    assert error["message"] == "Jenis add-on: jenis add-on tidak dapat diubah setelah ditetapkan"
    found = await client.post("/cms/package/search", headers=staff,
                              json={"name": created["name"], "addonType": ["OMS_OPEN_API"]})
    assert [p["id"] for p in found.json()["data"]["items"]] == [created["id"]]
