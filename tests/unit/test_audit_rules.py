"""Audit rules: the 92-day range (SPEC §5), masking, truncation, caller location, action-mapping URLs."""

from datetime import UTC, datetime, timedelta

import pytest

from domain.rules.audit import (
    describe_body,
    location_of,
    mask,
    range_problem,
    truncate,
    url_pattern_matches,
)

START = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(("days", "problem"), [
    (0, None), (92, None), (92.0001, "range_92_days"), (200, "range_92_days"), (-1, "range_order")])
def test_audit_range_cannot_exceed_92_days(days, problem):
    """SPEC §5: audit date ranges cannot exceed 92 days."""
    assert range_problem(START, START + timedelta(days=days)) == problem


def test_secrets_are_masked_at_any_depth_whatever_their_spelling():
    body = {"username": "ana", "password": "p", "nested": [{"secret_key": "s", "Old-Password": "o"}],
            "newPassword": "n", "repeatPassword": "r", "token": "t", "emptyToken": "", "note": "password"}
    assert mask(body) == {"username": "ana", "password": "******",
                          "nested": [{"secret_key": "******", "Old-Password": "******"}],
                          "newPassword": "******", "repeatPassword": "******", "token": "******",
                          "emptyToken": "", "note": "password"}


def test_bodies_are_truncated_and_unreadable_json_is_not_kept():
    assert truncate("x" * 10, 4) == "xxxx... (6 more characters)"
    assert describe_body(b'{"password": "abc"', "application/json") == "<application/json, 18 bytes>"
    assert describe_body(b"PK\x03\x04...", "application/vnd.ms-excel") == "<application/vnd.ms-excel, 7 bytes>"
    assert describe_body(b"", "application/json") is None


@pytest.mark.parametrize(("ip", "where"), [("10.1.2.3", "LOCAL_NETWORK"), ("192.168.0.9", "LOCAL_NETWORK"),
                                           ("127.0.0.1", "LOCAL_NETWORK"), ("::1", "LOCAL_NETWORK"),
                                           ("8.8.8.8", "INTERNET"), ("garbage", None), (None, None)])
def test_location_without_a_geo_service(ip, where):
    assert location_of(ip) == where


@pytest.mark.parametrize(("pattern", "url", "matches"), [
    ("/cms/user/add", "/cms/user/add", True),
    ("/cms/user/add", "/cms/user/addx", False),
    ("/cms/courier/delete/{id}", "/cms/courier/delete/12", True),
    ("/cms/courier/delete/{id}", "/cms/courier/delete/12/x", False),
    ("/cms/data-authority/*", "/cms/data-authority/role/save", True),
    ("/cms/a.b", "/cms/aXb", False),
])
def test_action_mapping_url_patterns(pattern, url, matches):
    assert url_pattern_matches(pattern, url) is matches
