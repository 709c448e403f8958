"""Timed mail rules (SPEC §3 repeat once/once later/daily/weekly/monthly with a send date and time in a zone)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from domain.enums import MailRepeat
from domain.flows import mail as flows
from domain.rules import mail as rules

JAKARTA = ZoneInfo("Asia/Jakarta")
R = MailRepeat


def at(text: str, zone: ZoneInfo = JAKARTA) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=zone).astimezone(UTC)


def local(sends: list[datetime], zone: ZoneInfo = JAKARTA) -> list[str]:
    return [s.astimezone(zone).strftime("%Y-%m-%d %H:%M") for s in sends]


def test_monthly_on_the_31st_sends_on_the_last_day_of_shorter_months():
    """Our rule: a month without the day sends on its last day (30 April, 28 February), never skips a month."""
    sends = rules.next_sends(R.MONTHLY, at("2027-01-31 09:00"), JAKARTA, at("2027-01-01 00:00"), count=5)
    assert local(sends) == ["2027-01-31 09:00", "2027-02-28 09:00", "2027-03-31 09:00", "2027-04-30 09:00",
                            "2027-05-31 09:00"]


def test_monthly_on_the_30th_takes_the_29th_of_february_in_a_leap_year():
    sends = rules.next_sends(R.MONTHLY, at("2028-01-30 18:30"), JAKARTA, at("2028-01-01 00:00"), count=3)
    assert local(sends) == ["2028-01-30 18:30", "2028-02-29 18:30", "2028-03-30 18:30"]


def test_monthly_calendars_cover_every_month_once():
    entries = rules.monthly_calendars(31, 9, 0, 0)
    months = [m for e in entries if e.years is None and e.days != (29,) for m in (e.months or ())]
    assert sorted(months) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # February has its own two entries
    february = [e for e in entries if e.months == (2,)]
    assert [e.days for e in february] == [(29,), (28,)] and february[1].years == rules.COMMON_YEARS
    assert rules.monthly_calendars(15, 9, 0, 0) == [rules.Calendar(hour=9, minute=0, days=(15,))]
    common = {y for start, end, step in rules.COMMON_YEARS for y in range(start, end + 1, step)}
    assert common == {y for y in range(2025, 2101) if y % 4 or y == 2100}  # the years February has 28 days


def test_daily_and_weekly_keep_the_wall_time_in_the_zone():
    first = at("2026-11-25 08:00")
    assert local(rules.next_sends(R.DAILY, first, JAKARTA, at("2026-11-27 09:00"), 3)) == [
        "2026-11-28 08:00", "2026-11-29 08:00", "2026-11-30 08:00"]
    weekly = rules.next_sends(R.WEEKLY, first, JAKARTA, at("2026-11-20 00:00"), 3)  # a Wednesday
    assert local(weekly) == ["2026-11-25 08:00", "2026-12-02 08:00", "2026-12-09 08:00"]
    assert rules.calendars(R.WEEKLY, first.astimezone(JAKARTA))[0].weekdays == (3,)  # Temporal: 0 is Sunday


def test_daily_across_a_daylight_saving_change_keeps_nine_o_clock():
    berlin = ZoneInfo("Europe/Berlin")
    sends = rules.next_sends(R.DAILY, at("2027-03-27 09:00", berlin), berlin, at("2027-03-27 00:00", berlin), 2)
    assert local(sends, berlin) == ["2027-03-27 09:00", "2027-03-28 09:00"]
    assert sends[1] - sends[0] == timedelta(hours=23)  # the clocks went forward that night


@pytest.mark.parametrize("repeat", [R.ONCE, R.ONCE_LATER])
def test_once_sends_once(repeat):
    first = at("2026-12-01 10:00")
    assert rules.next_sends(repeat, first, JAKARTA, at("2026-11-01 00:00")) == [first]
    assert rules.next_sends(repeat, first, JAKARTA, at("2026-12-02 00:00")) == []


def test_once_later_is_one_calendar_entry_in_its_year_and_once_has_none():
    entry = rules.calendars(R.ONCE_LATER, datetime(2026, 12, 1, 10, 0, tzinfo=JAKARTA))
    assert entry == [rules.Calendar(hour=10, minute=0, days=(1,), months=(12,), years=((2026, 2026, 1),))]
    assert rules.calendars(R.ONCE, datetime(2026, 12, 1, 10, 0, tzinfo=JAKARTA)) == []


def test_fire_ids_carry_the_nominal_time_as_temporal_schedules_write_it():
    fire = datetime(2026, 11, 25, 1, 0, tzinfo=UTC)
    assert flows.fire_workflow_id(7, fire) == "mail-7-2026-11-25T01:00:00Z"
    assert flows.fire_time_of("mail-7-2026-11-25T01:00:00Z") == fire
    assert flows.task_id_of("mail-7-2026-11-25T01:00:00Z") == 7
    assert rules.message_id(7, fire, "A@x.io") == rules.message_id(7, fire, "a@x.io")


@pytest.mark.parametrize(("raw", "expected"), [("ops@Example.COM", "ops@example.com"), (" a.b@x.io ", "a.b@x.io"),
                                               ("not-an-address", None), ("a@b", None), ("a@@x.io", None)])
def test_addresses_are_checked_without_a_network_lookup(raw, expected):
    assert rules.normalise_address(raw) == expected
