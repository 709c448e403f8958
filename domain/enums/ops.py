"""Scheduled jobs, application heartbeats and task-queue alerts."""

from __future__ import annotations

from enum import StrEnum


class JobStatus(StrEnum):
    """A scheduled task runs on its cron, or is paused (by a person, or by itself after failures)."""

    RUNNING = "RUNNING"
    PAUSED = "PAUSED"


class JobPauseReason(StrEnum):
    MANUAL = "MANUAL"
    FAILURES = "FAILURES"  # N failures in a row (the task's pause-after-failure)


class JobMisfire(StrEnum):
    """What a fire missed while the console was down does when it comes back (plain names, not Quartz's)."""

    SKIP_MISSED = "SKIP_MISSED"
    FIRE_ONCE_NOW = "FIRE_ONCE_NOW"
    FIRE_ALL_MISSED = "FIRE_ALL_MISSED"


class JobResult(StrEnum):
    """SPEC §4 task result: processing, succeeded, failed."""

    PROCESSING = "PROCESSING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


class JobRecordResult(StrEnum):
    """A task record's result: SPEC §4's three, and a fire that found a run of its task still running
    (docs/decisions/job-overlap-in-console.md)."""

    PROCESSING = "PROCESSING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    SKIPPED = "SKIPPED"


class JobTrigger(StrEnum):
    SCHEDULE = "SCHEDULE"  # the cron (or a backfill of a missed window)
    MANUAL = "MANUAL"  # run now


class JobAlarm(StrEnum):
    """The alarm state of a task: it mails once when it starts failing, reminds, and mails when it recovers."""

    OK = "OK"
    FAILING = "FAILING"


class JobKey(StrEnum):
    """The jobs of the console's catalogue (domain/rules/jobs.py JOBS), as `handler.method`: a task's job, shown
    by its label in the reader's language (a built-in task is named by its job's English label)."""

    TICKET_FLOWS_RECONCILE = "ticketFlows.reconcile"
    NOTICES_RECONCILE = "notices.reconcile"
    SCHEDULES_RECONCILE = "schedules.reconcile"
    OPERATION_LOG_PURGE = "operationLog.purge"
    TASK_RECORDS_PURGE = "taskRecords.purge"
    PLANS_EXPIRE_SWEEP = "plans.expireSweep"
    DEPLOY_REVIEWS_EXPIRE_SWEEP = "deployReviews.expireSweep"
    LOST_FLOWS_SWEEP = "lostFlows.sweep"
    CONSOLE_PING = "console.ping"
    HTTP_PROBE = "http.probe"
    ORDER_STATS_ROLLUP = "orderStats.rollup"
    ORDER_COUNTS_FOLD = "orderCounts.fold"
    ORDER_PARTITIONS_ADD = "orderPartitions.addAhead"
    ORDERS_AUTO_PROCESS = "orders.autoProcess"


class AppKind(StrEnum):
    """What kind of console process sends heartbeats (docs/operations-tools.md)."""

    API = "API"
    WORKER = "WORKER"


class HeartbeatStatus(StrEnum):
    """ALIVE while beats arrive; DEAD after 3 missed intervals (counted by PostgreSQL's clock)."""

    ALIVE = "ALIVE"
    DEAD = "DEAD"


class QueueKind(StrEnum):
    """Which tasks of a Temporal task queue a queue alert watches."""

    WORKFLOW = "WORKFLOW"
    ACTIVITY = "ACTIVITY"


class QueueAlertStatus(StrEnum):
    """An alert is OPEN while its queue is over the rule's thresholds, RECOVERED once back under."""

    OPEN = "OPEN"
    RECOVERED = "RECOVERED"
