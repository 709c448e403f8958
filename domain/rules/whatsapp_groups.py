"""WhatsApp group rules: a group is a WhatsApp invite link (`https://chat.whatsapp.com/<code>`), and a merchant
joins only an enabled group of its own country (its country follows its registered phone, SPEC §3).

Pure functions; the API calls them and PostgreSQL holds the link rule as a CHECK (domain/models/whatsapp_groups.py).
"""

from __future__ import annotations

import re

from domain.enums import Country
from domain.errors import Invalid

NAME_MAX = 64
LINK_MAX = 100
REMARK_MAX = 255
# WhatsApp invite codes are letters and digits (22 today); a little room either way, nothing else after them.
INVITE_PATTERN = r"^https://chat\.whatsapp\.com/[A-Za-z0-9]{16,32}$"
_INVITE = re.compile(INVITE_PATTERN)


def invite_link(text: str, field: str = "link") -> str:
    """A group's link must be a WhatsApp invite link, trimmed (`https://chat.whatsapp.com/AbC...`)."""
    value = text.strip()
    if not _INVITE.match(value):
        raise Invalid(field=field, rule="whatsapp_invite_link")
    return value


def check_membership(merchant_country: Country, group_country: Country, group_enabled: bool,
                     field: str = "whatsappGroupId") -> None:
    """A merchant joins an enabled group of its own country: a group speaks its country's language and hours."""
    if not group_enabled:
        raise Invalid(field=field, rule="whatsapp_group_disabled")
    if merchant_country != group_country:
        raise Invalid(field=field, rule="whatsapp_group_country", country=str(group_country))
