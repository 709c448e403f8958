"""Event tracking ingestion and search, access tracking of named pages (SPEC §3, §2)."""

import io
from datetime import UTC, datetime, timedelta

import openpyxl

from tests.conftest import unique


def window(days=1):
    end = datetime.now(UTC) + timedelta(minutes=1)
    return {"startTime": (end - timedelta(days=days)).isoformat(), "endTime": end.isoformat()}


async def test_report_one_or_a_batch_then_search_and_export(client, login_as):
    reporter = await login_as()
    analyst = await login_as("event-tracking", "event-tracking#export")
    event = unique("ev")
    one = await client.post("/cms/event-tracking/report", headers=reporter, json={
        "eventId": event, "merchantId": "M1", "userId": "u-1", "deviceInfo": {"os": "android"},
        "extraKey": "page", "extraValue": "home"})
    assert one.json()["data"] == {"accepted": 1}
    batch = await client.post("/cms/event-tracking/report", headers=reporter, json=[
        {"eventId": event, "clientId": "c-9", "deviceInfo": "iPhone 15"},
        {"eventId": event, "merchantId": "M2", "userId": "u-2"}])
    assert batch.json()["data"] == {"accepted": 2}
    found = (await client.post("/cms/event-tracking/search", headers=analyst,
                               json={**window(), "eventId": event, "sort": "id"})).json()["data"]
    assert found["total"] == 3
    assert found["items"][0]["deviceInfo"] == {"os": "android"}
    assert found["items"][1]["deviceInfo"] == {"description": "iPhone 15"}
    by_client = (await client.post("/cms/event-tracking/search", headers=analyst,
                                   json={**window(), "eventId": event, "userId": "c-9"})).json()["data"]
    assert [i["clientId"] for i in by_client["items"]] == ["c-9"]
    exported = await client.post("/cms/event-tracking/export", headers=analyst, json={**window(), "eventId": event})
    rows = list(openpyxl.load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True))
    assert len(rows) == 4 and rows[0][2] == "Event ID"


async def test_an_event_needs_a_user_or_a_client(client, login_as):
    reporter = await login_as()
    reply = await client.post("/cms/event-tracking/report", headers=reporter, json={"eventId": "x"})
    assert reply.status_code == 422
    too_many = await client.post("/cms/event-tracking/report", headers=reporter,
                                 json=[{"eventId": "x", "userId": "u"}] * 501)
    assert too_many.status_code == 422


async def test_event_search_needs_a_range_of_at_most_92_days(client, login_as):
    analyst = await login_as("event-tracking")
    reply = await client.post("/cms/event-tracking/search", headers=analyst, json=window(100))
    assert reply.status_code == 422 and reply.json()["message"] == "Selected time cannot exceed 92 days"


async def test_access_tracking_records_who_visited_which_page(client, login_as):
    visitor = await login_as()
    analyst = await login_as("event-tracking")
    name = unique("Page")
    added = await client.post("/cms/access-tracking/add", headers=visitor,
                              json={"name": name, "accessURL": "/crm/leads?tab=new"})
    assert added.status_code == 200
    found = (await client.post("/cms/access-tracking/search", headers=analyst, json={"name": name})).json()["data"]
    assert [(v["name"], v["accessURL"]) for v in found["items"]] == [(name, "/crm/leads?tab=new")]
    assert found["items"][0]["username"].startswith("u")
