"""Heartbeats (SPEC §2 heartbeat screens): when a process counts as dead."""

from __future__ import annotations

from datetime import timedelta

# xxl-job's registry rule, kept by PEERS.md: a process is dead once three beats in a row are missing.
MISSED_BEATS_DEAD = 3


def dead_after(interval_seconds: float) -> timedelta:
    """How long after its last beat a process beating every `interval_seconds` is dead."""
    return timedelta(seconds=interval_seconds * MISSED_BEATS_DEAD)
