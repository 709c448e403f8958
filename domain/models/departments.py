from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from domain.db import Base, Timestamps

if TYPE_CHECKING:
    from domain.models.users import User


class Department(Base, Timestamps):
    __tablename__ = "departments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(20))
    full_name: Mapped[str] = mapped_column(String(20))
    leader_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL",
                                                             use_alter=True))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("departments.id", ondelete="RESTRICT"))

    leader: Mapped[User | None] = relationship(lazy="raise", foreign_keys=[leader_id])
