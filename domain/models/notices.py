from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps
from domain.enums import ContentLanguage, ContentState, NoticeKind, ReleaseStatus


class Notice(Base, Timestamps):
    """A notice or FAQ for merchants (SPEC §3); released at `release_at` by its flow `notice-{id}`."""

    __tablename__ = "notices"
    __table_args__ = (
        # the home page: the latest published ones in one language
        Index("ix_notices_home", "language", text("updated_at DESC"),
              postgresql_where=text("state = 'ONLINE' AND release_status = 'PUBLISHED'")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[NoticeKind] = mapped_column(String(8), index=True)
    title: Mapped[str] = mapped_column(String(100))
    language: Mapped[ContentLanguage] = mapped_column(String(8))
    start_at: Mapped[datetime]
    end_at: Mapped[datetime]
    release_at: Mapped[datetime]
    release_status: Mapped[ReleaseStatus] = mapped_column(String(16), index=True)
    state: Mapped[ContentState] = mapped_column(String(8), index=True)
    pinned: Mapped[bool] = mapped_column(Boolean, default=False)
    ticket_id: Mapped[int | None] = mapped_column(ForeignKey("tickets.id", ondelete="SET NULL"))
    faq_id: Mapped[int | None] = mapped_column(ForeignKey("notices.id", ondelete="SET NULL"))
    ticket_title: Mapped[str | None] = query_expression()  # read with the list (api/routers/notices.py)
    faq_title: Mapped[str | None] = query_expression()
    text: Mapped[str] = mapped_column(Text)
    # the release flow has not been started yet (Temporal was unreachable when it was saved)
    flow_pending: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
