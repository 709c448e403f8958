"""Timed mail rules (SPEC §3, §5): addresses, repeat kinds, when a task fires (the names of its flows are
domain/flows/mail.py).

Pure: no clock, no database, no I/O. The schedule's calendars (`calendars`) and the preview of the next send
times (`next_sends`) come from the same reading of a repeat kind, and a test compares the preview with the
Temporal Schedule's own next action times, so the screen never promises a time the schedule will not keep.

"Monthly on the 31st" (and the 29th or 30th): a month that has no such day sends on its last day instead
(30 April, 28 or 29 February), once a month, never skipped and never twice.
"""

from __future__ import annotations

import calendar as cal
import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from email_validator import EmailNotValidError, validate_email

from domain.enums import MailRepeat
from domain.errors import Invalid, Problem
from domain.flows.mail import fire_workflow_id
from domain.rules.mail_headers import envelope_address

MAX_RECIPIENTS = 10_000  # one fire to ten thousand people is what the benchmark sends
MAX_CC = 50
SUBJECT_MAX = 200
CONTENT_MAX = 200_000
FAILURE_LIMIT = 5  # consecutive SMTP failures after which a task pauses itself and its owner is told
PREVIEW_COUNT = 5


def normalise_address(address: str) -> str | None:
    """The address as it will be sent to (lower-cased domain, no spaces), or None when it is not an address.
    No DNS lookup: a console must not wait on, or leak to, the network to save a form."""
    try:
        return validate_email(address.strip(), check_deliverability=False).normalized
    except (EmailNotValidError, AttributeError):
        return None


def address_rule(address: str) -> str:
    """The rule an address `normalise_address` refused breaks: `email_idna` when its domain, beyond ASCII, has no
    IDNA form (such a domain cannot be written in any SMTP command), else `email_address`. An address beyond ASCII
    that is valid is kept: its domain is sent in IDNA, its local part with SMTPUTF8 (domain/rules/mail_headers.py)."""
    domain = address.rpartition("@")[2].strip()
    if domain and not domain.isascii():
        try:
            envelope_address(address.strip())
        except ValueError:
            return "email_idna"
    return "email_address"


def message_id(task_id: int, fire_time: datetime, recipient: str) -> str:
    """Stable per fire × recipient: a retry that reached the server twice carries the same Message-ID, which mail
    clients use to fold duplicates."""
    digest = hashlib.sha256(recipient.lower().encode()).hexdigest()[:16]
    return f"<{fire_workflow_id(task_id, fire_time)}.{digest}@omp-console>"


def month_day(year: int, month: int, day: int) -> int:
    """The day a monthly mail on `day` sends in that month: the day itself, or the month's last day."""
    return min(day, cal.monthrange(year, month)[1])


@dataclass(frozen=True)
class Calendar:
    """One calendar entry of a Schedule spec, in the task's time zone; None = every value. `years` are
    (start, end, step) ranges as Temporal reads them."""

    hour: int
    minute: int
    second: int = 0
    days: tuple[int, ...] | None = None
    months: tuple[int, ...] | None = None
    weekdays: tuple[int, ...] | None = None  # 0 = Sunday, as Temporal counts
    years: tuple[tuple[int, int, int], ...] | None = None


LONG_MONTHS = (1, 3, 5, 7, 8, 10, 12)
THIRTY_DAY_MONTHS = (4, 6, 9, 11)
# February's last day is the 28th in years not divisible by 4, and in 2100 (not a leap year). Temporal's calendars
# take years up to 2100 only, so a monthly mail on the 29th to 31st keeps its February sends until then.
LAST_YEAR = 2100
COMMON_YEARS = ((2025, 2097, 4), (2026, 2098, 4), (2027, 2099, 4), (2100, 2100, 1))


def monthly_calendars(day: int, hour: int, minute: int, second: int) -> list[Calendar]:
    def at(days: int, months: tuple[int, ...] | None = None,
           years: tuple[tuple[int, int, int], ...] | None = None) -> Calendar:
        return Calendar(hour=hour, minute=minute, second=second, days=(days,), months=months, years=years)

    if day <= 28:
        return [at(day)]
    entries = [at(day, tuple(m for m in range(1, 13) if m != 2 and month_day(2001, m, day) == day))]
    if day == 31:
        entries.append(at(30, THIRTY_DAY_MONTHS))
    # February: the 29th exists only in leap years (the calendar matches real dates only), the 28th elsewhere.
    return [*entries, at(29, (2,)), at(28, (2,), COMMON_YEARS)]


def calendars(repeat: MailRepeat, first_local: datetime) -> list[Calendar]:
    """The Schedule's calendar entries for a repeat kind; `first_local` is the first send, a wall time in the
    task's zone. ONCE has none: it is sent when saved, and again only when asked."""
    hour, minute, second = first_local.hour, first_local.minute, first_local.second
    match repeat:
        case MailRepeat.ONCE:
            return []
        case MailRepeat.ONCE_LATER:
            year = first_local.year
            return [Calendar(hour=hour, minute=minute, second=second, days=(first_local.day,),
                             months=(first_local.month,), years=((year, year, 1),))]
        case MailRepeat.DAILY:
            return [Calendar(hour=hour, minute=minute, second=second)]
        case MailRepeat.WEEKLY:
            return [Calendar(hour=hour, minute=minute, second=second, weekdays=((first_local.weekday() + 1) % 7,))]
        case MailRepeat.MONTHLY:
            return monthly_calendars(first_local.day, hour, minute, second)


def local_instant(day: date, at: time, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, at, tzinfo=zone).astimezone(UTC)


def next_sends(repeat: MailRepeat, first: datetime, zone: ZoneInfo, after: datetime,
               count: int = PREVIEW_COUNT) -> list[datetime]:
    """The next `count` send times (UTC) at or after `after`, never before the first send."""
    start = max(first, after)
    local_first = first.astimezone(zone)
    at = local_first.time().replace(microsecond=0, tzinfo=None)
    if repeat in (MailRepeat.ONCE, MailRepeat.ONCE_LATER):
        return [first.astimezone(UTC)] if first >= after else []
    found: list[datetime] = []
    if repeat == MailRepeat.MONTHLY:
        year, month = local_first.year, local_first.month
        while len(found) < count:
            candidate = local_instant(date(year, month, month_day(year, month, local_first.day)), at, zone)
            if candidate >= start:
                found.append(candidate)
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return found
    step = 1 if repeat == MailRepeat.DAILY else 7
    day = local_first.date()
    skip = max(0, (start.astimezone(zone).date() - day).days - 1) // step
    day += timedelta(days=skip * step)
    while len(found) < count:
        candidate = local_instant(day, at, zone)
        if candidate >= start:
            found.append(candidate)
        day += timedelta(days=step)
    return found


def first_send(repeat: MailRepeat, send_at: datetime | None, time_zone: str, now: datetime) -> datetime:
    """SPEC §5 send time required: ONCE sends now; any other kind needs the time, as a wall time in the chosen
    zone (an instant given with an offset is taken as that instant); ONCE_LATER must lie ahead; none beyond the
    last year Temporal's calendars take. Refused with `Invalid` naming `sendAt`."""
    if repeat == MailRepeat.ONCE:
        return now.replace(microsecond=0)
    if send_at is None:
        raise Invalid("sendAt", "required")
    send_at = send_at if send_at.tzinfo else send_at.replace(tzinfo=ZoneInfo(time_zone))
    send_at = send_at.astimezone(UTC).replace(microsecond=0)
    if repeat == MailRepeat.ONCE_LATER and send_at <= now:
        raise Invalid("sendAt", "in_future")
    if send_at.year > LAST_YEAR:
        raise Invalid("sendAt", "le", le=f"{LAST_YEAR}-12-31")
    return send_at


def send_at_problems(repeat: MailRepeat, send_at: datetime | None, time_zone: str, now: datetime) -> list[Problem]:
    """What `first_send` refuses, as the timed mail schema declares it (beside the form's other problems)."""
    try:
        first_send(repeat, send_at, time_zone, now)
    except Invalid as error:
        return error.problems
    return []
