"""SPEC §3 Notice or FAQ, §4 PUBLISHED/TO_BE_RELEASED/EXPIRED, §5 text max 300 and all options required,
§9 the home page shows the 5 most recently updated.

A notice is released at its release time and expires at its end time: the release status is a function of the
clock and those two instants, which the notice's release flow (workflows/notices.py) writes when each comes."""

from __future__ import annotations

from datetime import datetime

from domain.enums import ReleaseStatus
from domain.rules.rich_text import visible_text

TEXT_MAX = 300  # SPEC §9: notice text 300, counted as the characters a reader sees, not the markup
TITLE_MAX = 100
HOME_LATEST = 5  # SPEC §9: the dashboard shows 5 latest notices or FAQs


def release_status(release_at: datetime, end_at: datetime, now: datetime) -> ReleaseStatus:
    """TO_BE_RELEASED before the release time, PUBLISHED from it, EXPIRED from the end time on."""
    if now >= end_at:
        return ReleaseStatus.EXPIRED
    if now >= release_at:
        return ReleaseStatus.PUBLISHED
    return ReleaseStatus.TO_BE_RELEASED


def steps(release_at: datetime, end_at: datetime) -> list[tuple[datetime, ReleaseStatus]]:
    """The instants at which the release status changes, with the status it takes then."""
    return [(release_at, ReleaseStatus.PUBLISHED), (end_at, ReleaseStatus.EXPIRED)]


def text_too_long(html: str) -> bool:
    return len(visible_text(html)) > TEXT_MAX


def times_problem(start_at: datetime, end_at: datetime, release_at: datetime) -> str | None:
    """The field whose time is out of order, or None: start not after end, released before it ends."""
    if start_at > end_at:
        return "endAt"
    if release_at >= end_at:
        return "releaseAt"
    return None
