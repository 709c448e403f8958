"""When a merchant's plan reminds and expires (SPEC §9: reminder days 30 and 14), as pure functions of the
plan's expire instant, what was already done, and the time asked about. The plan flow (workflows/plans.py)
sleeps until `next_event` and acts on what `due_reminder` and `renewal_moves` say."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Literal

REMINDER_DAYS = (30, 14)  # SPEC §9 "reminder days up to 14 or 30", earliest first
LINGER = timedelta(days=7)  # an expired plan's flow waits this long for a late renewal, then ends

PlanEventKind = Literal["REMIND", "EXPIRE", "END"]


def reminder_at(expire_at: datetime, days: int) -> datetime:
    return expire_at - timedelta(days=days)


def next_event(expire_at: datetime, reminded: Iterable[int], expired_at: datetime | None
               ) -> tuple[datetime, PlanEventKind] | None:
    """The earliest thing still to do: a reminder not yet sent, the expiry, or (once expired) the end of the flow."""
    if expired_at is not None:
        return expired_at + LINGER, "END"
    done = set(reminded)
    for days in REMINDER_DAYS:
        if days not in done:
            return reminder_at(expire_at, days), "REMIND"
    return expire_at, "EXPIRE"


def due_reminder(expire_at: datetime, reminded: Iterable[int], now: datetime) -> int | None:
    """The reminder to send now: of those whose instant has come and were not sent, the one nearest to the
    expiry, so a plan that starts (or is renewed) 20 days before its end gets the 30-day reminder, and one
    that starts 10 days before gets only the 14-day reminder, never two at once. None after the expiry."""
    if now >= expire_at:
        return None
    done = set(reminded)
    due = [d for d in REMINDER_DAYS if d not in done and reminder_at(expire_at, d) <= now]
    return min(due) if due else None


def passed_reminders(days: int) -> list[int]:
    """Sending the `days` reminder settles every earlier one too."""
    return [d for d in REMINDER_DAYS if d >= days]


def renewal_moves(current: datetime, renewed: datetime) -> bool:
    """A renewal moves the plan only when it ends later than the plan does now (an expired plan too: its new
    end lies past the old one). A repeated or out-of-order signal carrying an earlier end changes nothing,
    as the entitlement ledger only grows."""
    return renewed > current
