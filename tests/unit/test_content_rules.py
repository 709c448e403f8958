"""SPEC §4 tip and notice: PUBLISHED, TO_BE_RELEASED, EXPIRED; §5 tips and notices; §9 notice text 300."""

from datetime import UTC, datetime, timedelta

import pytest

from domain.rules import notices, tips

T0 = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
H = timedelta(hours=1)


@pytest.mark.parametrize(("now", "expected"), [
    (T0 - H, "TO_BE_RELEASED"), (T0, "PUBLISHED"), (T0 + H, "PUBLISHED"), (T0 + 2 * H, "EXPIRED"),
    (T0 + 3 * H, "EXPIRED"),
])
def test_notice_release_status_follows_release_and_end(now, expected):
    """SPEC §4 Tip and notice: PUBLISHED, TO_BE_RELEASED, EXPIRED."""
    assert notices.release_status(T0, T0 + 2 * H, now) == expected


def test_the_flow_steps_are_release_then_expiry():
    assert notices.steps(T0, T0 + H) == [(T0, "PUBLISHED"), (T0 + H, "EXPIRED")]


@pytest.mark.parametrize(("start", "end", "release", "wrong"), [
    (T0, T0 + H, T0, None), (T0, T0, T0 - H, None), (T0 + H, T0, T0 - H, "endAt"), (T0, T0 + H, T0 + H, "releaseAt"),
])
def test_notice_times_in_order(start, end, release, wrong):
    assert notices.times_problem(start, end, release) == wrong


def test_notice_text_300_counts_what_the_reader_sees():
    """SPEC §9: Notice text 300."""
    assert not notices.text_too_long(f'<p><a href="https://x.example/a">{"a" * 300}</a></p>')
    assert notices.text_too_long("a" * 301)
    assert not notices.text_too_long("&amp;" * 300)  # an entity is one character to the reader


@pytest.mark.parametrize(("now", "expected"), [
    (T0 - H, "TO_BE_RELEASED"), (T0, "PUBLISHED"), (T0 + H, "PUBLISHED"), (T0 + H + timedelta(seconds=1), "EXPIRED"),
])
def test_tip_status_from_start_to_end_included(now, expected):
    assert tips.status(T0, T0 + H, now) == expected


@pytest.mark.parametrize(("html", "bad"), [
    ('<a href="http://help.example.com">help</a>', None),
    ('<a href="{host}/order/list">orders</a>', None),
    ('<a href="https://help.example.com">help</a>', None),
    ('no links at all', None),
    ('<a href="ftp://x">file</a>', "ftp://x"),
    ('<a href="/order/list">orders</a>', "/order/list"),
    ('<a href="http://x.example"></a>', "http://x.example"),
    ('<a href="javascript:alert(1)">x</a>', "javascript:alert(1)"),
    ('<a href="{host}@evil.example/x">orders</a>', "{host}@evil.example/x"),  # the host read as a user name
    ('<a href="{host}.evil.example">orders</a>', "{host}.evil.example"),
])
def test_tip_links_are_text_plus_http_or_host(html, bad):
    """SPEC §5: content links written as text plus a URL starting with http:// or {host}."""
    assert tips.bad_link(html) == bad
