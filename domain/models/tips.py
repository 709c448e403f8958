from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from domain.db import Base, Timestamps
from domain.enums import Country, ReleaseStatus, TipPage
from domain.rules import tips as rules


class Tip(Base, Timestamps):
    """A tip shown on up to 5 pages of the merchants' app in one country between its start and end (SPEC §3)."""

    __tablename__ = "tips"

    id: Mapped[int] = mapped_column(primary_key=True)
    country: Mapped[Country] = mapped_column(String(8), index=True)
    start_at: Mapped[datetime]
    end_at: Mapped[datetime]
    content: Mapped[str] = mapped_column(Text)
    page_rows: Mapped[list[TipPageRow]] = relationship(
        back_populates="tip", cascade="all, delete-orphan", order_by="TipPageRow.page", lazy="raise")

    @property
    def pages(self) -> list[TipPage]:
        return [row.page for row in self.page_rows]

    @property
    def status(self) -> ReleaseStatus:
        return rules.status(self.start_at, self.end_at, datetime.now(UTC))


class TipPageRow(Base):
    """One page a tip shows on. The unique key is SPEC §5 'one tip per page' per country, held by the database
    so two staff saving at once cannot both win."""

    __tablename__ = "tip_pages"
    __table_args__ = (UniqueConstraint("country", "page", name="uq_tip_pages_country_page"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tip_id: Mapped[int] = mapped_column(ForeignKey("tips.id", ondelete="CASCADE"), index=True)
    country: Mapped[Country] = mapped_column(String(8))
    page: Mapped[TipPage] = mapped_column(String(32))
    tip: Mapped[Tip] = relationship(back_populates="page_rows")
