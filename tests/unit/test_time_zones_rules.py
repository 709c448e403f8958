"""The one way a server writes a time for people: in their zone, labelled with that instant's offset."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from domain.rules.time_zones import format_if_instant, format_instant, is_time_zone, offset_label, zone_or_default

NOON_UTC = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("zone", "shown"), [
    ("Asia/Jakarta", "2026-11-24 19:00:00 GMT+07:00"),
    ("Asia/Kolkata", "2026-11-24 17:30:00 GMT+05:30"),
    ("America/New_York", "2026-11-24 07:00:00 GMT-05:00"),
    ("Pacific/Auckland", "2026-11-25 01:00:00 GMT+13:00"),  # the next day, in summer time
    ("UTC", "2026-11-24 12:00:00 GMT+00:00"),
])
def test_an_instant_is_written_in_the_zone_with_its_offset(zone, shown):
    assert format_instant(NOON_UTC, ZoneInfo(zone)) == shown


def test_the_label_follows_summer_time():
    berlin = ZoneInfo("Europe/Berlin")
    assert format_instant(datetime(2026, 7, 1, 12, tzinfo=UTC), berlin).endswith("GMT+02:00")
    assert format_instant(datetime(2026, 1, 1, 12, tzinfo=UTC), berlin).endswith("GMT+01:00")


def test_a_naive_value_is_taken_as_utc():
    assert format_instant(datetime(2026, 11, 24, 12), ZoneInfo("Asia/Jakarta")) == "2026-11-24 19:00:00 GMT+07:00"


def test_zone_names_are_checked_against_the_zone_database():
    assert is_time_zone("Asia/Jakarta") and is_time_zone("UTC")
    assert not is_time_zone("Asia/Atlantis") and not is_time_zone("GMT+7 please") and not is_time_zone("")
    assert zone_or_default(None) == ZoneInfo("Asia/Shanghai") == zone_or_default("Nowhere/Land")
    assert offset_label(None) == "GMT+00:00"


def test_only_an_aware_iso_instant_in_a_message_is_rewritten():
    jakarta = ZoneInfo("Asia/Jakarta")
    assert format_if_instant("2026-11-24T12:00:00+00:00", jakarta) == "2026-11-24 19:00:00 GMT+07:00"
    assert format_if_instant("2026-11-22 10:00 UTC", jakarta) == "2026-11-22 10:00 UTC"  # written before zones
    assert format_if_instant("2026-11-24", jakarta) == "2026-11-24"
    assert format_if_instant("Orders stuck", jakarta) == "Orders stuck"
