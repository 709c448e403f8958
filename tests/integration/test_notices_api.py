"""Notices and FAQ through the API (SPEC §3, §5, §9): every option required, text at most 300 characters as
a reader sees them, times in order, sanitised HTML, soft delete, and the home page's 5 latest in the reader's
language. Temporal is not running here: a notice is still saved, marked for the reconciler."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from domain.db import transaction
from domain.models.notices import Notice
from tests.conftest import unique

ALL = ("notices-faq-manage", "notice#add", "notice#edit", "notice#delete", "notice#export")
NOW = datetime.now(UTC)


@pytest.fixture
async def staff(login_as):
    return await login_as(*ALL)


def body(**fields):
    return {"kind": "NOTICE", "title": unique("Notice "), "language": "en", "startAt": NOW.isoformat(),
            "endAt": (NOW + timedelta(days=3)).isoformat(), "releaseAt": (NOW - timedelta(minutes=1)).isoformat(),
            "state": "ONLINE", "pinned": False, "text": "<p>Maintenance on <b>Sunday</b></p>", **fields}


async def add(client, headers, data, status=200):
    reply = await client.post("/cms/notice/add", json=data, headers=headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def test_a_notice_is_saved_with_its_release_status_and_marked_for_its_flow(client, staff):
    notice = (await add(client, staff, body()))["data"]
    assert notice["releaseStatus"] == "PUBLISHED" and notice["state"] == "ONLINE"
    assert notice["flowPending"] is True  # Temporal is down in this test: the reconciler will start it
    later = (await add(client, staff, body(releaseAt=(NOW + timedelta(hours=2)).isoformat())))["data"]
    assert later["releaseStatus"] == "TO_BE_RELEASED"
    over = (await add(client, staff, body(startAt=(NOW - timedelta(days=3)).isoformat(),
                                          releaseAt=(NOW - timedelta(days=3)).isoformat(),
                                          endAt=(NOW - timedelta(days=1)).isoformat())))["data"]
    assert over["releaseStatus"] == "EXPIRED"


async def test_the_text_is_sanitised_on_the_server(client, staff):
    text = ('<p onmouseover="alert(1)">Read <a href="javascript:alert(1)">this</a></p>'
            '<img src="x" onerror="alert(1)"><script>alert(1)</script>')
    notice = (await add(client, staff, body(text=text)))["data"]
    assert "alert" not in notice["text"] and "javascript" not in notice["text"] and "<script" not in notice["text"]
    async with transaction() as db:
        stored = await db.scalar(select(Notice.text).where(Notice.id == notice["id"]))
    assert stored == notice["text"]


async def test_300_characters_are_counted_as_the_reader_sees_them(client, staff):
    await add(client, staff, body(text=f'<p><a href="https://help.example.com/a">{"x" * 300}</a></p>'))
    refused = await add(client, staff, body(text=f"<p>{'x' * 301}</p>"), status=422)
    assert refused["data"]["errors"][0]["rule"] == "notice_text_max"
    assert "at most 300 characters" in refused["message"]


@pytest.mark.parametrize("option", ["kind", "title", "language", "startAt", "endAt", "releaseAt", "state",
                                    "pinned", "text"])
async def test_every_option_is_required(client, staff, option):
    data = body()
    del data[option]
    refused = await add(client, staff, data, status=422)
    assert (refused["data"]["errors"][0]["field"], refused["data"]["errors"][0]["rule"]) == (option, "required")


@pytest.mark.parametrize(("change", "field", "rule"), [
    ({"startAt": (NOW + timedelta(days=4)).isoformat()}, "endAt", "notice_endAt"),
    ({"releaseAt": (NOW + timedelta(days=3)).isoformat()}, "releaseAt", "notice_releaseAt"),
    ({"state": "DELETE"}, "state", "notice_state"),
    ({"ticketId": 2_000_000_000}, "ticketId", "notice_ticket"),
    ({"faqId": 2_000_000_000}, "faqId", "notice_faq"),
    ({"text": "<script>alert(1)</script>"}, "text", "required"),
    ({"language": "th"}, "language", "enum"),
    ({"startAt": "2026-11-24T10:00:00"}, "startAt", "timezone"),
])
async def test_refusals_name_the_field_and_change_nothing(client, staff, change, field, rule):
    title = unique("Refused ")
    refused = await add(client, staff, body(title=title, **change), status=422)
    error = refused["data"]["errors"][0]
    assert (error["field"], error["rule"]) == (field, rule), refused
    async with transaction() as db:
        assert await db.scalar(select(Notice.id).where(Notice.title == title)) is None


async def test_an_associated_faq_must_be_a_faq(client, staff):
    faq = (await add(client, staff, body(kind="FAQ")))["data"]
    notice = (await add(client, staff, body(faqId=faq["id"])))["data"]
    assert notice["faqId"] == faq["id"]
    refused = await add(client, staff, body(faqId=notice["id"]), status=422)
    assert refused["data"]["errors"][0]["field"] == "faqId"


async def test_delete_marks_the_notice_deleted_and_lists_leave_it_out(client, staff):
    notice = (await add(client, staff, body()))["data"]
    assert (await client.delete(f"/cms/notice/delete/{notice['id']}", headers=staff)).status_code == 200
    async with transaction() as db:
        assert await db.scalar(select(Notice.state).where(Notice.id == notice["id"])) == "DELETE"
    assert (await client.get(f"/cms/notice/detail/{notice['id']}", headers=staff)).status_code == 404
    found = (await client.post("/cms/notice/search", headers=staff, json={"title": notice["title"]})).json()
    assert found["data"]["total"] == 0


async def test_home_shows_the_5_most_recently_updated_published_in_the_readers_language(client, staff, login_as):
    reader = await login_as()
    ids = [(await add(client, staff, body(language="id", pinned=i == 2)))["data"]["id"] for i in range(6)]
    await add(client, staff, body(language="id", state="DRAFT"))
    await add(client, staff, body(language="id", releaseAt=(NOW + timedelta(hours=1)).isoformat()))
    await add(client, staff, body(language="en"))
    latest = (await client.get("/cms/notice/latest", headers={**reader, "Accept-Language": "id"})).json()["data"]
    newest_five = list(reversed(ids[1:]))
    assert [n["id"] for n in latest] == [ids[2]] + [i for i in newest_five if i != ids[2]]  # pinned first
    english = (await client.get("/cms/notice/latest", headers={**reader, "Accept-Language": "en"})).json()["data"]
    assert not set(ids) & {n["id"] for n in english}


async def test_list_filters_and_export(client, staff):
    title = unique("Export ")
    await add(client, staff, body(title=title, kind="FAQ"))
    found = (await client.post("/cms/notice/search", headers=staff, json={
        "title": title, "kind": "FAQ", "releaseStatus": ["PUBLISHED"], "state": ["ONLINE"]})).json()
    assert found["data"]["total"] == 1
    export = await client.post("/cms/notice/export", headers=staff, json={"title": title})
    assert export.status_code == 200 and export.content[:2] == b"PK"


async def test_the_flow_link_is_for_operators_only(client, staff, login_as):
    notice = (await add(client, staff, body()))["data"]
    plain = (await client.get(f"/cms/notice/flow/{notice['id']}", headers=staff)).json()["data"]
    assert plain == {"workflowId": f"notice-{notice['id']}", "workflowUrl": None}
    operator = await login_as("notices-faq-manage", "temporal#operate")
    linked = (await client.get(f"/cms/notice/flow/{notice['id']}", headers=operator)).json()["data"]
    assert linked["workflowUrl"].endswith(f"/workflows/notice-{notice['id']}")
