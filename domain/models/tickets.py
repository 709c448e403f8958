"""Support tickets (SPEC §3): the ticket, its comments, attachments, history and watchers.

The row is the system of record; the ticket's workflow (`ticket-{id}`) owns its process and
writes every change here through an activity (docs/tickets.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Index, String, Text, UniqueConstraint, func, text
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import AttachmentKind, TicketIssueType, TicketLevel, TicketStatus

USER_FK = "users.id"


class Ticket(Base, Timestamps):
    __tablename__ = "tickets"
    __table_args__ = (
        Index("ix_tickets_created_at_id", "created_at", "id"),
        # "this category (at these levels), lately": the list's and the dashboard's common filter (migration 0005)
        Index("ix_tickets_category_level_created_at", "category", "level", "created_at"),
        Index("ix_tickets_status_id", "status", "id"),
        Index("ix_tickets_breached", "id",
              postgresql_where=text("first_response_breached OR resolve_breached")),
        Index("ix_tickets_flow_pending", "id", postgresql_where=text("flow_pending")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    solution: Mapped[str | None] = mapped_column(Text)
    category: Mapped[str] = mapped_column(String(64))  # indexed with level and created_at
    application: Mapped[str] = mapped_column(String(32), index=True)
    issue_type: Mapped[TicketIssueType] = mapped_column(String(32), index=True)
    level: Mapped[TicketLevel] = mapped_column(String(2), index=True)
    status: Mapped[TicketStatus] = mapped_column(String(32), default=TicketStatus.NEW)
    submitter_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"), index=True)
    assignee_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"), index=True)
    pic_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"), index=True)
    rd_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    account_id: Mapped[str | None] = mapped_column(String(64), index=True)  # the merchant's issue account
    account_email: Mapped[str | None] = mapped_column(String(100))
    tags: Mapped[list[str]] = mapped_column(ARRAY(String(32)), default=list, server_default="{}")
    project: Mapped[str | None] = mapped_column(String(64))
    estimated_at: Mapped[datetime | None]
    last_reply_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    closed_by_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    resolved_in_minutes: Mapped[int | None]
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("tickets.id", ondelete="SET NULL"), index=True)
    status_before_merge: Mapped[TicketStatus | None] = mapped_column(String(32))

    # SLA clocks (SPEC §9); the workflow's timers fire at these instants.
    sla_started_at: Mapped[datetime]
    sla_work_time: Mapped[bool]  # created (or reopened) in work time: picks the first-response column
    first_response_due: Mapped[datetime]
    resolve_due: Mapped[datetime]
    first_response_at: Mapped[datetime | None]
    first_response_minutes: Mapped[int | None]
    resolved_at: Mapped[datetime | None]
    first_response_breached: Mapped[bool] = mapped_column(default=False)
    resolve_breached: Mapped[bool] = mapped_column(default=False)
    confirming_since: Mapped[datetime | None]  # entered PENDING_FOR_CONFIRMATION: the close-limit clock

    # True from the insert until its workflow is known to be started (docs/decisions/ticket-creation.md).
    flow_pending: Mapped[bool] = mapped_column(default=True)
    seq: Mapped[int] = mapped_column(default=1)  # the last history entry written


class TicketComment(Base):
    __tablename__ = "ticket_comments"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]  # the history entry that wrote it
    author_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class TicketAttachment(Base):
    """An image or video on a ticket or one of its comments: an uploaded file id or a URL."""

    __tablename__ = "ticket_attachments"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"), index=True)
    comment_id: Mapped[int | None] = mapped_column(ForeignKey("ticket_comments.id", ondelete="CASCADE"))
    file_id: Mapped[int | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"), index=True)
    url: Mapped[str | None] = mapped_column(String(1000))
    name: Mapped[str | None] = mapped_column(String(255))
    kind: Mapped[AttachmentKind] = mapped_column(String(8))
    created_by: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class TicketHistory(Base):
    """One change of a ticket; (ticket_id, seq) is the idempotency key of the activity that writes it."""

    __tablename__ = "ticket_history"
    __table_args__ = (UniqueConstraint("ticket_id", "seq", name="uq_ticket_history_ticket_id_seq"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"))
    seq: Mapped[int]
    at: Mapped[datetime]
    actor_id: Mapped[int | None] = mapped_column(ForeignKey(USER_FK, ondelete="SET NULL"))
    actor_name: Mapped[str | None] = mapped_column(String(64))  # kept when the user is gone; None: the system
    action: Mapped[str] = mapped_column(String(32))  # a TicketAction or a TicketEvent
    from_status: Mapped[TicketStatus | None] = mapped_column(String(32))
    to_status: Mapped[TicketStatus | None] = mapped_column(String(32))
    detail: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    transaction_id: Mapped[str | None] = mapped_column(String(64))


class TicketWatcher(Base):
    __tablename__ = "ticket_watchers"

    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(USER_FK, ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
