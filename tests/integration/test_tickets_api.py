"""The ticket API without flows: search scopes and filters, who sees what, form rules (SPEC §5), the
dashboard rates (SPEC §4) and the navbar dropdown."""

import io
from datetime import UTC, datetime, timedelta

import openpyxl
from sqlalchemy import text

from domain.db import transaction
from domain.models.ticket_settings import TicketCategory
from domain.models.tickets import TicketWatcher
from tests.conftest import unique
from tests.integration.ticket_support import insert_ticket, new_ticket_body, staff


async def search(client, who, **body):
    reply = await client.post("/cms/ticket/search", json=body, headers=who.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_scopes_mine_assigned_and_watched(client):
    me, other = await staff("ticket-list"), await staff("ticket-list")
    category = unique("Cat")
    mine = await insert_ticket(category=category, submitter_id=me.id)
    assigned = await insert_ticket(category=category, submitter_id=other.id, assignee_id=me.id)
    watched = await insert_ticket(category=category, submitter_id=other.id)
    await insert_ticket(category=category, submitter_id=other.id)
    async with transaction() as db:
        db.add(TicketWatcher(ticket_id=watched, user_id=me.id))
    ids = {scope: [i["id"] for i in (await search(client, me, scope=scope, category=[category]))["items"]]
           for scope in ("ALL", "MINE", "ASSIGNED", "WATCHED")}
    assert len(ids["ALL"]) == 4
    assert (ids["MINE"], ids["ASSIGNED"], ids["WATCHED"]) == ([mine], [assigned], [watched])


async def test_filters_status_level_breached_keyword_range_and_sort(client):
    me = await staff("ticket-list")
    category = unique("Cat")
    now = datetime.now(UTC)
    old = await insert_ticket(category=category, level="P0", status="CLOSED", created_at=now - timedelta(days=10))
    late = await insert_ticket(category=category, level="P1", resolve_breached=True, title=f"{category} late one")
    fresh = await insert_ticket(category=category, level="P1", status="WORK_IN_PROCESS")
    assert [i["id"] for i in (await search(client, me, category=[category], status=["CLOSED"]))["items"]] == [old]
    by_level = await search(client, me, category=[category], level=["P1"], sort="id")
    assert [i["id"] for i in by_level["items"]] == [late, fresh]
    breached = (await search(client, me, category=[category], breached=True))["items"]
    assert [i["id"] for i in breached] == [late] and breached[0]["sla"]["breached"]
    assert [i["id"] for i in (await search(client, me, keyword=f"{category} late"))["items"]] == [late]
    assert [i["id"] for i in (await search(client, me, keyword=f"#{old}"))["items"]] == [old]
    recent = await search(client, me, category=[category], createdAt=[(now - timedelta(days=1)).isoformat(), None])
    assert {i["id"] for i in recent["items"]} == {late, fresh}
    page = await search(client, me, category=[category], sort="-id", page=2, pageSize=1, status="", level=None)
    assert (page["total"], [i["id"] for i in page["items"]]) == (3, [late])


async def test_list_items_show_the_sla_state(client):
    me = await staff("ticket-list")
    category = unique("Cat")
    started = datetime.now(UTC) - timedelta(minutes=400)
    await insert_ticket(category=category, sla_started_at=started, first_response_due=started + timedelta(minutes=120),
                        resolve_due=started + timedelta(minutes=2880), first_response_breached=True)
    item = (await search(client, me, category=[category]))["items"][0]
    sla = item["sla"]
    assert sla["firstResponseBreached"] and not sla["qualified"]
    assert sla["firstResponseRemainingMinutes"] <= -279
    assert 2479 <= sla["resolveRemainingMinutes"] <= 2481
    assert sla["elapsed"] == {"value": 6, "unit": "hours", "text": "6 hours"}  # over 300 minutes: hours


async def test_my_tickets_holders_see_only_their_own(client):
    reporter, other = await staff("ticket-user-list"), await staff("ticket-list")
    category = unique("Cat")
    own = await insert_ticket(category=category, submitter_id=reporter.id)
    foreign = await insert_ticket(category=category, submitter_id=other.id)
    assert [i["id"] for i in (await search(client, reporter, category=[category]))["items"]] == [own]
    assert (await client.get(f"/cms/ticket/detail/{foreign}", headers=reporter.headers)).status_code == 404
    seen = (await client.get(f"/cms/ticket/detail/{own}", headers=reporter.headers)).json()["data"]
    assert seen["allowedActions"] == []  # no buttons held
    assert len((await search(client, other, category=[category]))["items"]) == 2


async def test_the_new_form_takes_up_to_four_images(client):
    """SPEC §5: up to 4 images in one form, and 10 images and videos in another."""
    reporter = await staff("ticket-new", "ticket-list")
    image = {"kind": "IMAGE", "url": "https://files.example/a.png"}
    reply = await client.post("/cms/ticket/add", headers=reporter.headers,
                              json=new_ticket_body(attachments=[image] * 5))
    assert reply.status_code == 422
    assert reply.json()["data"]["errors"][0]["field"] == "attachments"
    video = await client.post("/cms/ticket/add", headers=reporter.headers,
                              json=new_ticket_body(attachments=[{"kind": "VIDEO", "url": "https://files.example/v"}]))
    assert video.status_code == 422 and video.json()["data"]["errors"][0]["rule"] == "images_only"


async def test_the_detail_form_takes_up_to_ten_images_and_videos_and_merge_needs_a_ticket_id(client):
    tech = await staff("ticket-list", "ticket#comment", "ticket#merge")
    ticket_id = await insert_ticket()
    files = [{"kind": "VIDEO", "fileId": 1}] * 11
    reply = await client.post(f"/cms/ticket/{ticket_id}/comment", headers=tech.headers,
                              json={"content": "see video", "attachments": files})
    assert reply.status_code == 422 and reply.json()["data"]["errors"][0]["field"] == "attachments"
    merge = await client.post(f"/cms/ticket/{ticket_id}/merge", headers=tech.headers, json={})
    assert merge.status_code == 422 and merge.json()["data"]["errors"][0]["field"] == "targetId"


async def test_merging_into_a_closed_ticket_is_refused_before_the_flow_is_asked(client):
    tech = await staff("ticket-list", "ticket#merge")
    closed = await insert_ticket(status="CLOSED")
    ticket_id = await insert_ticket()
    reply = await client.post(f"/cms/ticket/{ticket_id}/merge", headers=tech.headers, json={"targetId": closed})
    assert reply.status_code == 409 and reply.json()["code"] == "TICKET_MERGE_TARGET"


async def test_dashboard_rates_leave_merged_tickets_out(client):
    """Closed rate = closed / new; resolve rate = (confirming + closed) / new; SLA rate = qualified / count."""
    viewer = await staff("ticket-report")
    category = unique("Cat")
    at = datetime(2026, 3, 10, 4, tzinfo=UTC)
    for status in ("CLOSED", "CLOSED", "PENDING_FOR_CONFIRMATION", "NEW"):
        await insert_ticket(category=category, status=status, created_at=at)
    await insert_ticket(category=category, status="NEW", created_at=at, resolve_breached=True, level="P0")
    target = await insert_ticket(category=category, created_at=at)
    await insert_ticket(category=category, status="CLOSED", merged_into_id=target, created_at=at)
    reply = await client.post("/cms/ticket/dashboard", headers=viewer.headers, json={
        "createdAt": ["2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"], "category": [category]})
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    summary = data["summary"]
    assert (summary["created"], summary["closed"], summary["confirming"], summary["merged"]) == (6, 2, 1, 1)
    assert (summary["closedRate"], summary["resolveRate"], summary["slaRate"]) == (33, 50, 83)
    assert {s["status"]: s["count"] for s in data["byStatus"]}["NEW"] == 3
    assert data["byCategory"] == [{"category": category, "name": category, "created": 6, "closed": 2,
                                   "confirming": 1, "qualified": 5, "closedRate": 33, "resolveRate": 50, "slaRate": 83}]
    p0 = next(r for r in data["bySla"] if r["level"] == "P0")
    assert (p0["created"], p0["resolveBreached"], p0["slaRate"]) == (1, 1, 0)
    assert [w["period"] for w in data["byWeek"]] == ["2026-03-09"]
    assert [m["period"] for m in data["byMonth"]] == ["2026-03-01"]
    preset = await client.post("/cms/ticket/dashboard", headers=viewer.headers, json={"preset": "TODAY"})
    assert preset.json()["data"]["timeZone"] == "Asia/Shanghai"


async def test_dashboard_names_categories_from_their_list_in_the_readers_language(client):
    """Grouped by code, shown by the managed list's name (the English one where a language has none)."""
    viewer = await staff("ticket-report")
    listed, unlisted = unique("Cat"), unique("Cat")
    async with transaction() as db:
        db.add(TicketCategory(code=listed, name_en="Late orders", name_zh="订单延迟", name_id=""))
    at = datetime(2026, 3, 10, 4, tzinfo=UTC)
    for category in (listed, unlisted):
        await insert_ticket(category=category, created_at=at)
    body = {"createdAt": ["2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"], "category": [listed, unlisted]}

    async def names(language):
        reply = await client.post("/cms/ticket/dashboard", json=body,
                                  headers={**viewer.headers, "Accept-Language": language})
        assert reply.status_code == 200, reply.text
        return {row["category"]: row["name"] for row in reply.json()["data"]["byCategory"]}

    assert await names("en") == {listed: "Late orders", unlisted: unlisted}
    assert await names("zh-CN") == {listed: "订单延迟", unlisted: unlisted}
    assert await names("id") == {listed: "Late orders", unlisted: unlisted}
    options = await client.get("/cms/ticket-category/options", headers={**viewer.headers, "Accept-Language": "zh-CN"})
    assert {"code": listed, "name": "订单延迟", "enabled": True} in options.json()["data"]


async def test_navbar_shows_my_open_tickets_with_counts(client):
    me = await staff()
    await insert_ticket(assignee_id=me.id, status="WORK_IN_PROCESS")
    await insert_ticket(assignee_id=me.id, status="WORK_IN_PROCESS", level="P1",
                        resolve_due=datetime.now(UTC) + timedelta(minutes=30))
    await insert_ticket(assignee_id=me.id, status="CLOSED")
    submitted = await insert_ticket(submitter_id=me.id, status="NEW")
    watched = await insert_ticket(status="PENDING_FOR_CONFIRMATION")
    async with transaction() as db:
        db.add(TicketWatcher(ticket_id=watched, user_id=me.id))

    async def navbar(**params):
        reply = await client.get("/cms/ticket/navbar", params=params, headers=me.headers)
        assert reply.status_code == 200, reply.text
        return reply.json()["data"]

    data = await navbar()
    assert data["assigned"] == {"total": 2, "byStatus": [{"status": "WORK_IN_PROCESS", "count": 2}]}
    assert data["submitted"] == {"total": 1, "byStatus": [{"status": "NEW", "count": 1}]}
    assert data["watched"]["total"] == 1
    assert (data["group"], data["scope"], len(data["items"])) == ("assigned", "ASSIGNED", 2)
    assert data["items"][0]["level"] == "P1"  # the sooner resolve deadline first
    for group, scope, only in (("submitted", "MINE", submitted), ("watched", "WATCHED", watched)):
        data = await navbar(group=group)
        assert (data["scope"], [item["id"] for item in data["items"]]) == (scope, [only])

    reply = await client.get("/cms/ticket/navbar", params={"group": "everyone"},
                             headers={**me.headers, "Accept-Language": "zh-CN"})
    error = reply.json()["data"]["errors"][0]
    assert (reply.status_code, error["field"], error["rule"]) == (422, "group", "enum"), reply.text
    assert error["message"].startswith("工单分组") and "submitted" in error["message"]


async def test_a_huge_match_count_is_capped(client):
    """Past 10,000 matches the list says 10,000+ instead of counting a million rows on every page."""
    me = await staff("ticket-list")
    category = unique("Cat")
    async with transaction() as db:
        await db.execute(text(
            "insert into tickets (title, description, category, application, issue_type, level, status, tags,"
            " sla_started_at, sla_work_time, first_response_due, resolve_due, first_response_breached,"
            " resolve_breached, flow_pending, seq) select 'bulk ' || i, 'd', :category, 'SYS_ERP', 'OTHERS', 'P3',"
            " 'CLOSED', '{}', now(), true, now(), now(), false, false, false, 1"
            " from generate_series(1, 10005) i"), {"category": category})
    page = await search(client, me, category=[category])
    assert (page["total"], page["totalCapped"], len(page["items"])) == (10000, True, 20)
    small = await search(client, me, category=[category], keyword="bulk 10005")
    assert (small["total"], small["totalCapped"]) == (1, False)


async def test_export_streams_the_filtered_list_in_the_callers_language(client):
    exporter, looker = await staff("ticket-list", "ticket#export"), await staff("ticket-list")
    category = unique("Cat")
    first = await insert_ticket(category=category, level="P0", status="WORK_IN_PROCESS", assignee_id=exporter.id)
    second = await insert_ticket(category=category, resolve_breached=True)
    await insert_ticket(category=unique("Other"))
    async with transaction() as db:
        db.add(TicketCategory(code=category, name_en="Late orders", name_zh="订单延迟"))
    body = {"category": [category], "sort": "id"}
    refused = await client.post("/cms/ticket/export", json=body, headers=looker.headers)
    assert refused.status_code == 403
    reply = await client.post("/cms/ticket/export", json=body, headers={**exporter.headers, "Accept-Language": "zh-CN"})
    assert reply.status_code == 200, reply.text
    rows = list(openpyxl.load_workbook(io.BytesIO(reply.content)).active.iter_rows(values_only=True))
    header = rows[0]
    assert header[:4] == ("工单编号", "标题", "优先级", "状态") and "处理人" in header
    assert "问题账号 ID" in header and "账号" not in header  # the issue account, not a merchant's account
    cells = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    assert [c["工单编号"] for c in cells] == [first, second]
    assert (cells[0]["优先级"], cells[0]["状态"], cells[0]["处理人"]) == (
        "P0", "处理中", f"{exporter.principal.display_name} ({exporter.principal.username})")
    assert cells[1]["解决超时"] is True
    # Category and application by their lists' names, as the screens show them.
    assert (cells[0]["分类"], cells[0]["应用"]) == ("订单延迟", "ERP 系统")
