"""The merchant's action history as people read it: fields and enumeration values by their labels in the reader's
language, dates marked for the reader's zone, and every change reachable a page at a time with the total."""

from __future__ import annotations

from sqlalchemy import insert

from domain.db import transaction
from domain.models.audit import EntityChange
from tests.integration.merchant_support import insert_merchant


async def test_changes_read_in_the_readers_language_with_typed_dates(client, login_as):
    merchant = await insert_merchant()
    staff = await login_as("ginee-account", "ginee-specific-accounts", "account#edit")
    reply = await client.post("/cms/merchant/modify", headers=staff,
                              json={"id": merchant.id, "contactStatus": "INVALID_NUMBER"})
    assert reply.status_code == 200, reply.text
    async with transaction() as db:
        await db.execute(insert(EntityChange).values(
            transaction_id="t-expire", operator_name="ops", entity="Merchant", entity_id=str(merchant.id),
            action="update", changes={"expire_at": {"before": None, "after": "2027-01-31T16:00:00+00:00"}}))

    url = f"/cms/merchant/{merchant.id}/history"
    zh = (await client.get(url, headers={**staff, "Accept-Language": "zh-CN"})).json()["data"]
    expire, contact = zh["items"][:2]
    assert expire["readable"] == [{"field": "expireAt", "label": "到期时间", "kind": "datetime",
                                   "before": None, "after": "2027-01-31T16:00:00+00:00"}]
    [status] = [c for c in contact["readable"] if c["field"] == "contactStatus"]
    assert status == {"field": "contactStatus", "label": "联系状态", "kind": "enum",
                      "before": None, "after": "无效号码"}
    assert contact["actionLabel"] == "修改" and contact["action"] == "update"
    id_ = (await client.get(url, headers={**staff, "Accept-Language": "id"})).json()["data"]["items"][1]
    [status] = [c for c in id_["readable"] if c["field"] == "contactStatus"]
    assert status["after"] != "INVALID_NUMBER" and status["label"] != "contactStatus"


async def test_the_history_pages_beyond_two_hundred_changes_with_its_total(client, login_as):
    merchant = await insert_merchant()
    async with transaction() as db:
        await db.execute(insert(EntityChange), [
            {"transaction_id": f"t{n}", "operator_name": "ops", "entity": "Merchant", "entity_id": str(merchant.id),
             "action": "update", "changes": {"tags": {"before": [], "after": [f"n{n}"]}}} for n in range(205)])
    staff = await login_as("ginee-account")
    url = f"/cms/merchant/{merchant.id}/history"
    first = (await client.get(url, headers=staff, params={"pageSize": 100})).json()["data"]
    assert first["total"] == 205 and len(first["items"]) == 100
    last = (await client.get(url, headers=staff, params={"page": 3, "pageSize": 100})).json()["data"]
    assert len(last["items"]) == 5 and last["page"] == 3
    seen = {i["id"] for i in first["items"]} | {i["id"] for i in last["items"]}
    assert len(seen) == 105
    too_big = await client.get(url, headers=staff, params={"pageSize": 201})
    assert too_big.status_code == 422
