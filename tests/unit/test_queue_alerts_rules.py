"""Queue alerts (issue: per task queue a threshold on backlog count and age; alerts deduplicate and recover)."""

import pytest

from domain.rules.queue_alerts import Reading, Step, Thresholds, breaches, step

BOTH = Thresholds(max_backlog=10, max_age_seconds=60)


@pytest.mark.parametrize(("reading", "expected"), [
    (Reading(10, 60), []),  # at the threshold is not over it
    (Reading(11, 0), ["backlog"]),
    (Reading(0, 61), ["age"]),
    (Reading(11, 61), ["backlog", "age"]),
])
def test_a_queue_breaches_only_what_it_is_over(reading, expected):
    assert breaches(BOTH, reading) == expected


def test_a_threshold_left_out_is_never_breached():
    assert breaches(Thresholds(None, 5), Reading(1_000_000, 1)) == []
    assert breaches(Thresholds(3, None), Reading(0, 1e9)) == []


@pytest.mark.parametrize(("reading", "alert_open", "expected"), [
    (Reading(11, 0), False, Step.OPEN),
    (Reading(11, 0), True, Step.KEEP),  # one open alert per queue and rule: not repeated
    (Reading(0, 0), True, Step.RECOVER),
    (Reading(0, 0), False, Step.QUIET),
])
def test_the_check_opens_once_keeps_and_recovers(reading, alert_open, expected):
    assert step(BOTH, reading, alert_open) == expected
