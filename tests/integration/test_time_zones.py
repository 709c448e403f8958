"""Each user reads times in one zone (default: the business calendar's): set by an administrator on the user
form or by the user in the profile center, and used for exports, notifications and mails."""

import io
from datetime import datetime
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from sqlalchemy import select

from activities.tickets import deliver_notice
from domain.db import transaction
from domain.flows.tickets import TicketNotice
from domain.models.couriers import Courier
from domain.rules.time_zones import format_instant
from domain.user_time_zones import default_zone_name
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.people import create_user, token_for

mail_sink = ticket_support.mail_sink  # fixture

USER_ADMIN = ("user-management", "user#add", "user#edit")


async def headers_of(user) -> dict[str, str]:
    return {"Authorization": f"Bearer {await token_for(user)}"}


@pytest.fixture
async def admin(login_as):
    return await login_as(*USER_ADMIN)


async def test_an_administrator_sets_and_clears_a_users_zone_and_a_wrong_name_changes_nothing(client, admin):
    name = unique("tz")
    added = await client.post("/cms/user/add", headers=admin, json={
        "username": name, "realName": "Zone Person", "displayName": "Zoned", "email": f"{name}@test.local",
        "password": "Omp-Test-2026!", "timeZone": "Asia/Jakarta"})
    assert added.status_code == 200, added.text
    user_id = added.json()["data"]["id"]
    detail = await client.get(f"/cms/user/detail/{user_id}", headers=admin)
    assert detail.json()["data"]["timeZone"] == "Asia/Jakarta"

    refused = await client.post("/cms/user/modify", headers={**admin, "Accept-Language": "id"},
                                json={"id": user_id, "timeZone": "Asia/Atlantis"})
    assert refused.status_code == 422
    error = refused.json()["data"]["errors"][0]
    assert (error["field"], error["rule"]) == ("timeZone", "time_zone")
    assert error["message"].startswith("Zona waktu:") and "Asia/Jakarta" in error["message"]
    detail = await client.get(f"/cms/user/detail/{user_id}", headers=admin)
    assert detail.json()["data"]["timeZone"] == "Asia/Jakarta"

    cleared = await client.post("/cms/user/modify", headers=admin, json={"id": user_id, "timeZone": None})
    assert cleared.status_code == 200 and cleared.json()["data"]["timeZone"] is None


async def test_users_set_their_own_zone_in_the_profile_center_and_default_to_the_calendars(client):
    user = await create_user()
    headers = await headers_of(user)
    info = (await client.get("/cms/user/info", headers=headers)).json()["data"]
    assert info["timeZone"] is None
    async with transaction() as db:
        default = await default_zone_name(db)
    assert info["defaultTimeZone"] == default

    saved = await client.post("/cms/user/profile", headers=headers, json={"timeZone": "America/New_York"})
    assert saved.status_code == 200
    assert saved.json()["data"] == {"timeZone": "America/New_York", "defaultTimeZone": default}
    assert (await client.get("/cms/user/info", headers=headers)).json()["data"]["timeZone"] == "America/New_York"

    refused = await client.post("/cms/user/profile", headers={**headers, "Accept-Language": "zh-CN"},
                                json={"timeZone": "GMT+7 please"})
    assert refused.status_code == 422
    assert refused.json()["data"]["errors"][0]["message"].startswith("时区：")
    assert (await client.get("/cms/user/info", headers=headers)).json()["data"]["timeZone"] == "America/New_York"


async def exported_update_time(client, headers, name: str):
    reply = await client.post("/cms/courier/export", headers=headers, json={"name": name})
    assert reply.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(reply.content)).active
    header, row = [c.value for c in sheet[1]], sheet[2]
    return row[header.index("Updated at")]


async def test_exports_write_times_in_the_readers_zone_labelled_with_its_offset(client):
    name = unique("Zoned")
    async with transaction() as db:
        db.add(Courier(name=name, channel="SHOPEE_ID", shipping_method="DROP_OFF"))
    async with transaction() as db:
        updated = await db.scalar(select(Courier.updated_at).where(Courier.name == name))
    readers = {zone: await create_user("logistics-configuration", "logistics#export", time_zone=zone)
               for zone in ("Asia/Jakarta", "America/New_York")}
    jakarta = await exported_update_time(client, await headers_of(readers["Asia/Jakarta"]), name)
    new_york = await exported_update_time(client, await headers_of(readers["America/New_York"]), name)

    assert jakarta.value == updated.astimezone(ZoneInfo("Asia/Jakarta")).replace(tzinfo=None, microsecond=0)
    assert jakarta.number_format.endswith('"GMT+07:00"')
    assert new_york.value == updated.astimezone(ZoneInfo("America/New_York")).replace(tzinfo=None, microsecond=0)
    new_york_label = updated.astimezone(ZoneInfo("America/New_York")).strftime("%z")  # -0500 or -0400 in summer
    assert new_york.number_format.endswith(f'"GMT{new_york_label[:3]}:{new_york_label[3:]}"')


async def test_a_breach_mail_and_notification_show_the_deadline_in_each_recipients_zone(client, mail_sink):
    jakarta = await create_user(time_zone="Asia/Jakarta")
    unset = await create_user()  # follows the default business calendar
    async with transaction() as db:
        default = ZoneInfo(await default_zone_name(db))
    due = datetime(2026, 11, 22, 3, 0, tzinfo=ZoneInfo("UTC"))
    notice = TicketNotice(key=f"ticket-0-tz-{jakarta.id}", kind="TICKET_BREACH", ticket_id=42,
                          recipients=[jakarta.id, unset.id],
                          params={"ticketId": "42", "title": "Orders stuck", "clock": "RESOLVE",
                                  "due": due.isoformat(), "level": "P1"})
    assert await deliver_notice(notice) == 2
    mails = mail_sink()
    to_jakarta = next(m for m in mails if jakarta.email in m)
    to_unset = next(m for m in mails if unset.email in m)
    assert "2026-11-22 10:00:00 GMT+07:00" in to_jakarta
    assert format_instant(due, default) in to_unset  # e.g. 2026-11-22 11:00:00 GMT+08:00 for Asia/Shanghai

    listed = await client.post("/cms/notification/search", json={}, headers=await headers_of(jakarta))
    assert "2026-11-22 10:00:00 GMT+07:00" in listed.json()["data"]["items"][0]["body"]
