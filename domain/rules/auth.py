"""Login and password rules (SPEC §5): pure functions, no clock, no database."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from datetime import datetime, timedelta

PASSWORD_MIN = 10
PASSWORD_MAX = 26
SYMBOLS = set(string.punctuation)


def password_problem(password: str) -> str | None:
    """SPEC §5 (newer rule): 10 to 26 characters with letters, digits and symbols. None when it is fine,
    else the rule key of what is wrong."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return "password_length"
    if any(c.isspace() or not c.isprintable() for c in password):
        return "password_chars"
    has_letter = any(c.isascii() and c.isalpha() for c in password)
    has_digit = any(c.isdigit() for c in password)
    has_symbol = any(c in SYMBOLS for c in password)
    if not (has_letter and has_digit and has_symbol):
        return "password_mix"
    return None


@dataclass(frozen=True)
class ThrottleLimit:
    """At most `failures` failed logins in any `window`; then wait until the oldest one leaves the window."""

    failures: int
    window: timedelta


def retry_after(failures: list[datetime], now: datetime, limit: ThrottleLimit) -> int | None:
    """Seconds until one more login try is allowed, or None when it is allowed now.

    `failures` are the times of failed tries that still count (for an account: since its last success)."""
    recent = sorted(at for at in failures if now - at < limit.window)
    if len(recent) < limit.failures:
        return None
    # The try is allowed again once enough failures have aged out to leave room for one more.
    frees_at = recent[len(recent) - limit.failures] + limit.window
    return max(1, math.ceil((frees_at - now).total_seconds()))
