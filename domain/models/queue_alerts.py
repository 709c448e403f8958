"""Queue alert rules, their alerts and the mails each alert sent. At most one alert of a rule is open at a time
(a partial unique index), so a check run twice, or by two workers at once, never opens a second one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ARRAY, CheckConstraint, ForeignKey, Index, String, UniqueConstraint, func, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps
from domain.enums import QueueAlertStatus, QueueKind


class QueueAlertRule(Base, Timestamps):
    """A threshold on one Temporal task queue's backlog count and age, with the people it alerts."""

    __tablename__ = "queue_alert_rules"

    id: Mapped[int] = mapped_column(primary_key=True)
    task_queue: Mapped[str] = mapped_column(String(200), index=True)
    queue_kind: Mapped[QueueKind] = mapped_column(String(16), default=QueueKind.WORKFLOW)
    max_backlog: Mapped[int | None]
    max_age_seconds: Mapped[int | None]
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))  # person in charge
    emails: Mapped[list[str]] = mapped_column(ARRAY(String(254)), default=list)
    enabled: Mapped[bool] = mapped_column(default=True)
    description: Mapped[str | None] = mapped_column(String(200))
    # The latest reading, written by every check (the screen shows it beside the thresholds).
    checked_at: Mapped[datetime | None]
    backlog: Mapped[int | None]
    age_seconds: Mapped[float | None]
    alerting: Mapped[bool] = mapped_column(default=False)
    owner_name: Mapped[str | None] = query_expression()  # filled by the list and detail (api/routers/queue_alerts.py)


class QueueAlert(Base):
    __tablename__ = "queue_alerts"
    __table_args__ = (Index("uq_queue_alerts_one_open", "rule_id", unique=True,
                            postgresql_where=text("status = 'OPEN'")),)

    id: Mapped[int] = mapped_column(primary_key=True)
    rule_id: Mapped[int] = mapped_column(ForeignKey("queue_alert_rules.id", ondelete="CASCADE"), index=True)
    task_queue: Mapped[str] = mapped_column(String(200))
    status: Mapped[QueueAlertStatus] = mapped_column(String(16), default=QueueAlertStatus.OPEN)
    reasons: Mapped[list[str]] = mapped_column(ARRAY(String(16)), default=list)
    opened_at: Mapped[datetime] = mapped_column(server_default=func.now(), index=True)
    recovered_at: Mapped[datetime | None]
    backlog: Mapped[int]  # at opening
    age_seconds: Mapped[float]
    peak_backlog: Mapped[int]
    peak_age_seconds: Mapped[float]
    # its mails, each sent or skipped with the reason (api/routers/queue_alerts.py fills it for the history)
    mails: Mapped[list[dict[str, Any]] | None] = query_expression()


class QueueAlertMail(Base):
    """One mail of an alert (opened or recovered) to one person: written before it is sent, marked once sent."""

    __tablename__ = "queue_alert_mails"
    __table_args__ = (UniqueConstraint("alert_id", "kind", "recipient"),
                      CheckConstraint("sent_at is null or skipped is null", name="sent_or_skipped"))

    id: Mapped[int] = mapped_column(primary_key=True)
    alert_id: Mapped[int] = mapped_column(ForeignKey("queue_alerts.id", ondelete="CASCADE"))
    kind: Mapped[QueueAlertStatus] = mapped_column(String(16))
    recipient: Mapped[str] = mapped_column(String(254))
    sent_at: Mapped[datetime | None] = mapped_column(index=True)
    skipped: Mapped[str | None] = mapped_column(String(500))  # why it was not sent (services/mail/plain.py)
