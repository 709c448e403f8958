"""SPEC §9 ticket SLA table, work time, close limit and elapsed-time display."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from domain.enums import TicketAction
from domain.rules.calendar import BusinessCalendar, from_holidays_package
from domain.rules.tickets import (
    CLOSE_LIMIT,
    elapsed_display,
    offered,
    priority_preview,
    sla_limits,
    sla_priority,
    within_limit,
)

SHANGHAI = ZoneInfo("Asia/Shanghai")
CAL = BusinessCalendar(time_zone=SHANGHAI, holidays=frozenset({date(2021, 10, 1)}),
                       make_up_days=frozenset({date(2021, 9, 26)}))


def at(y, m, d, hh, mm=0):
    return datetime(y, m, d, hh, mm, tzinfo=SHANGHAI)


@pytest.mark.parametrize(("priority", "created", "first", "resolve"), [
    # | Priority | First response, work | First response, non-work | Resolve |
    ("P0", at(2021, 9, 28, 11), 15, 120),     # | P0 | 15 | 30 | 120 |, Tuesday 11:00 is work time
    ("P0", at(2021, 9, 28, 20), 30, 120),     # after 19:00 is non-work
    ("P1", at(2021, 9, 28, 10), 30, 360),     # | P1 | 30 | 60 | 360 |, 10:00 is work time
    ("P1", at(2021, 9, 28, 9, 59), 60, 360),  # before 10:00 is non-work
    ("P2", at(2021, 9, 28, 18, 59), 60, 720),  # | P2 | 60 | 1020 | 720 |
    ("P2", at(2021, 9, 28, 19), 1020, 720),   # 19:00 is already outside work hours
    ("P3", at(2021, 9, 28, 12), 120, 2880),   # | P3 and default | 120 | 1020 | 2880 |
    ("P3", at(2021, 10, 2, 12), 1020, 2880),  # a Saturday is non-work
    ("P1", at(2021, 10, 1, 12), 60, 360),     # a listed holiday (a Friday) is non-work
    ("P1", at(2021, 9, 26, 12), 30, 360),     # a make-up working Sunday is work time
])
def test_sla_table(priority, created, first, resolve):
    limits = sla_limits(priority, created, CAL)
    assert limits.first_response == timedelta(minutes=first)
    assert limits.resolve == timedelta(minutes=resolve)


@pytest.mark.parametrize(("written", "means"), [
    ("P0", "P0"), ("PO", "P0"), ("po", "P0"), ("P1", "P1"), ("P2", "P2"), ("P3", "P3"),
    ("P4", "P3"), ("", "P3"), (None, "P3"), ("urgent", "P3"),
])
def test_priority_codes(written, means):
    """P0 (written PO), P1, P2, P3; any other value is treated as P3."""
    assert sla_priority(written) == means


def test_work_time_is_judged_in_the_business_time_zone():
    # 02:30 UTC is 10:30 in Shanghai on a Tuesday: work time
    assert CAL.is_work_time(datetime(2021, 9, 28, 2, 30, tzinfo=UTC))
    assert not CAL.is_work_time(datetime(2021, 9, 28, 12, 0, tzinfo=UTC))  # 20:00 local


def test_the_check_passes_within_the_limit_inclusive():
    assert within_limit(timedelta(minutes=15), timedelta(minutes=15))
    assert not within_limit(timedelta(minutes=15, seconds=1), timedelta(minutes=15))


def test_close_limit_is_three_days():
    assert timedelta(minutes=4320) == CLOSE_LIMIT == timedelta(days=3)


@pytest.mark.parametrize(("minutes", "shown"), [
    (0, (0, "minutes")), (300, (300, "minutes")), (301, (5, "hours")), (4319, (71, "hours")),
    (4320, (3, "days")), (10000, (6, "days")),
])
def test_elapsed_display(minutes, shown):
    """Up to 300 minutes as minutes, under 4320 as hours, otherwise days."""
    assert elapsed_display(timedelta(minutes=minutes)) == shown


def test_calendar_from_the_holidays_package_knows_make_up_days():
    cal = from_holidays_package("CN", [2026])
    assert not cal.is_working_day(date(2026, 10, 1))  # National Day
    assert cal.is_working_day(date(2026, 10, 10))  # a Saturday worked to make up for it
    assert not cal.is_working_day(date(2026, 10, 11))  # an ordinary Sunday


# ---- a priority change previewed (the change-priority dialog) and what the detail page offers -------

STARTED = datetime(2021, 9, 28, 11, tzinfo=SHANGHAI)  # work time


def preview(level, minutes_later, first_running=True, resolve_running=True):
    return priority_preview(level, STARTED, True, STARTED + timedelta(minutes=minutes_later),
                            first_response_running=first_running, resolve_running=resolve_running)


def test_a_priority_preview_gives_the_deadlines_from_the_same_start():
    """SPEC §9: the limits of the new priority, counted from when the clock started."""
    seen = preview("P0", 5)
    assert (seen.first_response_due, seen.resolve_due) == (STARTED + timedelta(minutes=15),
                                                           STARTED + timedelta(minutes=120))
    assert seen.breaches_now == ()


@pytest.mark.parametrize(("minutes_later", "first_running", "resolve_running", "breaches"), [
    (40, True, True, ("FIRST_RESPONSE",)),  # P0's 15 minutes are behind us: breached the moment it is applied
    (40, False, True, ()),  # responded already: that clock has stopped
    (15, True, True, ("FIRST_RESPONSE",)),  # the deadline itself is past once it is reached
    (14, True, True, ()),
    (130, True, True, ("FIRST_RESPONSE", "RESOLVE")),
    (130, False, False, ()),  # both clocks met (or breached before): nothing new breaches
])
def test_a_priority_preview_warns_of_the_clocks_it_breaches_at_once(minutes_later, first_running,
                                                                   resolve_running, breaches):
    assert preview("P0", minutes_later, first_running, resolve_running).breaches_now == breaches


@pytest.mark.parametrize(("action", "assignee", "watching", "shown"), [
    (TicketAction.CLAIM, 7, False, False),  # the assignee is not offered to claim what they hold
    (TicketAction.CLAIM, 8, False, True),
    (TicketAction.CLAIM, None, False, True),
    (TicketAction.WATCH, None, True, False),
    (TicketAction.UNWATCH, None, False, False),
    (TicketAction.ASSIGN, 7, False, True),
])
def test_what_the_detail_page_offers(action, assignee, watching, shown):
    assert offered(action, actor_id=7, assignee_id=assignee, watching=watching) is shown
