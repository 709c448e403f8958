from __future__ import annotations

from sqlalchemy import Column, ForeignKey, String, Table
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps
from domain.enums import Status

role_authorities = Table(
    "role_authorities", Base.metadata,
    Column("role_id", ForeignKey("roles.id", ondelete="CASCADE"), primary_key=True),
    Column("authority_id", ForeignKey("authorities.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class Role(Base, Timestamps):
    __tablename__ = "roles"

    id: Mapped[int] = mapped_column(primary_key=True)
    # A stable key for built-in roles ("admin", "sales", ...); null for roles staff create.
    code: Mapped[str | None] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    role_type: Mapped[str] = mapped_column(String(32), default="CUSTOM")
    status: Mapped[Status] = mapped_column(String(16), default=Status.ENABLED)
    # Holders of a super role may do everything; only the built-in admin role has it.
    is_super: Mapped[bool] = mapped_column(default=False)

    # Filled only by queries that ask for them (with_expression), e.g. the role list; None otherwise.
    member_count: Mapped[int | None] = query_expression()
    authority_count: Mapped[int | None] = query_expression()
