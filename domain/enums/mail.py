"""Timed mail (SPEC §3)."""

from __future__ import annotations

from enum import StrEnum


class MailKind(StrEnum):
    """SPEC §3: a timed mail is common, or BI (a console report attached, built when it is sent)."""

    COMMON = "COMMON"
    BI = "BI"


class MailRepeat(StrEnum):
    """SPEC §3: repeat once (now), once later (at the send time), daily, weekly or monthly."""

    ONCE = "ONCE"
    ONCE_LATER = "ONCE_LATER"
    DAILY = "DAILY"
    WEEKLY = "WEEKLY"
    MONTHLY = "MONTHLY"


class MailTaskStatus(StrEnum):
    """SPEC §4: a timed mail is in use or paused."""

    IN_USE = "IN_USE"
    PAUSED = "PAUSED"


class MailSendStatus(StrEnum):
    """One recipient of one fire: waiting, handed to the server (its reply not recorded), sent or failed."""

    PENDING = "PENDING"
    SENDING = "SENDING"
    SENT = "SENT"
    FAILED = "FAILED"


class MailReport(StrEnum):
    """Console reports a BI mail can attach (later modules add theirs)."""

    TICKETS = "TICKETS"
