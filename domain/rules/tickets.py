"""Ticket rules: the SLA (SPEC §9) and the transition table (SPEC §4, docs/tickets.md). Pure: no clock, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from domain.enums import TicketAction, TicketStatus
from domain.errors import DomainError
from domain.rules.calendar import BusinessCalendar

# priority -> (first response in work time, first response outside it, resolve), in minutes
SLA_MINUTES: dict[str, tuple[int, int, int]] = {
    "P0": (15, 30, 120),
    "P1": (30, 60, 360),
    "P2": (60, 1020, 720),
    "P3": (120, 1020, 2880),
}
CLOSE_LIMIT = timedelta(minutes=4320)  # a ticket pending confirmation this long is closed (3 days)

# SPEC §4: issue levels low, moderate, substantial, severe, critical map to P4 to P0.
ISSUE_LEVELS: dict[str, str] = {
    "LOW": "P4", "MODERATE": "P3", "SUBSTANTIAL": "P2", "SEVERE": "P1", "CRITICAL": "P0",
}
LEVELS_TO_ISSUE = {level: issue for issue, level in ISSUE_LEVELS.items()}


@dataclass(frozen=True)
class SlaLimits:
    first_response: timedelta
    resolve: timedelta
    in_work_time: bool


def sla_priority(priority: str | None) -> str:
    """P0 (also written PO), P1, P2, P3; any other value is treated as P3."""
    code = (priority or "").strip().upper()
    if code == "PO":
        code = "P0"
    return code if code in SLA_MINUTES else "P3"


def sla_limits(priority: str | None, created_at: datetime, calendar: BusinessCalendar) -> SlaLimits:
    return limits_for(priority, calendar.is_work_time(created_at))


def limits_for(priority: str | None, in_work_time: bool) -> SlaLimits:
    """The limits once it is known whether the clock started in work time."""
    work, non_work, resolve = SLA_MINUTES[sla_priority(priority)]
    return SlaLimits(first_response=timedelta(minutes=work if in_work_time else non_work),
                     resolve=timedelta(minutes=resolve), in_work_time=in_work_time)


def deadlines(priority: str | None, started_at: datetime, in_work_time: bool) -> tuple[datetime, datetime]:
    """(first response due, resolve due). A priority change calls this again with the same start, so the
    time already elapsed keeps counting against the new limits."""
    limits = limits_for(priority, in_work_time)
    return started_at + limits.first_response, started_at + limits.resolve


def within_limit(elapsed: timedelta, limit: timedelta) -> bool:
    """The check passes when elapsed time is within the applicable limit (the limit itself included)."""
    return elapsed <= limit


def elapsed_display(elapsed: timedelta) -> tuple[int, str]:
    """Up to 300 minutes as minutes, under 4320 minutes as hours, otherwise days (whole units, down)."""
    minutes = int(elapsed.total_seconds() // 60)
    if minutes <= 300:
        return minutes, "minutes"
    if minutes < 4320:
        return minutes // 60, "hours"
    return minutes // 1440, "days"


# ---- the transition table (docs/tickets.md) ----------------------------------------------------

S, A = TicketStatus, TicketAction
MERGED = "MERGED"  # the table's name for a CLOSED ticket that was merged into another one
STATES: tuple[str, ...] = (*(s.value for s in TicketStatus), MERGED)
ACTIVE = (S.NEW, S.PENDING_FOR_OPERATION, S.WORK_IN_PROCESS, S.PENDING)  # not resolved yet
OPEN = (*ACTIVE, S.RESOLVED, S.PENDING_FOR_CONFIRMATION)
FINAL = (S.CLOSED, S.WONT_FIX, MERGED)
KEEP = "KEEP"  # the status stays as it is
RESTORE = "RESTORE"  # back to the status the ticket had before it was merged


def _to(target: str, *sources: str) -> dict[str, str]:
    return dict.fromkeys(sources, target)


# action -> {state it may be taken in -> status it leads to}
TRANSITIONS: dict[TicketAction, dict[str, str]] = {
    A.START_PROCESSING: _to(S.WORK_IN_PROCESS, S.NEW, S.PENDING_FOR_OPERATION, S.PENDING),
    A.CLAIM: {S.NEW: S.PENDING_FOR_OPERATION, **_to(KEEP, S.PENDING_FOR_OPERATION, S.WORK_IN_PROCESS, S.PENDING)},
    A.HOLD: _to(S.PENDING, S.PENDING_FOR_OPERATION, S.WORK_IN_PROCESS),
    A.COMPLETE: _to(S.RESOLVED, S.WORK_IN_PROCESS),
    A.APPROVE: _to(S.PENDING_FOR_CONFIRMATION, S.RESOLVED),
    A.UNCONFIRM: _to(S.WORK_IN_PROCESS, S.RESOLVED, S.PENDING_FOR_CONFIRMATION),
    A.CONFIRM: _to(S.CLOSED, S.PENDING_FOR_CONFIRMATION),
    A.WONT_FIX: _to(S.WONT_FIX, *ACTIVE),
    A.REOPEN: _to(S.PENDING_FOR_OPERATION, S.CLOSED, S.WONT_FIX),
    A.MERGE: _to(S.CLOSED, *ACTIVE),
    A.UNMERGE: _to(RESTORE, MERGED),
    A.WATCH: _to(KEEP, *STATES),
    A.UNWATCH: _to(KEEP, *STATES),
    A.REMIND: _to(KEEP, *OPEN),
    A.COMMENT: _to(KEEP, *OPEN, S.CLOSED, S.WONT_FIX),
    A.CHANGE_PRIORITY: _to(KEEP, *OPEN),
    A.EDIT: _to(KEEP, *OPEN),
    # handing the ticket to someone: a new ticket is then taken, as a claim would take it
    A.ASSIGN: {S.NEW: S.PENDING_FOR_OPERATION, **_to(KEEP, *OPEN[1:])},
}

# The button (authority identifier) each action needs; WATCH and UNWATCH share one.
PERMISSIONS: dict[TicketAction, str] = {
    A.START_PROCESSING: "ticket#start", A.CLAIM: "ticket#claim", A.HOLD: "ticket#hold",
    A.COMPLETE: "ticket#complete", A.APPROVE: "ticket#approve", A.UNCONFIRM: "ticket#unconfirm",
    A.CONFIRM: "ticket#confirm", A.WONT_FIX: "ticket#wont-fix", A.REOPEN: "ticket#reopen",
    A.MERGE: "ticket#merge", A.UNMERGE: "ticket#unmerge", A.WATCH: "ticket#watch", A.UNWATCH: "ticket#watch",
    A.REMIND: "ticket#remind", A.COMMENT: "ticket#comment", A.CHANGE_PRIORITY: "ticket#priority",
    A.EDIT: "ticket#edit", A.ASSIGN: "ticket#assign",
}

# Actions that count as the first response when the ticket has none yet (a comment only from someone
# other than the submitter).
RESPONSES = frozenset({A.START_PROCESSING, A.CLAIM, A.HOLD, A.COMPLETE, A.WONT_FIX, A.MERGE, A.COMMENT})
# Statuses in which the resolve clock has stopped: the technical side is done or the ticket is shut.
RESOLVED_STATUSES = frozenset({S.RESOLVED, S.PENDING_FOR_CONFIRMATION, S.CLOSED, S.WONT_FIX})


def state_of(status: str, merged_into: int | None = None) -> str:
    return MERGED if status == S.CLOSED and merged_into is not None else str(status)


def allowed_actions(state: str) -> list[TicketAction]:
    return [action for action, sources in TRANSITIONS.items() if state in sources]


def ensure_allowed(state: str, action: TicketAction | str) -> str:
    """The target of `action` taken in `state` (KEEP or RESTORE included); refuses anything else with
    TICKET_ILLEGAL_TRANSITION, a 409 whose message names the state and the action."""
    target = TRANSITIONS.get(TicketAction(action), {}).get(state)
    if target is None:
        raise DomainError("TICKET_ILLEGAL_TRANSITION", status=409, state=state, action=str(action))
    return target


def next_status(state: str, action: TicketAction | str, *, current: str, before_merge: str | None) -> str:
    """The status after `action`: KEEP leaves `current`, RESTORE goes back to `before_merge`."""
    target = ensure_allowed(state, action)
    if target == KEEP:
        return current
    if target == RESTORE:
        return before_merge or S.PENDING_FOR_OPERATION
    return target


def offered(action: TicketAction, *, actor_id: int, assignee_id: int | None, watching: bool) -> bool:
    """Whether the detail page offers an allowed action to this user: no watch while watching, no unwatch
    while not, no claim of a ticket the user already holds."""
    if action == A.WATCH:
        return not watching
    if action == A.UNWATCH:
        return watching
    if action == A.CLAIM:
        return assignee_id != actor_id
    return True


# ---- a priority change, before it is made (the change-priority dialog) ---------------------------

@dataclass(frozen=True)
class PriorityPreview:
    first_response_due: datetime
    resolve_due: datetime
    breaches_now: tuple[str, ...]  # the clocks ("FIRST_RESPONSE", "RESOLVE") the change would breach at once


def priority_preview(priority: str, started_at: datetime, in_work_time: bool, now: datetime, *,
                     first_response_running: bool, resolve_running: bool) -> PriorityPreview:
    """The deadlines a priority change gives (from the same start: elapsed time keeps counting) and the clocks
    still running whose new deadline is already past, i.e. that the change breaches as soon as it is made."""
    first_due, resolve_due = deadlines(priority, started_at, in_work_time)
    breaches = tuple(clock for clock, due, running in (("FIRST_RESPONSE", first_due, first_response_running),
                                                       ("RESOLVE", resolve_due, resolve_running))
                     if running and due <= now)
    return PriorityPreview(first_response_due=first_due, resolve_due=resolve_due, breaches_now=breaches)


def counts_as_response(action: TicketAction | str, actor_id: int | None, submitter_id: int | None) -> bool:
    if action == A.COMMENT:
        return actor_id is not None and actor_id != submitter_id
    return action in RESPONSES
