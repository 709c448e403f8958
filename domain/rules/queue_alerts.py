"""Queue alerts (SPEC §2 /system/task/alter-mq): when a Temporal task queue's backlog breaches a rule, and what
the check does about the rule's alert. Pure: the reading comes from DescribeTaskQueue, the state from the row."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class Reading:
    """What the server reports for one queue: approximate backlog count and the age of its oldest task."""

    backlog: int
    age_seconds: float


@dataclass(frozen=True)
class Thresholds:
    max_backlog: int | None
    max_age_seconds: int | None


class Step(StrEnum):
    OPEN = "OPEN"  # breached and no alert open: open one and mail
    KEEP = "KEEP"  # breached and an alert is open: nothing new (one open alert per queue and rule)
    RECOVER = "RECOVER"  # back under with an alert open: close it and mail "recovered"
    QUIET = "QUIET"  # under and nothing open


def breaches(limits: Thresholds, reading: Reading) -> list[str]:
    """The thresholds the reading is over (strictly): `backlog`, `age`."""
    found = []
    if limits.max_backlog is not None and reading.backlog > limits.max_backlog:
        found.append("backlog")
    if limits.max_age_seconds is not None and reading.age_seconds > limits.max_age_seconds:
        found.append("age")
    return found


def step(limits: Thresholds, reading: Reading, alert_open: bool) -> Step:
    if breaches(limits, reading):
        return Step.KEEP if alert_open else Step.OPEN
    return Step.RECOVER if alert_open else Step.QUIET
