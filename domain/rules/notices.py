"""SPEC §3 Notice or FAQ, §4 PUBLISHED/TO_BE_RELEASED/EXPIRED, §5 text max 300 and all options required,
§9 the home page shows the 5 most recently updated.

A notice is released at its release time and expires at its end time: the release status is a function of the
clock and those two instants, which the notice's release flow (workflows/notices.py) writes when each comes."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from domain.enums import ContentState, ReleaseStatus
from domain.errors import Problem
from domain.rules.rich_text import sanitize_html, visible_text

TEXT_MAX = 300  # SPEC §9: notice text 300, counted as the characters a reader sees, not the markup
TITLE_MAX = 100
HOME_LATEST = 5  # SPEC §9: the dashboard shows 5 latest notices or FAQs
# SPEC §5 "all options must be filled in": a notice is saved with every option chosen, a draft included.
EDITABLE_STATES = (ContentState.DRAFT, ContentState.ONLINE, ContentState.OFFLINE)


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
    """The first field whose time is out of order, or None: start not after end, released before it ends."""
    wrong = times_problems(start_at, end_at, release_at)
    return wrong[0] if wrong else None


def times_problems(start_at: datetime | None, end_at: datetime | None, release_at: datetime | None) -> list[str]:
    """Every field whose time is out of order: the end not before the start, the release before the end (a time
    not given is not compared)."""
    wrong = []
    if start_at is not None and end_at is not None and start_at > end_at:
        wrong.append("endAt")
    if release_at is not None and end_at is not None and release_at >= end_at:
        wrong.append("releaseAt")
    return wrong


def text_problem(html: str) -> Problem | None:
    """The notice's text as a reader sees it once cleaned: not empty, at most TEXT_MAX characters."""
    clean = sanitize_html(html)
    if not clean.strip():
        return Problem("text", "required")
    if text_too_long(clean):
        return Problem("text", "notice_text_max", {"max": TEXT_MAX})
    return None


def notice_problems(values: Mapping[str, Any]) -> list[Problem]:
    """Every rule across a notice's fields that its body breaks, by attribute name (a field not given, or
    broken already, is not checked): an editable state, a text within 300 visible characters, times in order.
    The notice schema declares them (api/schemas/notices.py) and the save checks the saved row the same way."""
    found: list[Problem] = []
    state = values.get("state")
    if state is not None and state not in EDITABLE_STATES:
        found.append(Problem("state", "notice_state", {"allowed": ", ".join(s.value for s in EDITABLE_STATES)}))
    text = values.get("text")
    wrong_text = text_problem(text) if text is not None else None
    if wrong_text is not None:
        found.append(wrong_text)
    found += [Problem(field, f"notice_{field}") for field in
              times_problems(values.get("start_at"), values.get("end_at"), values.get("release_at"))]
    return found
