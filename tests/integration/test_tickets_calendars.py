"""Business calendars: seeded from SPEC §9's 2021 list and the `holidays` package, editable afterwards."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, update

from domain.db import transaction
from domain.enums import CalendarDayKind
from domain.models.calendars import BusinessCalendarRow, CalendarDay
from domain.models.tickets import Ticket
from domain.seed import calendars
from tests.conftest import unique


async def days_of(code: str) -> dict[date, CalendarDayKind]:
    async with transaction() as db:
        rows = (await db.execute(select(CalendarDay.day, CalendarDay.kind).join(
            BusinessCalendarRow, BusinessCalendarRow.id == CalendarDay.calendar_id)
            .where(BusinessCalendarRow.code == code))).all()
    return {day: kind for day, kind in rows}


async def test_china_is_the_default_calendar_with_the_2021_list_and_current_years():
    """Non-work applies on a listed 2021 holiday; make-up working days are work days."""
    async with transaction() as db:
        default = await db.scalar(select(BusinessCalendarRow).where(BusinessCalendarRow.is_default))
    assert (default.code, default.time_zone) == ("CN", "Asia/Shanghai")
    days = await days_of("CN")
    assert days[date(2021, 10, 1)] == CalendarDayKind.HOLIDAY  # National Day
    assert days[date(2021, 9, 26)] == CalendarDayKind.WORKDAY  # a Sunday worked before it
    this_year = date.today().year
    assert any(d.year == this_year for d in days) and any(d.year == this_year + 1 for d in days)


async def test_indonesia_has_the_current_years_and_edits_survive_a_new_seed():
    days = await days_of("ID")
    assert any(d.year == date.today().year for d in days)
    async with transaction() as db:
        calendar_id = await db.scalar(select(BusinessCalendarRow.id).where(BusinessCalendarRow.code == "ID"))
        first = await db.scalar(select(CalendarDay).where(CalendarDay.calendar_id == calendar_id)
                                .order_by(CalendarDay.day.desc()).limit(1))
        first.name = "Edited by staff"
    async with transaction() as db:
        await calendars.sync(db)
    async with transaction() as db:
        assert await db.scalar(select(CalendarDay.name).where(CalendarDay.id == first.id)) == "Edited by staff"


CALENDAR_ADMIN = ("ticket-calendar", "calendar#add", "calendar#edit", "calendar#delete")


async def test_staff_edit_calendars_and_days_on_the_calendar_screen(client, login_as):
    headers = await login_as(*CALENDAR_ADMIN)
    code = unique("C")[:12].upper()
    created = await client.post("/cms/ticket-calendar/add", headers=headers,
                                json={"code": code, "name": "Vietnam", "timeZone": "Asia/Ho_Chi_Minh"})
    assert created.status_code == 200, created.text
    calendar = created.json()["data"]
    day = await client.post("/cms/ticket-calendar-day/add", headers=headers, json={
        "calendarId": calendar["id"], "day": "2027-02-08", "kind": "HOLIDAY", "name": "Tet"})
    assert day.status_code == 200, day.text
    again = await client.post("/cms/ticket-calendar-day/add", headers=headers, json={
        "calendarId": calendar["id"], "day": "2027-02-08", "kind": "WORKDAY"})
    assert again.status_code == 409 and again.json()["data"] == {"field": "day"}
    listed = (await client.post("/cms/ticket-calendar-day/search", headers=headers, json={
        "calendarId": calendar["id"], "day": ["2027-01-01", "2027-12-31"]})).json()["data"]
    assert [(d["day"], d["kind"], d["name"]) for d in listed["items"]] == [("2027-02-08", "HOLIDAY", "Tet")]
    bad_zone = await client.post("/cms/ticket-calendar/add", headers=headers,
                                 json={"code": "XX", "name": "Nowhere", "timeZone": "Mars/Olympus"})
    assert bad_zone.status_code == 422 and bad_zone.json()["data"]["errors"][0]["field"] == "timeZone"


async def test_one_default_calendar_that_cannot_be_deleted(client, login_as):
    headers = await login_as(*CALENDAR_ADMIN)
    code = unique("D")[:12].upper()
    created = (await client.post("/cms/ticket-calendar/add", headers=headers, json={
        "code": code, "name": "Temporary default", "timeZone": "Asia/Jakarta", "isDefault": True})).json()["data"]
    try:
        async with transaction() as db:
            defaults = (await db.scalars(select(BusinessCalendarRow.code).where(BusinessCalendarRow.is_default))).all()
        assert defaults == [code]
        refused = await client.delete(f"/cms/ticket-calendar/delete/{created['id']}", headers=headers)
        assert refused.status_code == 409 and refused.json()["code"] == "CALENDAR_DEFAULT_NEEDED"
    finally:
        async with transaction() as db:
            china = await db.scalar(select(BusinessCalendarRow.id).where(BusinessCalendarRow.code == "CN"))
        await client.post("/cms/ticket-calendar/modify", headers=headers, json={"id": china, "isDefault": True})
    assert (await client.delete(f"/cms/ticket-calendar/delete/{created['id']}", headers=headers)).status_code == 200


@pytest.mark.parametrize(("local", "first_response"), [
    ((2021, 9, 28, 11), 30),  # a Tuesday at 11:00 in Shanghai: work time, P1 first response 30 minutes
    ((2021, 10, 1, 11), 60),  # National Day on the seeded 2021 list: non-work, 60 minutes
    ((2021, 9, 26, 11), 30),  # a Sunday worked to make up for it: work time
])
async def test_the_default_calendar_picks_the_first_response_column(local, first_response):
    from api.schemas.tickets import TicketCreate
    from api.ticket_ops import create_ticket
    from tests.integration.ticket_support import new_ticket_body, row, staff

    reporter = await staff("ticket-new")
    created = datetime(*local, tzinfo=ZoneInfo("Asia/Shanghai")).astimezone(UTC)
    body = TicketCreate.model_validate(new_ticket_body(issueLevel="SEVERE"))
    ticket = await row((await create_ticket(body, reporter.principal, None, now=created)).id)
    assert ticket.first_response_due - ticket.sla_started_at == timedelta(minutes=first_response)
    async with transaction() as db:  # a row of 2021 only: no flow for another test's reconciler to start
        await db.execute(update(Ticket).where(Ticket.id == ticket.id).values(flow_pending=False))
