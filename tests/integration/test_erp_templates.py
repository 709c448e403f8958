"""ERP templates and push rules (SPEC §2 ERP settings): basic, order and shipping templates named once per merchant
and kind with one default of each kind, logistics templates mapping a channel to a courier that serves it, the
stock push rule of a store (push-rule detail), the courier picker, and their history on the pages."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from domain.db import transaction
from domain.models.couriers import Courier
from domain.models.data_authority import DataScope
from tests.conftest import unique
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for

TEMPLATES = ("basic-settings", "order-setting", "shipping-setting", "erp-template#add", "erp-template#edit",
             "erp-template#delete", "erp-template#export")
RULES = ("stock-settings", "push-rule#add", "push-rule#edit", "push-rule#delete", "push-rule#export")


@pytest.fixture
async def staff(login_as):
    return await login_as(*TEMPLATES, *RULES)


async def call(client, headers, path, verb, status=200, **body):
    reply = await client.post(f"/cms/erp-settings/{path}/{verb}", headers=headers, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


def errors(reply):
    return [(e["field"], e["rule"]) for e in reply["data"]["errors"]]


async def insert_courier(channel="SHOPEE_ID"):
    async with transaction() as db:
        courier = Courier(name=unique("Kurir").replace("_", " ").translate(str.maketrans("", "", "0123456789")),
                          channel=channel, shipping_method="PICK_UP", country="ID")
        db.add(courier)
        await db.flush()
        return courier.id


async def template(client, headers, merchant_id, kind="ORDER", status=200, **fields):
    body = {"merchantId": merchant_id, "kind": kind, "name": "Packing slip", "fields": ["ORDER_NO", "SKU"], **fields}
    return await call(client, headers, "template", "add", status, **body)


async def test_a_template_name_is_once_per_merchant_and_kind(client, staff):
    merchant, other = await insert_merchant("ID"), await insert_merchant("ID")
    added = (await template(client, staff, merchant.id))["data"]
    assert (added["kind"], added["paperSize"], added["fields"]) == ("ORDER", "A4", ["ORDER_NO", "SKU"])
    taken = await template(client, staff, merchant.id, status=409)
    assert (taken["code"], taken["data"]["field"]) == ("ERP_TEMPLATE_NAME_TAKEN", "name")
    await template(client, staff, merchant.id, kind="SHIPPING")  # another kind's names are its own
    await template(client, staff, other.id)  # and another merchant's


async def test_a_template_prints_at_least_one_known_field_and_every_broken_field_is_named(client, staff):
    merchant = await insert_merchant("ID")
    refused = await template(client, staff, merchant.id, status=422, fields=[], name="", paperSize="A3",
                             kind="INVOICE")
    assert sorted(f for f, _ in errors(refused)) == ["fields", "kind", "name", "paperSize"]


async def test_one_default_template_of_each_kind_the_new_default_takes_the_mark(client, staff):
    merchant = await insert_merchant("ID")
    first = (await template(client, staff, merchant.id, name="First", isDefault=True))["data"]
    shipping = (await template(client, staff, merchant.id, kind="SHIPPING", name="Label", isDefault=True))["data"]
    second = (await template(client, staff, merchant.id, name="Second", isDefault=True))["data"]
    listed = (await call(client, staff, "template", "search", merchantId=merchant.id))["data"]["items"]
    defaults = {row["name"]: row["isDefault"] for row in listed}
    assert defaults == {"First": False, "Label": True, "Second": True}
    assert second["isDefault"] and shipping["isDefault"]
    history = (await client.get("/cms/erp-settings/order-setting/history", headers=staff,
                                params={"merchantId": merchant.id})).json()["data"]["items"]
    moved = [h for h in history if h["entityId"] == str(first["id"]) and h["action"] == "update"]
    assert moved and moved[0]["readable"][0]["field"] == "isDefault"
    with pytest.raises(IntegrityError, match="uq_erp_templates_default"):
        async with transaction() as db:
            await db.execute(text("update erp_templates set is_default = true where id = :id"), {"id": first["id"]})


async def test_a_logistics_template_maps_a_channel_to_a_courier_serving_it(client, staff):
    merchant = await insert_merchant("ID")
    shopee, lazada = await insert_courier("SHOPEE_ID"), await insert_courier("LAZADA_ID")
    refused = await call(client, staff, "logistics-template", "add", 422, merchantId=merchant.id, name="Shopee",
                         channel="SHOPEE_ID", courierId=lazada)
    assert errors(refused) == [("courierId", "erp_courier_channel")]
    added = (await call(client, staff, "logistics-template", "add", merchantId=merchant.id, name="Shopee",
                        channel="SHOPEE_ID", courierId=shopee, isDefault=True))["data"]
    assert added["courierName"] and added["channel"] == "SHOPEE_ID"
    taken = await call(client, staff, "logistics-template", "add", 409, merchantId=merchant.id, name="Shopee",
                       channel="LAZADA_ID", courierId=lazada)
    assert taken["data"]["field"] == "name"
    options = (await client.get("/cms/courier/options", headers=staff)).json()["data"]
    assert {shopee, lazada} <= {o["id"] for o in options}


async def test_a_store_push_rule_needs_the_figure_of_its_mode_and_is_once_per_store(client, staff):
    merchant = await insert_merchant("ID", shops=[{"name": unique("shop")}])
    async with transaction() as db:
        shop_id = await db.scalar(text("select id from shops where merchant_id = :m"), {"m": merchant.id})
    refused = await call(client, staff, "push-rule", "add", 422, shopId=shop_id, mode="RATIO")
    assert errors(refused) == [("ratioPercent", "required")]
    refused = await call(client, staff, "push-rule", "add", 422, shopId=shop_id, ratioPercent=101, safetyStock=-1)
    assert sorted(f for f, _ in errors(refused)) == ["ratioPercent", "safetyStock"]
    rule = (await call(client, staff, "push-rule", "add", shopId=shop_id, ratioPercent=80, safetyStock=5))["data"]
    assert (rule["merchantId"], rule["mode"], rule["ratioPercent"], rule["fixedQuantity"]) == (
        merchant.id, "RATIO", 80, None)
    # a fixed rule pushes a set quantity: the ratio is cleared with the change of mode
    fixed = (await call(client, staff, "push-rule", "modify", id=rule["id"], mode="FIXED", fixedQuantity=30))["data"]
    assert (fixed["mode"], fixed["ratioPercent"], fixed["fixedQuantity"]) == ("FIXED", None, 30)
    again = await call(client, staff, "push-rule", "add", 409, shopId=shop_id, ratioPercent=50)
    assert (again["code"], again["data"]["field"]) == ("ERP_PUSH_RULE_EXISTS", "shopId")
    history = (await client.get("/cms/erp-settings/stock-settings/history", headers=staff,
                                params={"entity": "PushRule", "entityId": rule["id"]})).json()["data"]
    assert history["total"] == 2
    with pytest.raises(IntegrityError, match="mode_figure"):
        async with transaction() as db:
            await db.execute(text("update erp_push_rules set ratio_percent = 10 where id = :id"), {"id": rule["id"]})


async def test_a_store_outside_the_callers_data_authority_is_not_there_for_a_push_rule(client, login_as):
    merchant = await insert_merchant("PH", shops=[{"name": unique("shop"), "country": "PH"}])
    async with transaction() as db:
        shop_id = await db.scalar(text("select id from shops where merchant_id = :m"), {"m": merchant.id})
    user = await create_user(*RULES)
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="COUNTRY", values=["ID"]))
    refused = await call(client, bearer(await token_for(user)), "push-rule", "add", 422, shopId=shop_id,
                         ratioPercent=50)
    assert errors(refused) == [("shopId", "not_found")]
