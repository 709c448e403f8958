"""Login and password rules (SPEC §5): pure functions, no clock, no database."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from datetime import datetime, timedelta

from zxcvbn import zxcvbn

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


# zxcvbn's score 0-1: found within about a million guesses by an attacker working through the common-password,
# word and name lists it ships (kept up to date with the package), with the usual capitals, digits and symbols
# around them, e.g. "Password1!" or "Qwerty123!".
GUESSABLE_BELOW = 2


def password_guessable(password: str, username: str | None = None) -> str | None:
    """The rule key when the password contains the username or is among the common ones, else None."""
    if username and len(username) >= 3 and username.lower() in password.lower():
        return "password_contains_username"
    if zxcvbn(password, user_inputs=[username] if username else [])["score"] < GUESSABLE_BELOW:
        return "password_common"
    return None


@dataclass(frozen=True)
class ThrottleLimit:
    """`free` failed logins inside `window` cost nothing; after that each try waits `first_delay`, doubling with
    every further failure up to `max_delay` (OWASP: slow attackers down, never lock the account itself)."""

    free: int
    window: timedelta
    first_delay: timedelta
    max_delay: timedelta


def retry_after(failures: list[datetime], now: datetime, limit: ThrottleLimit) -> int | None:
    """Seconds until one more login try is allowed, or None when it is allowed now.

    `failures` are the times of failed tries that still count (for an account: since its last success)."""
    recent = sorted(at for at in failures if now - at < limit.window)
    excess = len(recent) - limit.free
    if excess < 0:
        return None
    delay = min(limit.max_delay, limit.first_delay * 2 ** min(excess, 30))
    wait = (recent[-1] + delay - now).total_seconds()
    return math.ceil(wait) if wait > 0 else None
