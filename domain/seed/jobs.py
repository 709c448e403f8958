"""The console's own scheduled tasks, present in every installation: the reconcilers that start flows left
pending while Temporal was down (they were fixed schedules before), and the retention and sweep jobs.

A built-in task is added once, when no built-in task of its job exists; afterwards it is the operators' to
edit or pause (not delete: it would come back at the next start) (the worker puts its schedule as the row says)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, and_, case, select, tuple_
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import JobAlarm, JobMisfire, JobStatus
from domain.models.jobs import ScheduledJob
from domain.rules import jobs as rules
from domain.rules.jobs import SCHEDULE_SYNC_MINUTES

# name, job key, cron, zone, params
BUILT_IN: tuple[tuple[str, str, str, str, dict[str, Any]], ...] = (
    # Every five minutes keeps the reconcilers' runs from filling the Temporal Web UI's list (288 a day).
    ("Ticket flow reconciliation", "ticketFlows.reconcile", "*/5 * * * *", "UTC", {"olderThanSeconds": 30}),
    ("Notice release reconciliation", "notices.reconcile", "*/5 * * * *", "UTC", {"olderThanSeconds": 30}),
    ("Schedule reconciliation", "schedules.reconcile", f"*/{SCHEDULE_SYNC_MINUTES} * * * *", "UTC", {}),
    ("Plan expiry sweep", "plans.expireSweep", "10 * * * *", "UTC", {"limit": 500}),
    # The review deadline is a durable timer; this catches the tasks written while Temporal was down.
    ("Deploy review expiry sweep", "deployReviews.expireSweep", "*/15 * * * *", "UTC", {"limit": 500}),
    ("Lost flow sweep", "lostFlows.sweep", "*/10 * * * *", "UTC", {"withinHours": 24}),
    ("Operation log retention", "operationLog.purge", "30 3 * * *", "Asia/Jakarta", {"keepDays": 365}),
    ("Task record retention", "taskRecords.purge", "45 3 * * *", "Asia/Jakarta", {"keepDays": 30}),
    # SPEC §9: order statistics every 60 minutes, a few minutes past the hour so the hour's late writes are in
    ("Order statistics rollup", "orderStats.rollup", "5 * * * *", "UTC", {}),
    ("Order tab count fold", "orderCounts.fold", "*/3 * * * *", "UTC", {}),
    # the next months' partitions exist long before an order of theirs arrives (else it lands in DEFAULT)
    ("Order partitions ahead", "orderPartitions.addAhead", "20 0 1 * *", "UTC", {"monthsAhead": 3}),
    # every minute: an order settings' delay before accepting is in minutes
    ("Order auto-processing", "orders.autoProcess", "* * * * *", "UTC", {"limit": 2000}),
)


def under_builtin_name(name: Any) -> ColumnElement[bool]:
    """Whether a built-in task's `name` (its own, or the one a record of it ran under) is the name it was created
    with, its job's English label: such a name is shown as the job's label in the reader's language; a name an
    operator gave it instead is shown as given."""
    named = [(*key.split(".", 1), built) for built, key, *_ in BUILT_IN]
    return and_(ScheduledJob.builtin, tuple_(ScheduledJob.handler, ScheduledJob.method, name).in_(named))


def job_key_under_builtin_name(name: Any) -> ColumnElement[str | None]:
    """`handler.method` (the JobKey the web names in the reader's language) while `under_builtin_name`, else null."""
    return case((under_builtin_name(name), ScheduledJob.handler + "." + ScheduledJob.method), else_=None)


async def sync(db: AsyncSession) -> None:
    present = {(h, m) for h, m in (await db.execute(
        select(ScheduledJob.handler, ScheduledJob.method).where(ScheduledJob.builtin))).all()}
    for name, key, cron, zone, params in BUILT_IN:
        handler, method = key.split(".")
        if (handler, method) in present:
            continue
        job = rules.job_of(handler, method)
        await db.execute(pg_insert(ScheduledJob).values(
            name=name, handler=handler, method=method, cron=rules.check_cron(cron), time_zone=zone,
            params=rules.check_params(job, params), emails=[], builtin=True, pause_after_failures=0, retries=0,
            misfire=JobMisfire.SKIP_MISSED, status=JobStatus.RUNNING, consecutive_failures=0, alarm=JobAlarm.OK,
        ).on_conflict_do_nothing(constraint="uq_scheduled_jobs_name"))


async def create_demo(db: AsyncSession) -> None:
    """A task of the demo data beside the built-in ones: a health ping whose records fill the task log."""
    db.add(ScheduledJob(name="Console health ping", handler="console", method="ping", cron="*/10 * * * *",
                        time_zone="Asia/Jakarta", params={"note": "demo"}, emails=["ops@example.com"],
                        pause_after_failures=3))
    await db.flush()
