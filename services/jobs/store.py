"""What the scheduled task flows write (workflows/jobs.py): the task record of each run, the task's failure
count and alarm state, its self-pause, and the alarm mails. Every function is safe to run again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.db import transaction
from domain.enums import JobPauseReason, JobRecordResult, JobStatus
from domain.flows import jobs as m
from domain.i18n import t
from domain.models.jobs import JobAlarmMail, JobRecord, ScheduledJob
from domain.models.users import User
from domain.rules import jobs as rules
from domain.settings import get_settings
from domain.user_languages import languages_of
from services.jobs import overlap
from services.jobs.flow import tell_incident
from services.jobs.schedules import pause_schedule
from services.mail.plain import mailed

# One mail out (to, subject, body, message id): the activity hands its SMTP sender in.
Send = Callable[[str, str, str, str], Awaitable[str | None]]  # None once sent, else why it was skipped


async def begin(client: Client, begin: m.JobBegin) -> m.JobBegun:
    """The record of this run, PROCESSING (the one written before, when this activity runs again); or, while
    another run of the task is live, a SKIPPED record of this fire: the console, not the Schedule, keeps one run
    of a task at once (docs/decisions/job-overlap-in-console.md). A PROCESSING record of a run Temporal no
    longer runs is closed, and then blocks nothing."""
    while True:
        async with transaction() as db:
            job = await db.get(ScheduledJob, begin.job_id, with_for_update=True)  # begins of one task in turn
            if job is None:
                return m.JobBegun(found=False)
            params = {**job.params, **(begin.params or {})}
            others = await overlap.processing(db, job.id, besides=begin.workflow_id)
            if not others:
                return await _begin(db, job, begin, params)
        live, dead = await overlap.sort_out(client, others)
        async with transaction() as db:
            if live:
                return await _skip(db, job, begin, params, live[0])
            await overlap.close_dead(db, dead)


async def _begin(db: AsyncSession, job: ScheduledJob, begin: m.JobBegin, params: dict[str, Any]) -> m.JobBegun:
    written = (await db.execute(pg_insert(JobRecord).values(
        job_id=job.id, job_name=job.name, workflow_id=begin.workflow_id, run_id=begin.run_id,
        trigger=begin.trigger, params=params, nominal_at=begin.nominal_at, started_at=datetime.now(UTC),
        attempt=1, result=JobRecordResult.PROCESSING, retry_of=begin.retry_of,
    ).on_conflict_do_update(constraint="uq_job_records_workflow_id", set_={"run_id": begin.run_id})
        .returning(JobRecord.id, JobRecord.result, JobRecord.output))).one()
    if written.result == JobRecordResult.SKIPPED:  # this fire was skipped before (its begin runs again)
        return m.JobBegun(found=True, record_id=written.id, skipped=written.output)
    known = rules.JOBS.get(f"{job.handler}.{job.method}")  # one no longer listed is refused by run_job
    return m.JobBegun(found=True, record_id=written.id, handler=job.handler, method=job.method, params=params,
                      retries=job.retries, short=known is not None and known.short)


async def _skip(db: AsyncSession, job: ScheduledJob, begin: m.JobBegin, params: dict[str, Any],
                live: overlap.Processing) -> m.JobBegun:
    now = datetime.now(UTC)
    note = f"skipped: run {live.workflow_id} of this task was still running"
    record_id = await db.scalar(pg_insert(JobRecord).values(
        job_id=job.id, job_name=job.name, workflow_id=begin.workflow_id, run_id=begin.run_id,
        trigger=begin.trigger, params=params, nominal_at=begin.nominal_at, started_at=now, finished_at=now,
        duration_ms=0, attempt=1, result=JobRecordResult.SKIPPED, output=note, retry_of=begin.retry_of,
    ).on_conflict_do_update(constraint="uq_job_records_workflow_id", set_={"run_id": begin.run_id})
        .returning(JobRecord.id))
    return m.JobBegun(found=True, record_id=record_id or 0, skipped=note)


async def note_attempt(record_id: int, attempt: int) -> None:
    """A retried job's attempt on its record (the record was begun with attempt 1)."""
    async with transaction() as db:
        await db.execute(update(JobRecord).where(JobRecord.id == record_id).values(attempt=attempt))


async def finish(client: Client, finish: m.JobFinish) -> None:
    """The record's result; the task's failures in a row and alarm (domain/rules/jobs.py verdict); its pause
    after N failures; then the incident flow hears of it. A second call for the same record changes nothing."""
    async with transaction() as db:
        record = await db.get(JobRecord, finish.record_id, with_for_update=True)
        job = await db.get(ScheduledJob, finish.job_id, with_for_update=True)
        if record is None or job is None or record.result != JobRecordResult.PROCESSING:
            return
        record.result = JobRecordResult.SUCCEEDED if finish.succeeded else JobRecordResult.FAILED
        record.output, record.error = finish.output, finish.error
        # the writer's clock, as the start's: a short job's whole run is one workflow task, whose clock stands still
        record.finished_at = max(finish.at, datetime.now(UTC))
        record.duration_ms = max(0, int((record.finished_at - record.started_at).total_seconds() * 1000))
        found = rules.verdict(finish.succeeded, job.consecutive_failures, job.alarm, job.status,
                              job.pause_after_failures)
        job.consecutive_failures, job.alarm = found.failures, found.alarm
        if found.pause:
            job.status, job.paused_reason = JobStatus.PAUSED, JobPauseReason.FAILURES
            job.pause_note = rules.pause_note(JobPauseReason.FAILURES, "the console",
                                              f"{found.failures} failures in a row")
        note, job_id = job.pause_note or "", job.id
    if found.pause:
        await pause_schedule(client, job_id, note)
    await tell_incident(client, job_id, found, finish.error)


async def send_alarm(alarm: m.AlarmMail, send: Send) -> int:
    """The alarm mail to the task's person in charge and its emails, once per key and recipient (the row is
    written before the mail goes out), each marked sent or skipped with the reason. Returns how many went out."""
    async with transaction() as db:
        job = await db.get(ScheduledJob, alarm.job_id)
        if job is None:
            return 0
        owner = await db.scalar(select(User.email).where(User.id == job.owner_id)) if job.owner_id else None
        recipients = list(dict.fromkeys([e for e in (owner, *job.emails) if e]))
        if recipients:
            await db.execute(pg_insert(JobAlarmMail).values([
                {"job_id": job.id, "key": alarm.key, "kind": alarm.kind, "recipient": r} for r in recipients
            ]).on_conflict_do_nothing(constraint="uq_job_alarm_mails_key_recipient"))
        unsent = (await db.execute(select(JobAlarmMail.id, JobAlarmMail.recipient).where(
            JobAlarmMail.key == alarm.key, JobAlarmMail.sent_at.is_(None), JobAlarmMail.skipped.is_(None)))).all()
        languages = await languages_of(db, [recipient for _, recipient in unsent])
        values = {"name": job.name, "id": job.id, "failures": alarm.failures, "error": alarm.error or "-",
                  "link": f"{get_settings().console_web}/system/task/log?jobId={job.id}"}
    sent = 0
    for row_id, recipient in unsent:
        lang = languages[recipient]
        subject = t(f"jobs.alarm.{alarm.kind}.title", lang, **values)
        body = t(f"jobs.alarm.{alarm.kind}.body", lang, **values)
        skipped = await send(recipient, subject, body, f"{alarm.key}.{row_id}")
        async with transaction() as db:
            await db.execute(update(JobAlarmMail).where(JobAlarmMail.id == row_id).values(mailed(skipped)))
        sent += skipped is None
    return sent
