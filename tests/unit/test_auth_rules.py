"""Password policy and failed-login throttle windows (SPEC §5)."""

from datetime import UTC, datetime, timedelta

import pytest

from domain.rules.auth import ThrottleLimit, password_problem, retry_after


@pytest.mark.parametrize(("password", "problem"), [
    ("Abcdef12!x", None),  # 10: the shortest allowed
    ("Abcdef12!", "password_length"),  # 9
    ("A1!" + "b" * 23, None),  # 26: the longest allowed
    ("A1!" + "b" * 24, "password_length"),  # 27
    ("abcdefghijkl", "password_mix"),  # letters only
    ("abcdefgh1234", "password_mix"),  # no symbol
    ("!!!!@@@@1234", "password_mix"),  # no letter
    ("abcd!efgh@ij", "password_mix"),  # no digit
    ("Abcd 1234!xy", "password_chars"),  # a space
    ("密码密码密码1234!!", "password_mix"),  # letters must be Latin
])
def test_password_policy(password, problem):
    """SPEC §5 newer rule: 10 to 26 characters with letters, digits and symbols."""
    assert password_problem(password) == problem


NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
FIVE_IN_15 = ThrottleLimit(5, timedelta(minutes=15))


def ago(*minutes: float) -> list[datetime]:
    return [NOW - timedelta(minutes=m) for m in minutes]


def test_under_the_limit_is_allowed():
    assert retry_after(ago(1, 2, 3, 4), NOW, FIVE_IN_15) is None


def test_the_fifth_failure_locks_until_the_oldest_leaves_the_window():
    assert retry_after(ago(10, 4, 3, 2, 1), NOW, FIVE_IN_15) == 5 * 60


def test_failures_outside_the_window_do_not_count():
    assert retry_after(ago(20, 16, 4, 3, 2), NOW, FIVE_IN_15) is None


def test_more_failures_than_the_limit_wait_for_enough_to_age_out():
    # seven failures: the try is allowed once only four remain, i.e. when the third oldest ages out
    assert retry_after(ago(14, 12, 10, 3, 2, 1, 0.5), NOW, FIVE_IN_15) == 5 * 60


def test_a_lock_is_never_reported_as_zero_seconds():
    assert retry_after(ago(14.9999, 4, 3, 2, 1), NOW, FIVE_IN_15) == 1
