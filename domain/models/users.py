from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, ForeignKey, ScalarSelect, String, Table, select
from sqlalchemy.orm import Mapped, mapped_column, relationship

from domain.db import Base, Timestamps
from domain.enums import Status

if TYPE_CHECKING:
    from domain.models.departments import Department
    from domain.models.roles import Role

user_roles = Table(
    "user_roles", Base.metadata,
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("role_id", ForeignKey("roles.id", ondelete="CASCADE"), primary_key=True, index=True),
)

# Authorities granted to one user directly (the spec's "admin users"), beside those of the roles.
user_authorities = Table(
    "user_authorities", Base.metadata,
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("authority_id", ForeignKey("authorities.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class User(Base, Timestamps):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    real_name: Mapped[str] = mapped_column(String(20))
    display_name: Mapped[str] = mapped_column(String(20))
    email: Mapped[str] = mapped_column(String(100), unique=True)
    mobile: Mapped[str | None] = mapped_column(String(11), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    leader_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    department_id: Mapped[int | None] = mapped_column(ForeignKey("departments.id", ondelete="SET NULL"))
    status: Mapped[Status] = mapped_column(String(16), default=Status.ENABLED)
    # Data-authority attributes: which country and team this user's own records belong to.
    country: Mapped[str | None] = mapped_column(String(8))
    team: Mapped[str | None] = mapped_column(String(32))
    # An IANA zone the user reads every time in; unset follows the default business calendar's zone.
    time_zone: Mapped[str | None] = mapped_column(String(64))
    # The language last used in the console (login, language menu): mails to this person are written in it.
    language: Mapped[str | None] = mapped_column(String(8))
    last_login_at: Mapped[datetime | None]
    password_changed_at: Mapped[datetime | None]

    # Loaded only when a query asks for them (selectinload), never behind the caller's back.
    roles: Mapped[list[Role]] = relationship(secondary=user_roles, lazy="raise", order_by="Role.id")
    department: Mapped[Department | None] = relationship(lazy="raise", foreign_keys=[department_id])
    leader: Mapped[User | None] = relationship(lazy="raise", remote_side=[id], foreign_keys=[leader_id])


def real_name_of(user_id: Any) -> ScalarSelect[str]:
    """The real name of the user a column points at (a person in charge, an owner), for a list to show a name
    rather than an id (a resource's `computed` column)."""
    return select(User.real_name).where(User.id == user_id).scalar_subquery()
