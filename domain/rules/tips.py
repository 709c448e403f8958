"""SPEC §3 Tip (country, page, start time, end time, content), §4 PUBLISHED/TO_BE_RELEASED/EXPIRED,
§5 tips: country, page, start and end time required; start not after end; one tip per page; at most 5 pages
selectable; content links written as text plus a URL starting with http:// or {host}, no link count limit.
§8 'Tip already exists on the page: delete or modify the existing one'."""

from __future__ import annotations

from datetime import datetime

from domain.enums import ReleaseStatus
from domain.rules.rich_text import links

PAGES_MAX = 5
CONTENT_MAX = 2000
# `{host}` is written as is: the merchants' app puts its own address there when it shows the tip. A link names a
# path on that host: `{host}/...`, so `{host}@evil.example` (the host read as a user name) or `{host}.evil.example`
# cannot lead elsewhere.
HOST_PLACEHOLDER = "{host}"
HOST_PATH = HOST_PLACEHOLDER + "/"
LINK_PREFIXES = ("http://", "https://", HOST_PATH)


def status(start_at: datetime, end_at: datetime, now: datetime) -> ReleaseStatus:
    """A tip shows from its start time to its end time (both included)."""
    if now > end_at:
        return ReleaseStatus.EXPIRED
    if now >= start_at:
        return ReleaseStatus.PUBLISHED
    return ReleaseStatus.TO_BE_RELEASED


def bad_link(html: str) -> str | None:
    """The first link that is not text plus an address starting with http://, https:// or {host}, or None.
    https:// is taken beside the http:// the rule names: refusing the safer scheme would help nobody."""
    for href, text in links(html):
        if not text.strip() or not href.strip().startswith(LINK_PREFIXES):
            return href or text
    return None
