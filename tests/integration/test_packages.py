"""Packages through the API and PostgreSQL: every SPEC §5 refusal on its field with nothing written, versions
on every change of terms, enabling and disabling, the catalogue tree, the subscribe dialog's options."""

import io

import openpyxl
import pytest
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from domain.models.packages import Package, PackageVersion
from tests.conftest import unique
from tests.integration.people import create_user, token_for

ALL = ("erp-package", "package#add", "package#edit", "package#export", "package#status")


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


def body(**fields):
    return {"kind": "ERP", "name": unique("Basic"), "country": "ID", "displayName": "Basic", "paymentPeriod": "YEAR",
            "amount": "1200000", "taxRate": "11", "discountedPrice": "100000", "monthlyOrders": 3000,
            "storeCount": 10, "featureKeys": ["erp#1", "erp#1.1"], "planName": "PRO", **fields}


async def add(client, headers, **fields):
    reply = await client.post("/cms/package/add", json=body(**fields), headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def packages_named(name):
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(Package).where(Package.name == name))


async def test_a_new_package_starts_disabled_with_every_figure_derived(client, staff):
    """SPEC §4 "A new package starts disabled"; §5 tax rounded up, daily orders = floor(monthly / 30), actual
    payment = amount + tax - discounted price when tax is positive."""
    created = await add(client, staff, amount="1000001", taxRate="11", discountedPrice="1", monthlyOrders=3029)
    assert created["status"] == "DISABLED"
    assert created["version"] == 1
    assert created["currency"] == "IDR"
    assert created["tax"] == "110001.00"  # 110000.11 rounded up
    assert created["totalPrice"] == "1110002.00"
    assert created["actualPayment"] == "1110001.00"
    assert created["dailyOrders"] == 100
    assert created["featureKeys"] == ["erp#1", "erp#1.1"]
    free = await add(client, staff, amount="500", taxRate="0", discountedPrice="20")
    assert free["actualPayment"] == "480.00"  # no tax: amount - discounted price


@pytest.mark.parametrize(("fields", "field", "rule"), [
    ({"amount": "0"}, "amount", "between"),
    ({"amount": "100000000001"}, "amount", "between"),
    ({"amount": "1000.5"}, "amount", "whole_number"),
    ({"amount": "100", "taxRate": "100"}, "taxRate", "package_tax_below_amount"),
    ({"amount": "1", "taxRate": "0.01"}, "taxRate", "package_tax_below_amount"),
    ({"taxRate": "-1"}, "taxRate", "between"),
    ({"amount": "100", "discountedPrice": "101"}, "discountedPrice", "package_discount_above_amount"),
    ({"amount": "200000000", "discountedPrice": "100000001"}, "discountedPrice", "between"),
    ({"discountedPrice": "-1"}, "discountedPrice", "between"),
    ({"freeDays": 366}, "freeDays", "between"),
    ({"freeDays": -1}, "freeDays", "between"),
    ({"storeCount": 1001}, "storeCount", "between"),
    ({"storeCount": -2}, "storeCount", "between"),
    ({"subAccountCount": 100001}, "subAccountCount", "between"),
    ({"mskuCount": 1000001}, "mskuCount", "between"),
    ({"monthlyOrders": 0}, "monthlyOrders", "between"),
    ({"monthlyOrders": 1000001}, "monthlyOrders", "between"),
    ({"country": "TW"}, "country", "package_currency_not_in_use"),
    ({"name": "x" * 129}, "name", "max_length"),
    ({"paymentPeriod": "NEVER"}, "paymentPeriod", "enum"),
    ({"packageType": "ADDON"}, "addonMode", "required"),
    ({"featureKeys": ["erp#nothing"]}, "featureKeys", "package_feature_unknown"),
])
async def test_each_rule_is_refused_on_its_field_and_nothing_is_written(client, staff, fields, field, rule):
    """SPEC §5 ERP package: every limit refused with a translated message naming the field."""
    sent = body(**fields)
    reply = await client.post("/cms/package/add", json=sent, headers={**staff, "Accept-Language": "id"})
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == (field, rule)
    assert error["message"] and not error["message"].startswith("rules.")
    assert await packages_named(sent["name"]) == 0


async def test_every_broken_rule_is_named_in_one_reply(client, staff):
    """A save learns all that is wrong at once: amount, tax decimals, discount, counts and the add-on mode, each
    on its field with its limit, in one 422; nothing is written."""
    sent = body(amount="1000.5", taxRate="1.234", discountedPrice="-1", freeDays=400, storeCount=1001,
                packageType="ADDON")
    reply = await client.post("/cms/package/add", json=sent, headers=staff)
    assert reply.status_code == 422, reply.text
    errors = {e["field"]: e for e in reply.json()["data"]["errors"]}
    assert {k: e["rule"] for k, e in errors.items()} == {
        "amount": "whole_number", "taxRate": "money_decimals", "discountedPrice": "between",
        "freeDays": "between", "storeCount": "between", "addonMode": "required", "addonType": "required"}
    assert "365" in errors["freeDays"]["message"] and "1,000" in errors["storeCount"]["message"]
    assert all(e["message"] in reply.json()["message"] for e in errors.values())
    assert await packages_named(sent["name"]) == 0
    group = {k: v for k, v in sent.items() if k not in ("country", "amount", "taxRate", "discountedPrice")}
    refused = await client.post("/cms/package/add-group", headers=staff, json={**group, "freeDays": 0,
        "storeCount": 1, "packageType": "BASIC", "countries": [
            {"country": "ID", "amount": "0"}, {"country": "PH", "amount": "100", "discountedPrice": "200"}]})
    assert refused.status_code == 422, refused.text
    assert {e["field"] for e in refused.json()["data"]["errors"]} == {
        "countries[0].amount", "countries[1].discountedPrice"}


async def test_schema_and_rule_problems_come_in_one_reply(client, staff):
    """A body breaking its schema (an unknown period, a name too long, an amount that is not a number) hears in the
    same 422 what the rules find in the fields it got right: counts, tax decimals, the add-on's mode and type."""
    sent = body(name="x" * 129, paymentPeriod="NEVER", freeDays=400, taxRate="1.234", amount="lots",
                storeCount=1001, packageType="ADDON")
    reply = await client.post("/cms/package/add", json=sent, headers=staff)
    assert reply.status_code == 422, reply.text
    rules = {e["field"]: e["rule"] for e in reply.json()["data"]["errors"]}
    assert rules == {"name": "max_length", "paymentPeriod": "enum", "amount": "number", "freeDays": "between",
                     "storeCount": "between", "addonMode": "required", "addonType": "required"}
    priced = body(kind="NONE", amount="1000.5", discountedPrice="0")  # every price valid: the price rules run
    reply = await client.post("/cms/package/add", json=priced, headers=staff)
    assert {e["field"]: e["rule"] for e in reply.json()["data"]["errors"]} == {"kind": "enum", "amount": "whole_number"}


async def test_unlimited_counts_are_minus_one(client, staff):
    """SPEC §5: "Store count -1 to 1000 (-1 unlimited); sub-accounts -1 to 100000; MSKU -1 to 1000000"."""
    created = await add(client, staff, storeCount=-1, subAccountCount=-1, mskuCount=-1)
    assert (created["storeCount"], created["subAccountCount"], created["mskuCount"]) == (-1, -1, -1)


async def test_one_name_grouped_across_countries_all_or_none(client, staff):
    """SPEC §3: "the same name across countries is grouped"; SPEC §5 currency of the country in use."""
    name = unique("Pro")
    common = {k: v for k, v in body(name=name).items() if k not in ("country", "amount")}
    refused = await client.post("/cms/package/add-group", headers=staff, json={**common, "countries": [
        {"country": "ID", "amount": "1500000"}, {"country": "TW", "amount": "100"}]})
    assert refused.status_code == 422
    assert refused.json()["data"]["errors"][0]["field"] == "countries[1].country"
    assert await packages_named(name) == 0
    reply = await client.post("/cms/package/add-group", headers=staff, json={**common, "countries": [
        {"country": "ID", "amount": "1500000"}, {"country": "PH", "amount": "5000", "discountedPrice": "10.5"}]})
    assert reply.status_code == 200, reply.text
    made = {p["country"]: p for p in reply.json()["data"]}
    assert (made["ID"]["currency"], made["PH"]["currency"]) == ("IDR", "PHP")
    assert made["PH"]["discountedPrice"] == "10.50"
    twice = await client.post("/cms/package/add", headers=staff, json=body(name=name, country="ID"))
    assert twice.status_code == 409


async def test_the_name_is_not_editable_after_creation(client, staff):
    """SPEC §5: "name max 128, not editable after creation"."""
    created = await add(client, staff)
    reply = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "name": "Other"})
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["rule"] == "package_name_fixed"
    same = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"],
                                                                         "name": created["name"]})
    assert same.status_code == 200


async def test_a_price_change_is_a_new_version_audited_with_its_diff(client, staff):
    """A change takes effect at once as version n+1; the version a subscription bought stays as it was."""
    created = await add(client, staff, amount="1000", taxRate="0", discountedPrice="0")
    reply = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "amount": "1200"})
    changed = reply.json()["data"]
    assert (changed["version"], changed["amount"], changed["actualPayment"]) == (2, "1200.00", "1200.00")
    assert changed["versionId"] != created["versionId"]
    unchanged = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "amount": "1200"})
    assert unchanged.json()["data"]["version"] == 2  # nothing changed, no new version
    refused = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "amount": "0"})
    assert refused.status_code == 422
    async with transaction() as db:
        first = await db.get(PackageVersion, created["versionId"])
        assert first is not None and first.amount == 1000
        entries = (await db.scalars(select(EntityChange).where(
            EntityChange.entity == "Package", EntityChange.entity_id == str(created["id"]),
            EntityChange.action == "version").order_by(EntityChange.id))).all()
    assert len(entries) == 2
    assert entries[1].changes == {"amount": {"before": "1000.00", "after": "1200.00"},
                                  "version": {"before": 1, "after": 2}}


async def test_a_basic_package_without_permissions_cannot_be_enabled(client, staff):
    """SPEC §4: "A basic package with no bound permissions cannot be enabled" (the operator is offered to go to
    edit); binding permissions makes a new version, after which it enables."""
    created = await add(client, staff, featureKeys=[])
    reply = await client.post("/cms/package/status", headers={**staff, "Accept-Language": "zh-CN"},
                              json={"id": created["id"], "status": "ENABLED"})
    assert reply.status_code == 409
    assert reply.json()["code"] == "PACKAGE_NO_PERMISSION"
    assert reply.json()["data"] == {"id": created["id"], "kind": "ERP"}
    assert "权限" in reply.json()["message"]
    bound = await client.post("/cms/package/permissions", headers=staff,
                              json={"id": created["id"], "featureKeys": ["pos#cashier", "erp#sensitive-info"]})
    assert bound.json()["data"]["version"] == 2
    enabled = await client.post("/cms/package/status", headers=staff, json={"id": created["id"], "status": "ENABLED"})
    assert enabled.json()["data"]["status"] == "ENABLED"


async def test_a_basic_package_without_a_plan_cannot_be_enabled(client, staff):
    """A basic package gives its subscribers the tier of its plan: without one it is refused enabling (offered to
    edit, as for permissions), an enabled one cannot lose it, and PostgreSQL refuses either whatever writes."""
    created = await add(client, staff, planName=None)
    reply = await client.post("/cms/package/status", headers={**staff, "Accept-Language": "id"},
                              json={"id": created["id"], "status": "ENABLED"})
    assert reply.status_code == 409 and reply.json()["code"] == "PACKAGE_NO_PLAN"
    assert reply.json()["data"] == {"id": created["id"], "kind": "ERP"}
    assert "belum memiliki paket" in reply.json()["message"]
    planned = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "planName": "PRO"})
    assert planned.status_code == 200, planned.text
    enabled = await client.post("/cms/package/status", headers=staff, json={"id": created["id"], "status": "ENABLED"})
    assert enabled.json()["data"]["status"] == "ENABLED"
    cleared = await client.post("/cms/package/modify", headers=staff, json={"id": created["id"], "planName": None})
    assert cleared.status_code == 422, cleared.text
    errors = [(e["field"], e["rule"]) for e in cleared.json()["data"]["errors"]]
    assert errors == [("planName", "package_plan_required")], errors
    with pytest.raises(IntegrityError, match="ck_packages_enabled_basic_has_plan"):
        async with transaction() as db:
            await db.execute(update(Package).where(Package.id == created["id"]).values(plan_name=None))


async def test_an_addon_without_permissions_may_be_enabled(client, staff):
    created = await add(client, staff, packageType="ADDON", addonMode="SUPERIMPOSE", addonType="OMS_ADD_5_STAFF",
                        featureKeys=[])
    reply = await client.post("/cms/package/status", headers=staff, json={"id": created["id"], "status": "ENABLED"})
    assert reply.status_code == 200, reply.text


async def test_packages_cannot_be_deleted(client, staff):
    """SPEC §4: "Packages cannot be deleted"."""
    created = await add(client, staff)
    reply = await client.delete(f"/cms/package/delete/{created['id']}", headers=staff)
    assert reply.status_code in (404, 405)
    assert await packages_named(created["name"]) == 1


async def test_the_subscribe_dialog_sees_enabled_packages_of_its_country_only(client, staff, login_as):
    """SPEC §4: "Disabling hides it from its applicable scene but existing subscribers keep using it"."""
    country = "MY"
    created = await add(client, staff, country=country, amount="300", discountedPrice="0")
    seller = await login_as("account#subscribe")

    async def offered():
        reply = await client.get(f"/cms/package/options?country={country}&scene=ERP", headers=seller)
        assert reply.status_code == 200, reply.text
        return {p["id"]: p for p in reply.json()["data"]}

    assert created["id"] not in await offered()
    await client.post("/cms/package/status", headers=staff, json={"id": created["id"], "status": "ENABLED"})
    option = (await offered())[created["id"]]
    assert (option["versionId"], option["currency"], option["actualPayment"]) == (created["versionId"], "MYR",
                                                                                  created["actualPayment"])
    await client.post("/cms/package/status", headers=staff, json={"id": created["id"], "status": "DISABLED"})
    assert created["id"] not in await offered()
    async with transaction() as db:  # the version subscribers bought is still there
        assert await db.get(PackageVersion, created["versionId"]) is not None


async def test_the_catalogue_tree_has_every_system_of_spec_6(client, staff):
    reply = await client.get("/cms/package/features", headers={**staff, "Accept-Language": "id"})
    nodes = {n["key"]: n for n in reply.json()["data"]}
    assert {k for k, n in nodes.items() if n["parentKey"] is None} == {"wms", "chat", "erp", "pos"}
    assert nodes["erp#1.1"]["parentKey"] == "erp#1"
    assert nodes["wms#view-all"]["parentKey"] == "wms#sales-90-days"
    assert nodes["pos#cashier"]["name"] == "Kasir"
    assert "erp#sensitive-info" in nodes


async def test_country_scoped_staff_see_and_change_their_country_only(client, staff):
    """Packages are scoped by their country: staff limited to Indonesia never see or reprice a PH package."""
    created = await add(client, staff, country="PH", amount="700", discountedPrice="0")
    user = await create_user(*ALL)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    scoped = {"Authorization": f"Bearer {await token_for(user)}"}
    found = await client.post("/cms/package/search", headers=scoped, json={"name": created["name"]})
    assert found.json()["data"]["total"] == 0
    reply = await client.post("/cms/package/modify", headers=scoped, json={"id": created["id"], "amount": "1"})
    assert reply.status_code == 404


async def test_the_list_exports_as_xlsx(client, staff):
    created = await add(client, staff)
    reply = await client.post("/cms/package/export", headers=staff, json={"name": created["name"]})
    assert reply.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(reply.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    header = rows[0]
    assert len(rows) == 2
    assert rows[1][header.index("Amount excluding tax")] == 1200000


async def test_demo_packages_keep_every_rule_and_offer_the_add_ons():
    """Demo data: the plans of SPEC §3 for several countries, enabled with permissions, and the add-ons of
    SPEC §3's quantities; written, checked against SPEC §5 and rolled back."""
    from sqlalchemy.orm import selectinload

    from domain.db import get_sessionmaker
    from domain.rules import packages as rules
    from domain.seed import demo_packages

    mark = unique(" ")
    async with get_sessionmaker()() as db:
        await demo_packages.create(db, mark)
        rows = (await db.scalars(select(Package).where(Package.name.endswith(mark))
                                 .options(selectinload(Package.current)))).all()
        names = {(r.name.removesuffix(mark), r.country) for r in rows}
        assert {("Basic", "ID"), ("Plus", "VN"), ("Trial", "SG"), ("OMS Add 5 Staff", "PH")} <= names
        for row in rows:
            v = row.current
            assert rules.price_problems(v.amount, v.tax_rate, v.discounted_price, row.country, v.payment_period) == []
            if row.status == "ENABLED" and row.package_type == "BASIC":
                assert v.features, f"{row.name} {row.country} is enabled without permissions"
        await db.rollback()
