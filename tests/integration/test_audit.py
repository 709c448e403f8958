"""The operation log: what is recorded, how it is searched, exported and named (SPEC §3, §5)."""

import io
from datetime import UTC, datetime, timedelta

import openpyxl
import pytest

from tests.conftest import unique

COURIER = ("logistics-configuration", "logistics#add", "logistics#edit")


def window(days: float = 1) -> dict[str, str]:
    end = datetime.now(UTC) + timedelta(minutes=1)
    return {"startTime": (end - timedelta(days=days)).isoformat(), "endTime": end.isoformat()}


@pytest.fixture
async def auditor(login_as):
    return await login_as("audit-log", "audit#export", "action-mapping#add")


async def find(client, auditor, response, **filters):
    reply = await client.post("/cms/audit/search", headers=auditor, json={
        **window(), "transactionId": response.headers["x-transaction-id"], **filters})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]["items"]


async def test_a_modify_is_logged_with_who_what_and_the_field_diff(client, login_as, auditor):
    staff = await login_as(*COURIER)
    name = unique("Aud")
    added = await client.post("/cms/courier/add", headers=staff,
                              json={"name": name, "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})
    courier_id = added.json()["data"]["id"]
    modified = await client.post("/cms/courier/modify", headers=staff, json={"id": courier_id, "status": "DISABLED"})
    [row] = await find(client, auditor, modified)
    assert row["url"] == "/cms/courier/modify" and row["method"] == "POST" and row["code"] == "SUCCESS"
    assert row["operatorName"].startswith("u") and row["operatorId"] is not None
    assert row["businessId"] == str(courier_id)
    assert row["actionName"] == "Modify courier"
    assert row["application"] == "GENIE_CMS"
    assert (row["remoteIp"], row["location"], row["locationName"]) == ("127.0.0.1", "LOCAL_NETWORK", "Local network")
    assert row["durationMs"] >= 0
    assert '"status": "DISABLED"' in row["requestData"]
    [created] = await find(client, auditor, added)
    assert created["businessId"] == str(courier_id)  # the created row's id, from the reply
    detail = (await client.get(f"/cms/audit/detail/{row['id']}", headers=auditor)).json()["data"]
    assert [(c["entity"], c["action"], c["changes"]) for c in detail["changes"]] == [
        ("Courier", "update", {"status": {"before": "LIVE", "after": "DISABLED"}})]
    chinese = await client.get(f"/cms/audit/detail/{row['id']}", headers={**auditor, "Accept-Language": "zh-CN"})
    [change] = chinese.json()["data"]["changes"]
    assert (change["entityLabel"], change["fieldLabels"]) == ("物流商", {"status": "状态"})  # named for the reader


async def test_refused_and_invalid_calls_are_logged_too(client, login_as, auditor):
    viewer = await login_as("logistics-configuration")
    refused = await client.post("/cms/courier/add", headers=viewer, json={})
    [row] = await find(client, auditor, refused)
    assert (row["code"], row["httpStatus"]) == ("NO_PERMISSION", 403)
    staff = await login_as(*COURIER)
    invalid = await client.post("/cms/courier/add", headers=staff, json={"name": "x1"})
    [row] = await find(client, auditor, invalid, code="VALIDATION_FAILED")
    assert row["httpStatus"] == 422


async def test_a_call_that_crashes_is_still_logged(client, login_as, auditor, monkeypatch):
    from api.routers.couriers import couriers

    async def boom(*_args, **_kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(couriers, "add_row", boom)
    staff = await login_as(*COURIER)
    crashed = await client.post("/cms/courier/add", headers=staff,
                                json={"name": unique("C"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})
    assert crashed.status_code == 500
    [row] = await find(client, auditor, crashed)
    assert (row["code"], row["httpStatus"]) == ("INTERNAL_ERROR", 500)


async def test_reads_are_not_logged(client, login_as, auditor):
    staff = await login_as(*COURIER)
    searched = await client.post("/cms/courier/search", headers=staff, json={})
    fetched = await client.get("/cms/user/info", headers=staff)
    assert await find(client, auditor, searched) == []
    assert await find(client, auditor, fetched) == []


async def test_the_range_is_required_and_at_most_92_days(client, auditor):
    """SPEC §5 and §8: selected time cannot exceed 92 days."""
    reply = await client.post("/cms/audit/search", headers={**auditor, "Accept-Language": "zh-CN"}, json=window(93))
    assert reply.status_code == 422
    assert reply.json()["message"] == "所选时间不能超过 92 天"
    assert (await client.post("/cms/audit/search", headers=auditor, json=window(92))).status_code == 200
    reply = await client.post("/cms/audit/search", headers=auditor, json={"startTime": "", "url": "/cms"})
    assert {e["field"] for e in reply.json()["data"]["errors"]} == {"startTime", "endTime"}


async def test_filters_by_operator_url_method_and_code(client, login_as, auditor):
    staff = await login_as(*COURIER)
    reply = await client.post("/cms/courier/add", headers=staff,
                              json={"name": unique("F"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})
    [row] = await find(client, auditor, reply)
    matching = {"operator": row["operatorName"], "url": "courier/add", "method": "post", "code": "SUCCESS"}
    assert len(await find(client, auditor, reply, **matching)) == 1
    for key, other in (("operator", "nobody-at-all"), ("url", "/cms/role"), ("method", "DELETE"),
                       ("code", "CONFLICT"), ("application", "SYS_ERP")):
        assert await find(client, auditor, reply, **{**matching, key: other}) == [], key


async def test_filters_by_the_operators_user_id_and_refuses_one_that_is_not_a_number(client, login_as, auditor):
    """The screen's operator picker sends the chosen user's id; the free-text `operator` stays for old links."""
    staff = await login_as(*COURIER)
    reply = await client.post("/cms/courier/add", headers=staff,
                              json={"name": unique("F"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})
    [row] = await find(client, auditor, reply)
    assert [r["id"] for r in await find(client, auditor, reply, operatorId=row["operatorId"])] == [row["id"]]
    assert await find(client, auditor, reply, operatorId=row["operatorId"] + 1) == []
    refused = await client.post("/cms/audit/search", headers={**auditor, "Accept-Language": "zh-CN"},
                                json={**window(), "operatorId": "ana"})
    assert refused.status_code == 422, refused.text
    [error] = refused.json()["data"]["errors"]
    assert (error["field"], error["rule"], error["message"]) == ("operatorId", "integer", "操作人 ID：必须是整数")


async def test_action_mappings_name_rows_by_url_and_code(client, login_as, auditor):
    staff = await login_as(*COURIER)
    conflict_name = unique("Dup")
    body = {"name": conflict_name, "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"}
    await client.post("/cms/courier/add", headers=staff, json=body)
    refused = await client.post("/cms/courier/add", headers=staff, json=body)
    assert refused.status_code == 409
    mapping = await client.post("/cms/action-mapping/add", headers=auditor, json={
        "actionName": "Duplicate courier refused", "applicationType": "GENIE_CMS", "url": "cms/courier/*",
        "code": "CONFLICT"})
    assert mapping.status_code == 200, mapping.text
    assert mapping.json()["data"]["url"] == "/cms/courier/*"
    [row] = await find(client, auditor, refused)
    assert row["actionName"] == "Duplicate courier refused"


async def test_export_is_an_xlsx_of_the_filtered_rows(client, login_as, auditor):
    staff = await login_as(*COURIER)
    reply = await client.post("/cms/courier/add", headers=staff,
                              json={"name": unique("X"), "channel": "SHOPEE_ID", "shippingMethod": "PICK_UP"})
    exported = await client.post("/cms/audit/export", headers=auditor,
                                 json={**window(), "transactionId": reply.headers["x-transaction-id"]})
    assert exported.status_code == 200
    rows = list(openpyxl.load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True))
    assert rows[0][:3] == ("Time", "Application", "Action")
    assert len(rows) == 2 and rows[1][2] == "Add courier" and rows[1][5] == "/cms/courier/add"
    too_long = await client.post("/cms/audit/export", headers=auditor, json=window(100))
    assert too_long.status_code == 422
