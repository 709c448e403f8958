from __future__ import annotations

from sqlalchemy import CheckConstraint, ForeignKey, String
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import DataScopeType


class DataScope(Base, Timestamps):
    """One data-authority grant of a role or of a user: a scope type and, for COUNTRY and TEAM, its values."""

    __tablename__ = "data_scopes"
    __table_args__ = (CheckConstraint("(role_id is null) <> (user_id is null)", name="one_subject"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    role_id: Mapped[int | None] = mapped_column(ForeignKey("roles.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    scope_type: Mapped[DataScopeType] = mapped_column(String(16))
    values: Mapped[list[str]] = mapped_column(ARRAY(String(32)), default=list)
