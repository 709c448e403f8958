"""Scheduled tasks (SPEC §3): the task, the record of each run, and the alarm mails a failing task sends.

A task is one Temporal Schedule (`job-{id}`, services/jobs/schedules.py); PostgreSQL holds the task as saved
and the records, which the runs write (services/jobs/store.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import JobAlarm, JobMisfire, JobPauseReason, JobRecordResult, JobStatus, JobTrigger

JOB_FK = "scheduled_jobs.id"


class ScheduledJob(Timestamps, Base):
    __tablename__ = "scheduled_jobs"
    __table_args__ = (
        UniqueConstraint("name", name="uq_scheduled_jobs_name"),
        one_of("status", JobStatus), one_of("misfire", JobMisfire), one_of("alarm", JobAlarm),
        one_of("paused_reason", JobPauseReason, nullable=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    handler: Mapped[str] = mapped_column(String(40))  # with `method`: a key of domain/rules/jobs.py JOBS
    method: Mapped[str] = mapped_column(String(40))
    cron: Mapped[str] = mapped_column(String(120))
    time_zone: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))  # person in charge
    emails: Mapped[list[str]] = mapped_column(ARRAY(String(254)), default=list)
    pause_after_failures: Mapped[int] = mapped_column(Integer, default=0)  # 0: never pauses itself
    retries: Mapped[int] = mapped_column(Integer, default=0)
    misfire: Mapped[JobMisfire] = mapped_column(String(16), default=JobMisfire.SKIP_MISSED)
    status: Mapped[JobStatus] = mapped_column(String(16), default=JobStatus.RUNNING)
    paused_reason: Mapped[JobPauseReason | None] = mapped_column(String(16))
    pause_note: Mapped[str | None] = mapped_column(String(200))
    consecutive_failures: Mapped[int] = mapped_column(Integer, default=0)
    alarm: Mapped[JobAlarm] = mapped_column(String(16), default=JobAlarm.OK)
    builtin: Mapped[bool] = mapped_column(Boolean, default=False)  # one of the console's own (domain/seed/jobs.py)
    owner_name: Mapped[str | None] = query_expression()  # filled by the list and detail (api/routers/jobs.py)
    # `handler.method` of a built-in task still under its built-in name: the web names it in the reader's language
    job_key: Mapped[str | None] = query_expression()


class JobRecord(Base):
    """One run: UNIQUE workflow id, so a retried write of the same run changes the row it wrote. A run started by
    retrying a failed record names it (`retry_of`, UNIQUE: a failed record is retried once; a retry that fails is
    a failed record of its own)."""

    __tablename__ = "job_records"
    __table_args__ = (
        UniqueConstraint("workflow_id", name="uq_job_records_workflow_id"),
        UniqueConstraint("retry_of", name="uq_job_records_retry_of"),
        Index("ix_job_records_job_started", "job_id", "started_at"),
        # what a run's begin looks up: its task's runs still PROCESSING (docs/decisions/job-overlap-in-console.md)
        Index("ix_job_records_job_processing", "job_id", postgresql_where=text("result = 'PROCESSING'")),
        one_of("result", JobRecordResult), one_of("trigger", JobTrigger),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey(JOB_FK, ondelete="CASCADE"))
    job_name: Mapped[str] = mapped_column(String(100))
    workflow_id: Mapped[str] = mapped_column(String(160))
    run_id: Mapped[str] = mapped_column(String(64))
    trigger: Mapped[JobTrigger] = mapped_column(String(16))
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    nominal_at: Mapped[datetime] = mapped_column()  # when the cron meant it to start (a run now: when asked)
    started_at: Mapped[datetime] = mapped_column(index=True)  # when the worker began it
    finished_at: Mapped[datetime | None] = mapped_column()
    duration_ms: Mapped[int | None] = mapped_column(Integer)
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    result: Mapped[JobRecordResult] = mapped_column(String(16), default=JobRecordResult.PROCESSING)
    output: Mapped[str | None] = mapped_column(String(500))
    error: Mapped[str | None] = mapped_column(Text)
    retry_of: Mapped[int | None] = mapped_column(ForeignKey("job_records.id", ondelete="SET NULL"))
    retried_by: Mapped[int | None] = query_expression()  # the record of its retry (api/routers/job_records.py)
    # `handler.method` of a built-in task's run under that task's own name: the web names it in the reader's language
    job_key: Mapped[str | None] = query_expression()


class JobAlarmMail(Base):
    """UNIQUE (key, recipient): written before the mail goes out, so a retried alarm mails nobody twice."""

    __tablename__ = "job_alarm_mails"
    __table_args__ = (UniqueConstraint("key", "recipient", name="uq_job_alarm_mails_key_recipient"),
                      CheckConstraint("sent_at is null or skipped is null", name="sent_or_skipped"))

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey(JOB_FK, ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(16))  # FAILING, REMINDER, RECOVERED
    recipient: Mapped[str] = mapped_column(String(254))
    sent_at: Mapped[datetime | None] = mapped_column()
    skipped: Mapped[str | None] = mapped_column(String(500))  # why it was not sent (services/mail/plain.py)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
