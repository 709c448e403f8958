"""Per-user console state rules (SPEC §5, §9)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MAX_SUBSCRIPTIONS = 5  # SPEC §5: subscribed recent pages max 5; more are truncated to 5
MAX_HISTORY = 30  # recent pages kept a user beside the subscribed ones


def keep_subscriptions(pages: Sequence[T]) -> tuple[list[T], bool]:
    """The first five distinct pages, and whether any were cut off."""
    distinct: list[T] = []
    for page in pages:
        if page not in distinct:
            distinct.append(page)
    return distinct[:MAX_SUBSCRIPTIONS], len(distinct) > MAX_SUBSCRIPTIONS
