"""Financial reconciliation API refusals and resolution (no flow starts): the period is a month or a date range,
each refusal naming its field; a shop must be the merchant's (a running run of the same merchant and period is
refused beside its flow, in test_reconciliation_flow.py); a merchant outside the caller's data authority is one
that does not exist; a difference is resolved with a note and reopened, audited with the change; a matched order
has nothing to resolve; the permissions are required; the differences export as xlsx."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.data_authority import DataScope
from domain.models.merchants import Shop
from domain.models.reconciliation import ReconciliationItem
from tests.integration.merchant_support import insert_merchant
from tests.integration.people import bearer, create_user, token_for
from tests.integration.reconciliation_support import STAFF, reconciliation_scope_rows

TODAY = datetime.now(UTC).date()


@pytest.fixture
async def staff(login_as):
    return await login_as(*STAFF)


async def merchant_with_shop() -> tuple[int, int]:
    merchant = await insert_merchant("ID", shops=[{"channel": "SHOPEE_ID"}])
    async with transaction() as db:
        shop_id = await db.scalar(select(Shop.id).where(Shop.merchant_id == merchant.id))
    return merchant.id, shop_id


def field_of(reply) -> tuple[int, str | None, str]:
    body = reply.json()
    errors = body["data"].get("errors") if isinstance(body.get("data"), dict) else None
    field = errors[0]["field"] if errors else (body.get("data") or {}).get("field")
    return reply.status_code, field, body["code"]


@pytest.mark.parametrize(("period", "field", "code"), [
    ({}, "periodFrom", "RECONCILIATION_PERIOD_REQUIRED"),
    ({"periodFrom": str(TODAY)}, "periodTo", "RECONCILIATION_PERIOD_REQUIRED"),
    ({"month": "2026-13"}, "month", "RECONCILIATION_MONTH_INVALID"),
    ({"month": "2026-10", "periodFrom": str(TODAY)}, "month", "RECONCILIATION_PERIOD_EITHER"),
    ({"periodFrom": str(TODAY), "periodTo": str(TODAY - timedelta(days=1))}, "periodTo",
     "RECONCILIATION_PERIOD_REVERSED"),
    ({"periodFrom": str(TODAY - timedelta(days=400)), "periodTo": str(TODAY)}, "periodTo",
     "RECONCILIATION_PERIOD_TOO_LONG"),
    ({"periodFrom": str(TODAY + timedelta(days=2)), "periodTo": str(TODAY + timedelta(days=3))}, "periodFrom",
     "RECONCILIATION_PERIOD_FUTURE"),
])
async def test_the_period_is_a_month_or_a_range_and_a_refusal_names_its_field(client, staff, period, field, code):
    merchant_id, _ = await merchant_with_shop()
    reply = await client.post("/cms/reconciliation/start", headers=staff, json={"merchantId": merchant_id, **period})
    assert field_of(reply) == (422, field, code), reply.text


@pytest.mark.parametrize(("body", "field"), [({"month": "2026-10"}, "merchantId"),
                                             ({"merchantId": "x", "month": "2026-10"}, "merchantId"),
                                             ({"merchantId": 1, "month": "Oct"}, "month"),
                                             ({"merchantId": 1, "periodFrom": "yesterday"}, "periodFrom")])
async def test_malformed_input_names_the_field(client, staff, body, field):
    reply = await client.post("/cms/reconciliation/start", headers=staff, json=body)
    assert reply.status_code == 422 and [e["field"] for e in reply.json()["data"]["errors"]] == [field], reply.text


async def test_a_shop_of_another_merchant_is_refused(client, staff):
    merchant_id, _ = await merchant_with_shop()
    _, other_shop = await merchant_with_shop()
    reply = await client.post("/cms/reconciliation/start", headers=staff,
                              json={"merchantId": merchant_id, "shopId": other_shop, "month": "2026-10"})
    assert field_of(reply) == (422, "shopId", "RECONCILIATION_SHOP_NOT_OF_MERCHANT")


async def test_a_merchant_outside_the_callers_scope_does_not_exist_and_its_runs_are_not_listed(client):
    inside, inside_shop = await merchant_with_shop()
    outside, outside_shop = await merchant_with_shop()
    mark = f"sc{inside}x"
    rows = await reconciliation_scope_rows([inside, outside], [inside_shop, outside_shop], mark)
    user = await create_user(*STAFF, prefix="u")
    async with transaction() as db:
        db.add(DataScope(user_id=user.id, scope_type="OWN", values=[]))
    headers = bearer(await token_for(user))
    reply = await client.post("/cms/reconciliation/start", headers=headers,
                              json={"merchantId": outside, "month": "2026-10"})
    assert reply.status_code == 404, reply.text
    listed = (await client.post("/cms/reconciliation/item/search", headers=headers,
                                json={"channelOrderNo": mark})).json()["data"]
    assert listed["total"] == 0
    [outside_item] = rows["ReconciliationItem"][1]
    refused = await client.post("/cms/reconciliation/item/resolve", headers=headers,
                                json={"id": outside_item, "note": "paid in cash"})
    assert refused.status_code == 404


async def test_a_difference_is_resolved_with_a_note_and_reopened_audited(client, staff):
    merchant_id, shop_id = await merchant_with_shop()
    other, other_shop = await merchant_with_shop()
    mark = f"rs{merchant_id}x"
    rows = await reconciliation_scope_rows([merchant_id, other], [shop_id, other_shop], mark)
    [item_id] = rows["ReconciliationItem"][0]
    blank = await client.post("/cms/reconciliation/item/resolve", headers=staff, json={"id": item_id, "note": ""})
    assert blank.status_code == 422 and blank.json()["data"]["errors"][0]["field"] == "note"
    reply = await client.post("/cms/reconciliation/item/resolve", headers=staff,
                              json={"id": item_id, "note": "Channel adjusted the fee in the next payout"})
    assert reply.status_code == 200, reply.text
    shown = reply.json()["data"]
    assert shown["resolvedAt"] and shown["resolutionNote"].startswith("Channel adjusted") and shown["resolvedBy"]
    twice = await client.post("/cms/reconciliation/item/resolve", headers=staff, json={"id": item_id, "note": "x"})
    assert field_of(twice) == (409, "id", "RECONCILIATION_ALREADY_RESOLVED")
    listed = (await client.post("/cms/reconciliation/item/search", headers=staff,
                                json={"runId": rows["ReconciliationRun"][0][0], "resolved": True})).json()["data"]
    assert [i["id"] for i in listed["items"]] == [item_id]
    reopened = await client.post("/cms/reconciliation/item/reopen", headers=staff, json={"id": item_id})
    assert reopened.status_code == 200 and reopened.json()["data"]["resolvedAt"] is None
    async with transaction() as db:
        logged = (await db.scalars(select(EntityChange.action).where(
            EntityChange.entity == "ReconciliationItem", EntityChange.entity_id == str(item_id))
            .order_by(EntityChange.id))).all()
        item = await db.get(ReconciliationItem, item_id)
        item.kind = "MATCHED"
    assert list(logged) == ["resolve", "reopen"]
    matched = await client.post("/cms/reconciliation/item/resolve", headers=staff, json={"id": item_id, "note": "x"})
    assert field_of(matched) == (409, "id", "RECONCILIATION_NOTHING_TO_RESOLVE")


async def test_start_and_resolve_need_their_permission_and_differences_export(client, login_as):
    viewer = await login_as("financial-reconciliation", "reconciliation#export")
    merchant_id, shop_id = await merchant_with_shop()
    other, other_shop = await merchant_with_shop()
    mark = f"pe{merchant_id}x"
    rows = await reconciliation_scope_rows([merchant_id, other], [shop_id, other_shop], mark)
    start = await client.post("/cms/reconciliation/start", headers=viewer,
                              json={"merchantId": merchant_id, "month": "2026-10"})
    assert start.status_code == 403
    resolve = await client.post("/cms/reconciliation/item/resolve", headers=viewer,
                                json={"id": rows["ReconciliationItem"][0][0], "note": "x"})
    assert resolve.status_code == 403
    exported = await client.post("/cms/reconciliation/item/export", headers=viewer,
                                 json={"runId": rows["ReconciliationRun"][0][0]})
    assert exported.status_code == 200, exported.text
    assert exported.headers["content-type"].startswith("application/vnd.openxmlformats")
