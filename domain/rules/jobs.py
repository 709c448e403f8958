"""Scheduled tasks (SPEC §3 scheduled task and task record, §4 task result, §5 task params): the catalogue of the
console's own jobs with their parameter schemas, the cron rule, and what a finished run means for the task.

The handler and method of a task are a key into JOBS, never a name resolved by reflection: a task can only run
what this file lists, with parameters its schema accepts (activities/job_code.py holds the code of each key).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from croniter import croniter

from domain.enums import JobAlarm, JobPauseReason, JobStatus
from domain.errors import Invalid, Problem
from domain.rules import outbound
from domain.rules.inputs import Problems


@dataclass(frozen=True)
class Param:
    """One parameter of a job. `number` is SPEC §5's 'a number where labelled': anything else is refused."""

    name: str
    kind: str  # number | text | boolean | url (an http(s) URL the console calls: domain/rules/outbound.py)
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    required: bool = True


@dataclass(frozen=True)
class Job:
    handler: str
    method: str
    params: tuple[Param, ...] = field(default_factory=tuple)
    # done in seconds: run inside the run's one workflow task, beside its record's writes, rather than as an
    # activity task of its own (docs/decisions/job-run-one-task.md)
    short: bool = False

    @property
    def key(self) -> str:
        return f"{self.handler}.{self.method}"


OLDER_THAN = Param("olderThanSeconds", "number", 30, 5, 3600)
# How often the built-in "Schedule reconciliation" brings every schedule to its row (domain/seed/jobs.py): the
# longest a schedule stays behind a save that found Temporal down (docs/decisions/schedules-follow-rows.md).
SCHEDULE_SYNC_MINUTES = 10
JOBS: dict[str, Job] = {j.key: j for j in (
    Job("ticketFlows", "reconcile", (OLDER_THAN,)),
    Job("notices", "reconcile", (OLDER_THAN,)),
    Job("schedules", "reconcile"),
    Job("operationLog", "purge", (Param("keepDays", "number", 365, 30, 3650),)),
    Job("taskRecords", "purge", (Param("keepDays", "number", 30, 1, 3650),)),
    Job("plans", "expireSweep", (Param("limit", "number", 500, 1, 5000),)),
    Job("deployReviews", "expireSweep", (Param("limit", "number", 500, 1, 5000),)),
    # records of flows ended from outside (terminated in the Temporal Web UI) closed: services/lost_flows.py
    Job("lostFlows", "sweep", (Param("withinHours", "number", 24, 1, 168),)),
    Job("console", "ping", (Param("note", "text", "", required=False),), short=True),
    Job("http", "probe", (Param("url", "url"), Param("timeoutSeconds", "number", 10, 1, 60)), short=True),
    # SPEC §9 order statistics every 60 minutes: the previous complete UTC hour and the current partial one
    Job("orderStats", "rollup"),
    Job("orderCounts", "fold"),  # the order and WMS order tab counts' pending deltas folded in (0044, 0059)
    Job("orderPartitions", "addAhead", (Param("monthsAhead", "number", 3, 1, 24),)),
    # the order settings' auto accept and unpaid cancel (services/orders/auto.py), at most `limit` orders a run
    Job("orders", "autoProcess", (Param("limit", "number", 2000, 1, 20000),)),
)}


def job_of(handler: str, method: str) -> Job:
    found = JOBS.get(f"{handler}.{method}")
    if found is None:
        if not any(j.handler == handler for j in JOBS.values()):
            raise Invalid("handler", "job_handler", value=handler)
        raise Invalid("method", "job_method", value=method)
    return found


def check_params(job: Job, given: dict[str, Any] | None, *, partial: bool = False) -> dict[str, Any]:
    """The parameters a run gets: each checked against the job's schema, defaults filled in (not for a run-now
    override, which changes only what it names). Errors name `params.<name>` and the rule."""
    given = dict(given or {})
    known = {p.name: p for p in job.params}
    problems = Problems()
    for name in given:
        if name not in known:
            problems.add(f"params.{name}", "param_unknown", name=name)
    out: dict[str, Any] = {}
    for p in job.params:
        value = given.get(p.name)
        if value is None or value == "":
            if partial:
                continue
            if p.required and p.default is None:
                problems.add(f"params.{p.name}", "required")
            out[p.name] = p.default
            continue
        out[p.name] = problems.check(_checked, p, value)
    problems.raise_any()
    return out


def _checked(p: Param, value: Any) -> Any:
    field_name = f"params.{p.name}"
    if p.kind == "number":
        if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
            raise Invalid(field_name, "param_number", name=p.name)
        value = int(value)
        if (p.minimum is not None and value < p.minimum) or (p.maximum is not None and value > p.maximum):
            raise Invalid(field_name, "param_range", name=p.name, min=p.minimum, max=p.maximum)
        return value
    if p.kind == "boolean":
        if not isinstance(value, bool):
            raise Invalid(field_name, "param_boolean", name=p.name)
        return value
    if not isinstance(value, str) or len(value) > 500:
        raise Invalid(field_name, "param_text", name=p.name)
    if p.kind == "url":
        outbound.target_host(value, field_name)  # the form here; where it leads: domain/outbound.py
    return value.strip() if p.kind == "url" else value


def task_problems(values: Mapping[str, Any]) -> list[Problem]:
    """Every rule a task's form breaks in the fields it gave (by attribute name): the handler and method name a
    job of the catalogue, the cron is one Temporal and the preview read alike, the parameters fit the job's schema.
    The task schemas declare them (api/schemas/jobs.py); the save checks the saved row the same way."""
    problems = Problems()
    handler, method = values.get("handler"), values.get("method")
    job = problems.check(job_of, handler, method) if handler is not None and method is not None else None
    if values.get("cron") is not None:
        problems.check(check_cron, values["cron"])
    if job is not None and values.get("params") is not None:
        problems.check(check_params, job, values["params"])
    return problems.items


BACKFILL_MAX_DAYS = 7  # a window longer than a week is more likely a mistake than a missed night


def window_problems(start_at: datetime | None, end_at: datetime | None) -> list[Problem]:
    """A backfill's window: its end after its start (any task's, the order statistics rollup's included)."""
    if start_at is not None and end_at is not None and end_at <= start_at:
        return [Problem("endAt", "end_after_start")]
    return []


def backfill_problems(start_at: datetime, end_at: datetime, now: datetime) -> list[Problem]:
    """Every rule a task's backfill window breaks: in order, not ending in the future, shorter than a week."""
    found = window_problems(start_at, end_at)
    if end_at > now:
        found.append(Problem("endAt", "le", {"le": now.replace(microsecond=0).isoformat()}))
    if end_at - start_at >= timedelta(days=BACKFILL_MAX_DAYS):
        found.append(Problem("startAt", "backfill_window", {"days": BACKFILL_MAX_DAYS}))
    return found


# ---- cron -------------------------------------------------------------------------------------------------------

# Five fields of numbers, `*`, ranges, lists and steps: the syntax croniter and Temporal read alike (no seconds or
# years, no names, no L/W/#, whose support differs between them), so what the form checks is what Temporal runs.
CRON_FIELD = re.compile(r"^(\*|\d+(-\d+)?)(/\d+)?(,(\*|\d+(-\d+)?)(/\d+)?)*$")
CRON_NAMES = ("minute", "hour", "dayOfMonth", "month", "dayOfWeek")


def check_cron(expression: str) -> str:
    """The expression with single spaces, or Invalid naming `cron` and the rule."""
    parts = expression.split()
    if len(parts) != 5:
        raise Invalid("cron", "cron_fields", count=len(parts))
    for name, part in zip(CRON_NAMES, parts, strict=True):
        if not CRON_FIELD.match(part) or any(int(a) > int(b) for a, b in re.findall(r"(\d+)-(\d+)", part)):
            raise Invalid("cron", "cron_value", part=name, value=part)
    normal = " ".join(parts)
    if not croniter.is_valid(normal):
        raise Invalid("cron", "cron_range", value=normal)
    if parts[2] != "*" and parts[4] != "*":
        # Unix cron runs on either day, Temporal only on both: refused rather than shown one way and run the other
        raise Invalid("cron", "cron_days")
    return normal


def fires_after(expression: str, start: datetime, count: int) -> list[datetime]:
    """The next `count` fires after `start` (aware, in the task's zone): for checks and the benchmark; what the
    console shows comes from Temporal's own description of the schedule."""
    it = croniter(expression, start)
    return [it.get_next(datetime) for _ in range(count)]


# ---- what a finished run means ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    failures: int  # failures in a row after this run
    pause: bool  # the task pauses itself now
    alarm: JobAlarm  # the alarm state after this run
    opened: bool  # the alarm starts now: the first failure mail
    closed: bool  # the alarm ends now: the recovered mail


def verdict(succeeded: bool, failures: int, alarm: JobAlarm, status: JobStatus, pause_after: int) -> Verdict:
    """SPEC §3 pause-after-failure: `pause_after` failures in a row pause the task (0: never). The alarm opens on
    the first failure and closes on the next success, whatever happened between."""
    if succeeded:
        return Verdict(0, False, JobAlarm.OK, False, alarm == JobAlarm.FAILING)
    failures += 1
    pause = status == JobStatus.RUNNING and pause_after > 0 and failures >= pause_after
    return Verdict(failures, pause, JobAlarm.FAILING, alarm == JobAlarm.OK, False)


def pause_note(reason: JobPauseReason, who: str, text: str) -> str:
    """The note the Temporal schedule carries, so the Web UI says who paused it and why."""
    return f"{reason.value} by {who}: {text}"[:200]
