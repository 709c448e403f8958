"""Timed mails (SPEC §3), their fires and the outbox: one row per fire × recipient, written before SMTP, and each
row's attempts."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    ARRAY,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import MailKind, MailRepeat, MailReport, MailSendStatus, MailTaskStatus


class MailTask(Timestamps, Base):
    """What to send and when; its Temporal Schedule (`mail-task-{id}`) fires it, PostgreSQL holds the truth."""

    __tablename__ = "mail_tasks"

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    recipients: Mapped[list[str]] = mapped_column(ARRAY(String(254)))
    cc: Mapped[list[str]] = mapped_column(ARRAY(String(254)), default=list)
    subject: Mapped[str] = mapped_column(String(200))
    kind: Mapped[MailKind] = mapped_column(String(16), default=MailKind.COMMON)
    report: Mapped[MailReport | None] = mapped_column(String(32))
    content: Mapped[str] = mapped_column(Text)  # sanitised HTML (domain/rules/rich_text.py)
    attachment_ids: Mapped[list[int]] = mapped_column(ARRAY(BigInteger), default=list)  # stored_files ids
    repeat: Mapped[MailRepeat] = mapped_column(String(16))
    send_at: Mapped[datetime] = mapped_column()  # the first send, an instant; its wall time in `time_zone` repeats
    time_zone: Mapped[str] = mapped_column(String(64))
    status: Mapped[MailTaskStatus] = mapped_column(String(16), default=MailTaskStatus.IN_USE)
    paused_reason: Mapped[str | None] = mapped_column(String(32))  # MANUAL or SMTP_FAILURES
    consecutive_failures: Mapped[int] = mapped_column(Integer, default=0)


class MailFire(Base):
    """One firing of a task at its nominal time: the BI report built for it, kept so a retry attaches the same."""

    __tablename__ = "mail_fires"
    __table_args__ = (UniqueConstraint("task_id", "fire_time", name="uq_mail_fires_task_fire"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    task_id: Mapped[int] = mapped_column(ForeignKey("mail_tasks.id", ondelete="CASCADE"))
    fire_time: Mapped[datetime] = mapped_column()
    workflow_id: Mapped[str] = mapped_column(String(128))
    report_file_id: Mapped[int | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))
    attachment_names: Mapped[list[str]] = mapped_column(ARRAY(String(255)), default=list)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class MailOutbox(Base):
    """UNIQUE (task, fire, recipient): the row exists before SMTP is spoken to, so no retry mails anyone twice,
    and every recipient of a fire has a row, so nobody is skipped."""

    __tablename__ = "mail_outbox"
    __table_args__ = (
        UniqueConstraint("task_id", "fire_time", "recipient", name="uq_mail_outbox_task_fire_recipient"),
        Index("ix_mail_outbox_fire_status", "task_id", "fire_time", "status"),
        Index("ix_mail_outbox_status_fire_time", "status", "fire_time"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    task_id: Mapped[int] = mapped_column(ForeignKey("mail_tasks.id", ondelete="CASCADE"))
    fire_time: Mapped[datetime] = mapped_column()
    recipient: Mapped[str] = mapped_column(String(254))
    copy: Mapped[bool] = mapped_column(default=False)  # a cc recipient
    status: Mapped[MailSendStatus] = mapped_column(String(16), default=MailSendStatus.PENDING)
    message_id: Mapped[str] = mapped_column(String(255))  # the Message-ID header we send
    server_id: Mapped[str | None] = mapped_column(String(255))  # the server's id from its 250 reply
    smtp_error: Mapped[str | None] = mapped_column(String(1000))
    smtp_reply: Mapped[str | None] = mapped_column(String(1000))  # the server's reply to the final "." (sent)
    attempts: Mapped[int] = mapped_column(Integer, default=0)  # every attempt, each in mail_attempts
    sent_at: Mapped[datetime | None] = mapped_column()
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())


class MailAttempt(Base):
    """One attempt of an outbox row: written by the database when the row turns SENT or FAILED (the trigger
    `mail_outbox_attempt`, migration 0039), whichever path settled it; a later correction of the same attempt
    ("delivery unknown" found at the sink) replaces its result."""

    __tablename__ = "mail_attempts"
    __table_args__ = (
        UniqueConstraint("outbox_id", "attempt", name="uq_mail_attempts_outbox_attempt"),
        CheckConstraint("attempt >= 1", name="attempt_positive"),
        CheckConstraint("result in ('SENT', 'FAILED')", name="result"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    outbox_id: Mapped[int] = mapped_column(ForeignKey("mail_outbox.id", ondelete="CASCADE"))
    attempt: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column()
    result: Mapped[MailSendStatus] = mapped_column(String(16))
    reply: Mapped[str | None] = mapped_column(String(1000))
