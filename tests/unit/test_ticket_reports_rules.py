"""SPEC §4 ticket rates and SPEC §9 date presets and percentage helper."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from domain.rules.ticket_reports import percent, preset_range, rates

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 18, 15, 30, tzinfo=SH)  # a Wednesday


@pytest.mark.parametrize(("preset", "start", "end"), [
    ("TODAY", (2026, 11, 18), (2026, 11, 19)),
    ("YESTERDAY", (2026, 11, 17), (2026, 11, 18)),
    ("WEEK", (2026, 11, 16), (2026, 11, 23)),
    ("MONTH", (2026, 11, 1), (2026, 12, 1)),
    ("QUARTER", (2026, 10, 1), (2027, 1, 1)),
    ("YEAR", (2026, 1, 1), (2027, 1, 1)),
])
def test_date_presets(preset, start, end):
    """Date presets: yesterday, today, week, month, quarter, year (in the business time zone)."""
    assert preset_range(preset, NOW) == (datetime(*start, tzinfo=SH), datetime(*end, tzinfo=SH))


def test_rates():
    """Closed rate is closed over new; resolve rate is (confirming plus closed) over new; SLA rate is
    qualified over ticket count."""
    assert rates(created=8, confirming=2, closed=4, qualified=6) == {
        "closedRate": 50, "resolveRate": 75, "slaRate": 75}
    assert rates(created=0, confirming=0, closed=0, qualified=0) == {"closedRate": 0, "resolveRate": 0, "slaRate": 0}


@pytest.mark.parametrize(("part", "whole", "shown"), [(1, 3, 33), (2, 3, 67), (5, 4, 100), (0, 7, 0), (3, 0, 0)])
def test_percentage_rounds_to_whole_and_caps_at_100(part, whole, shown):
    assert percent(part, whole) == shown
