"""Pure rules of deployments (SPEC §3, §5, §9; docs/deployments.md): no clock, no database, no I/O."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.enums import DeployRunStatus, DeployTaskStatus
from domain.errors import DomainError, Invalid

# SPEC §5 and §9: "1 minute gap between deployments", "1 minute minimum gap".
GAP = timedelta(minutes=1)
# An unreviewed task expires (Spinnaker's manual judgment waits 72 hours by default).
REVIEW_WINDOW = timedelta(hours=72)
# SPEC §9: a deploy takes 15 to 20 minutes; a project may allow up to a day.
TIME_LIMIT_MAX_MINUTES = 24 * 60
PROJECT_CODE = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
PARAM_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
MAX_SERVERS = 200
MAX_PARAMS = 50
# Statuses a run no longer changes from.
FINISHED = frozenset({DeployRunStatus.SUCCEEDED, DeployRunStatus.FAILED, DeployRunStatus.CANCELLED,
                      DeployRunStatus.WITHDRAWN, DeployRunStatus.SUPERSEDED, DeployRunStatus.FROZEN})
# A run that did not deploy what it was asked to: failed, cancelled, withdrawn while it waited, or refused by a
# freeze; a retry queues the same version, servers and parameters again (a success or a superseded run is not).
RETRYABLE = frozenset({DeployRunStatus.FAILED, DeployRunStatus.CANCELLED, DeployRunStatus.WITHDRAWN,
                       DeployRunStatus.FROZEN})
# How many of a run's last log lines its detail shows (a failed run: why it failed, without opening the log).
LOG_TAIL_LINES = 20
# The fields of a task a review looks at; their change makes a new revision.
REVIEWED_FIELDS = ("name", "project_id", "version", "environment", "server_ips", "params", "description")


def task_name(value: str) -> str:
    """SPEC §5 deploy dialog: task name required; blanks alone are no name."""
    name = value.strip()
    if not name:
        raise Invalid(field="name", rule="required")
    return name


def server_ips(values: Iterable[str]) -> list[str]:
    """Each entry a valid IPv4 or IPv6 address, without duplicates, in the order given."""
    seen: list[str] = []
    for raw in values:
        try:
            address = str(ipaddress.ip_address(raw.strip()))
        except ValueError:
            raise Invalid(field="serverIps", rule="ip_address", value=raw) from None
        if address not in seen:
            seen.append(address)
    if not seen:
        raise Invalid(field="serverIps", rule="required")
    if len(seen) > MAX_SERVERS:
        raise Invalid(field="serverIps", rule="max_items", max=MAX_SERVERS)
    return seen


def params(values: dict[str, Any]) -> dict[str, str | int | float | bool]:
    """Parameters reach the deploy command as environment variables: names like shell variables, scalar
    values (SPEC §5: task params a number where labelled, so numbers stay numbers)."""
    if len(values) > MAX_PARAMS:
        raise Invalid(field="params", rule="max_items", max=MAX_PARAMS)
    clean: dict[str, str | int | float | bool] = {}
    for name, value in values.items():
        if not PARAM_NAME.match(name):
            raise Invalid(field="params", rule="param_name", name=name)
        if not isinstance(value, str | int | float | bool) or value is None:
            raise Invalid(field="params", rule="param_value", name=name)
        clean[name] = value
    return clean


def ensure_reviewable(status: DeployTaskStatus, authors: Collection[int], reviewer_id: int, deciding: bool) -> None:
    """A decision needs a task waiting for review and a reviewer who wrote none of it: not its author, nor the
    author of any of its revisions (an edit of someone else's task would otherwise let the editor approve their
    own change); a plain comment is open to anyone who may review."""
    if not deciding:
        return
    if reviewer_id in authors:
        raise DomainError("DEPLOY_SELF_REVIEW", status=409)
    if status != DeployTaskStatus.PENDING_REVIEW:
        raise DomainError("DEPLOY_NOT_PENDING_REVIEW", status=409, current=str(status))


def ensure_deployable(status: DeployTaskStatus) -> None:
    if status != DeployTaskStatus.APPROVED:
        raise DomainError("DEPLOY_NOT_APPROVED", status=409)


def log_tail(text: str, lines: int = LOG_TAIL_LINES) -> list[str]:
    """The last `lines` lines of a log's end, without the empty line after its last line break."""
    tail = text.replace("\r", "").split("\n")
    if tail and tail[-1] == "":
        tail.pop()
    return tail[-lines:]


def revision_diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed between two revisions of a task, field by field, in the order of REVIEWED_FIELDS."""
    return [{"field": key, "before": before.get(key), "after": after.get(key)}
            for key in REVIEWED_FIELDS if before.get(key) != after.get(key)]


@dataclass(frozen=True)
class Window:
    environment: str
    starts_at: datetime
    ends_at: datetime
    reason: str


def freeze_at(windows: Sequence[Window], environment: str, at: datetime) -> Window | None:
    """The freeze window covering the instant in the environment, if any (start inclusive, end exclusive)."""
    for window in windows:
        if window.environment == environment and window.starts_at <= at < window.ends_at:
            return window
    return None


def next_start(last_end: datetime | None, now: datetime, gap: timedelta = GAP) -> datetime:
    """The earliest instant the next run may start: the gap after the end of the last one."""
    if last_end is None:
        return now
    return max(now, last_end + gap)


@dataclass(frozen=True)
class PastRun:
    id: int
    version: str
    status: DeployRunStatus


def rollback_target(runs: Sequence[PastRun]) -> PastRun | None:
    """The previous good version: newest first, skip the version now in place (the latest success), and take
    the newest success of another version."""
    successes = [r for r in sorted(runs, key=lambda r: -r.id) if r.status == DeployRunStatus.SUCCEEDED]
    if not successes:
        return None
    current = successes[0].version
    return next((r for r in successes if r.version != current), None)
