from __future__ import annotations

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import InternalFaqState


class InternalFaq(Base, Timestamps):
    """A question and answer for staff (SPEC §2 internal FAQ, §4 offline/online/draft/topping)."""

    __tablename__ = "internal_faq"

    id: Mapped[int] = mapped_column(primary_key=True)
    question: Mapped[str] = mapped_column(String(200), index=True)
    answer: Mapped[str] = mapped_column(Text)
    category: Mapped[str | None] = mapped_column(String(64))
    state: Mapped[InternalFaqState] = mapped_column(String(8), index=True)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
