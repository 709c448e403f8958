"""Password policy and failed-login throttle windows (SPEC §5)."""

from datetime import UTC, datetime, timedelta

import pytest

from domain.rules.auth import ThrottleLimit, password_guessable, password_problem, retry_after


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


@pytest.mark.parametrize(("password", "username", "problem"), [
    ("Password1!", None, "password_common"),
    ("Qwerty123!", None, "password_common"),
    ("Omp-Test-2026!", None, None),
    ("Xmerchant-2026!", "merchant", "password_contains_username"),
    ("MERCHANT#2026x", "merchant", "password_contains_username"),
    ("Omp-Test-2026!", "merchant", None),
])
def test_common_passwords_and_the_username_are_refused(password, username, problem):
    assert password_problem(password) is None  # well formed: only guessability is wrong
    assert password_guessable(password, username) == problem


NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
FIVE_FREE = ThrottleLimit(5, timedelta(minutes=15), first_delay=timedelta(seconds=30), max_delay=timedelta(minutes=5))


def ago(*seconds: float) -> list[datetime]:
    return [NOW - timedelta(seconds=s) for s in seconds]


def test_the_free_failures_cost_nothing():
    assert retry_after(ago(1, 2, 3, 4), NOW, FIVE_FREE) is None


def test_past_the_free_failures_each_try_waits_after_the_last_failure():
    assert retry_after(ago(50, 40, 30, 20, 10), NOW, FIVE_FREE) == 20
    assert retry_after(ago(90, 80, 70, 60, 50), NOW, FIVE_FREE) is None  # the wait is over


def test_every_further_failure_doubles_the_wait_up_to_the_ceiling():
    assert retry_after(ago(60, 50, 40, 30, 20, 1), NOW, FIVE_FREE) == 59
    assert retry_after(ago(60, 50, 40, 30, 20, 10, 1), NOW, FIVE_FREE) == 119
    assert retry_after(ago(*range(20, 1, -1)), NOW, FIVE_FREE) == 5 * 60 - 2


def test_failures_outside_the_window_do_not_count():
    assert retry_after(ago(20 * 60, 16 * 60, 4, 3, 2), NOW, FIVE_FREE) is None
