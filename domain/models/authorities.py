from __future__ import annotations

from typing import Any

from sqlalchemy import ForeignKey, String, cast, null, select, union
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base, Timestamps
from domain.enums import MenuType
from domain.models.roles import Role, role_authorities
from domain.models.users import user_authorities, user_roles


class Authority(Base, Timestamps):
    """One entry of the menu tree: a directory, a menu (a screen) or a button (an action)."""

    __tablename__ = "authorities"

    id: Mapped[int] = mapped_column(primary_key=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("authorities.id", ondelete="CASCADE"), index=True)
    menu_type: Mapped[MenuType] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(64))
    identifier: Mapped[str] = mapped_column(String(128), unique=True)
    icon: Mapped[str | None] = mapped_column(String(64))
    description_en: Mapped[str] = mapped_column(String(128))
    description_zh: Mapped[str] = mapped_column(String(128))
    description_id: Mapped[str] = mapped_column(String(128))
    sort: Mapped[int] = mapped_column(default=0)
    path: Mapped[str | None] = mapped_column(String(256))
    hidden: Mapped[bool] = mapped_column(default=False)
    affix: Mapped[bool] = mapped_column(default=False)
    no_cache: Mapped[bool] = mapped_column(default=False)


def holders(authority_ids: Any) -> Any:
    """(user id, role name or None for a direct grant) of everyone holding one of the authorities."""
    via_roles = (select(user_roles.c.user_id, Role.name.label("role"))
                 .join(role_authorities, role_authorities.c.role_id == user_roles.c.role_id)
                 .join(Role, Role.id == user_roles.c.role_id)
                 .where(role_authorities.c.authority_id.in_(authority_ids)))
    direct = select(user_authorities.c.user_id, cast(null(), String).label("role")).where(
        user_authorities.c.authority_id.in_(authority_ids))
    return union(via_roles, direct).subquery()
