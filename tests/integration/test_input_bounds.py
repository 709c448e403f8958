"""Every value a client sends is held to a range its field declares (docs/decisions/input-rules.md): an integer to
its column's, a date or time to years 2000..2100, a name, code or SKU to one line without control or direction
characters. The walk holds every route of the OpenAPI document to it; the calls below are what got through before
(a 500 each, or a row that broke its list's export for everyone)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, update

from domain.db import transaction
from domain.models.departments import Department
from domain.models.files import StoredFile
from domain.models.mail import MailTask
from domain.models.notices import Notice
from domain.models.users import User
from tests.conftest import unique
from tests.integration.people import create_user

CONTROLS = ("one\ntwo", "tab\there", "esc\x1bape", "invoice\u202egnp.exe", "iso\u2066late", "c1\x85")


def request_schemas() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, field, JSON schema) of every scalar a request may send: body fields (nested too) and query params.
    Path ids are left out: an id no row can have names no record, a 404 (tests/integration/test_path_ids.py)."""
    from api.main import create_app

    doc = create_app().openapi()
    components = doc["components"]["schemas"]

    def walk(schema: dict[str, Any], where: str, field: str, seen: frozenset[str]) -> Iterator[Any]:
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                yield from walk(components[name], name, field, seen | {name})
            return
        for part in (*schema.get("anyOf", []), *schema.get("allOf", []), *schema.get("prefixItems", [])):
            yield from walk(part, where, field, seen)
        if "items" in schema:
            yield from walk(schema["items"], where, field, seen)
        for name, part in schema.get("properties", {}).items():
            yield from walk(part, where, name, seen)
        if schema.get("type") in ("integer", "string"):
            yield where, field, schema

    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            for param in operation.get("parameters", []):
                if param["in"] != "path":
                    yield from walk(param["schema"], f"{method} {path}", param["name"], frozenset())
            for content in operation.get("requestBody", {}).get("content", {}).values():
                yield from walk(content["schema"], f"{method} {path}", "body", frozenset())


def test_every_request_field_declares_its_range():
    from api.schemas.types import NAMING

    unbounded, undated, multiline, seen = set(), set(), set(), 0
    for where, field, schema in request_schemas():
        seen += 1
        if schema["type"] == "integer":
            if not {"minimum", "maximum"} <= schema.keys() or not -(2**63) <= schema["minimum"] <= \
                    schema["maximum"] <= 2**63 - 1:  # and no bound rounded beyond 64 bits
                unbounded.add(f"{where}.{field}")
        elif schema.get("format") in ("date", "date-time"):
            if not {"formatMinimum", "formatMaximum"} <= schema.keys():
                undated.add(f"{where}.{field}")
        elif schema["type"] == "string" and "enum" not in schema and "format" not in schema and NAMING.search(field):
            pattern = schema.get("pattern")
            if pattern is None or any(re.search(pattern, text) for text in CONTROLS):
                multiline.add(f"{where}.{field}")
    assert seen > 1000  # every route's fields were seen
    assert unbounded == set(), "integers without a range: use Int32/Int64 (api/schemas/types.py) or harden()"
    assert undated == set(), "dates and times without a range: use Day/Moment (api/schemas/types.py) or harden()"
    assert multiline == set(), "names and codes that take a line break or a control: SingleLine or harden()"


def field_error(reply: Any) -> tuple[str, str, str]:
    assert reply.status_code == 422, reply.text
    error = reply.json()["data"]["errors"][0]
    return error["field"], error["rule"], error["message"]


async def test_an_id_filter_beyond_its_column_is_refused_naming_it(client, login_as):
    headers = await login_as("menu-management")
    for body in ({"parentId": 2**31}, {"parentId": -(2**31) - 1}):
        assert field_error(await client.post("/cms/authority/search", json=body, headers=headers))[:2] == \
            ("parentId", "le" if body["parentId"] > 0 else "ge")


def notice_body(**fields: Any) -> dict[str, Any]:
    now = datetime.now(UTC)
    return {"kind": "NOTICE", "title": unique("Notice "), "language": "en", "startAt": now.isoformat(),
            "endAt": (now + timedelta(days=1)).isoformat(), "releaseAt": (now - timedelta(minutes=1)).isoformat(),
            "state": "ONLINE", "pinned": False, "text": "<p>x</p>", **fields}


@pytest.mark.parametrize("year", ["9999", "0001"])
async def test_a_notice_or_freeze_window_out_of_the_years_is_refused(client, login_as, year):
    headers = await login_as("notices-faq-manage", "notice#add", "auto-deploy", "deploy-freeze#add")
    now = datetime.now(UTC).isoformat()
    far = f"{year}-12-31T23:00:00+00:00"
    notice = notice_body(endAt=far)
    assert field_error(await client.post("/cms/notice/add", json=notice, headers=headers))[:2] == \
        ("endAt", "le" if year == "9999" else "ge")
    freeze = {"environment": "PRODUCTION", "startsAt": now, "endsAt": far, "reason": "Release"}
    assert field_error(await client.post("/cms/deploy/freeze/add", json=freeze, headers=headers))[0] == "endsAt"
    preview = {"repeat": "DAILY", "sendAt": f"{year}-06-01T09:00:00", "timeZone": "Asia/Jakarta"}
    mail = await login_as("timed-mail")
    assert field_error(await client.post("/cms/mail/preview", json=preview, headers=mail))[0] == "sendAt"


async def test_a_list_holding_a_time_no_spreadsheet_holds_still_exports(client, login_as):
    """Rows written before the range (or by another path) do not break the export for everyone."""
    headers = await login_as("notices-faq-manage", "notice#add", "notice#export")
    title = unique("Far ")
    added = await client.post("/cms/notice/add", headers=headers, json={**notice_body(), "title": title})
    assert added.status_code == 200, added.text
    async with transaction() as db:
        await db.execute(update(Notice).where(Notice.title == title).values(
            end_at=datetime(9999, 12, 31, 23, 0, tzinfo=UTC), start_at=datetime(1, 1, 1, tzinfo=UTC)))
    export = await client.post("/cms/notice/export", headers={**headers, "Accept-Language": "en"},
                               json={"title": title})
    assert export.status_code == 200 and export.content[:2] == b"PK", export.text


@pytest.mark.parametrize(("language", "said"), [("en", "one line"), ("zh-CN", "单行"), ("id", "satu baris")])
async def test_names_and_codes_are_one_line_without_controls(client, login_as, language, said):
    headers = {**await login_as("department-management", "department#add"), "Accept-Language": language}
    for name in CONTROLS:
        field, rule, message = field_error(await client.post("/cms/department/add", headers=headers,
                                                             json={"name": name, "fullName": "Full"}))
        assert field == "name" and rule in ("single_line", "text_control"), (name, rule)
        if rule == "single_line":
            assert said in message
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(Department.name.in_(CONTROLS))) == 0


async def test_free_text_keeps_its_lines_but_no_control(client, login_as):
    headers = await login_as("notices-faq-manage", "notice#add")
    notice = notice_body()
    kept = await client.post("/cms/notice/add", headers=headers, json={**notice, "text": "<p>one</p>\n<p>two</p>"})
    assert kept.status_code == 200, kept.text
    refused = await client.post("/cms/notice/add", headers=headers, json={**notice, "text": "<p>a\u202eb</p>"})
    assert field_error(refused)[:2] == ("text", "text_control")


async def stored_file(owner: User) -> int:
    async with transaction() as db:
        row = StoredFile(backend="local", storage_key=unique("key"), name="report.pdf",
                         content_type="application/pdf", size=1, sha256="0" * 64, uploaded_by=owner.id)
        db.add(row)
        await db.flush()
        return row.id


async def test_a_mail_manager_opens_a_file_of_a_mail_it_may_see_and_no_other(client, login_as):
    uploader = await create_user("timed-mail")
    other = await login_as("timed-mail")
    attached, loose = await stored_file(uploader), await stored_file(uploader)
    async with transaction() as db:
        db.add(MailTask(owner_id=uploader.id, recipients=["a@test.local"], subject=unique("Files "),
                        content="<p>x</p>", attachment_ids=[attached], repeat="DAILY",
                        send_at=datetime.now(UTC), time_zone="Asia/Jakarta"))
    opened = await client.get(f"/cms/common/generate-file-url/{attached}", headers=other)
    assert opened.status_code == 200, opened.text
    refused = await client.get(f"/cms/common/generate-file-url/{loose}", headers=other)
    assert (refused.status_code, refused.json()["code"]) == (404, "NOT_FOUND"), refused.text


async def test_a_user_is_added_with_a_leader_and_refused_with_one_that_does_not_exist(client, login_as):
    leader = await create_user()
    headers = await login_as("user-management", "user#add")
    name = unique("lead")
    body = {"username": name, "realName": "Real Name", "displayName": "Led", "email": f"{name}@test.local",
            "password": "Zq7!vinter-Lamp-42", "leaderId": leader.id}
    added = await client.post("/cms/user/add", headers=headers, json=body)
    assert added.status_code == 200, added.text
    assert (added.json()["data"]["leaderId"], added.json()["data"]["leaderName"]) == (leader.id,
                                                                                      leader.display_name)
    other = unique("lead")
    missing = await client.post("/cms/user/add", headers=headers, json={
        **body, "username": other, "email": f"{other}@test.local", "leaderId": 2**31 - 1})
    assert field_error(missing)[:2] == ("leaderId", "not_found")
    async with transaction() as db:
        assert await db.scalar(select(func.count()).where(User.username == other)) == 0
