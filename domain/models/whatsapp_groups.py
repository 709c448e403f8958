"""WhatsApp groups (SPEC §2 /operation/accounts/saas-management/whatsapp-group): the community groups a country's
merchants are invited to; a merchant's detail shows the group it belongs to (SPEC §2 merchant accounts)."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, String
from sqlalchemy.orm import Mapped, mapped_column, query_expression

from domain.db import Base, Timestamps, one_of
from domain.enums import Country
from domain.rules.whatsapp_groups import INVITE_PATTERN, LINK_MAX, NAME_MAX, REMARK_MAX


class WhatsappGroup(Base, Timestamps):
    __tablename__ = "whatsapp_groups"
    __table_args__ = (
        one_of("country", Country),
        # the same invite-link rule the API checks (domain/rules/whatsapp_groups.py), so no path writes another
        CheckConstraint(f"link ~ '{INVITE_PATTERN}'", name="invite_link"),
        CheckConstraint("btrim(name) <> ''", name="name_not_blank"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    country: Mapped[Country] = mapped_column(String(8), index=True)
    link: Mapped[str] = mapped_column(String(LINK_MAX), unique=True)
    enabled: Mapped[bool] = mapped_column(default=True, server_default="true")
    remark: Mapped[str | None] = mapped_column(String(REMARK_MAX))

    member_count: Mapped[int | None] = query_expression()  # merchants in the group, read with the list
