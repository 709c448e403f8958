"""Tickets (SPEC §4), their attachments, the working-day calendar of their SLA and the report date presets."""

from __future__ import annotations

from enum import StrEnum


class TicketStatus(StrEnum):
    """SPEC §4: new, pending for operation, processing, resolved (technical side done), confirming (customer
    service must confirm), closed (shut by customer service), pending, won't fix."""

    NEW = "NEW"
    PENDING_FOR_OPERATION = "PENDING_FOR_OPERATION"
    WORK_IN_PROCESS = "WORK_IN_PROCESS"
    RESOLVED = "RESOLVED"
    PENDING_FOR_CONFIRMATION = "PENDING_FOR_CONFIRMATION"
    CLOSED = "CLOSED"
    PENDING = "PENDING"
    WONT_FIX = "WONT_FIX"


class TicketLevel(StrEnum):
    """Issue level codes; SLA treats P4 (and anything unknown) as P3."""

    P0 = "P0"
    P1 = "P1"
    P2 = "P2"
    P3 = "P3"
    P4 = "P4"


class TicketIssueLevel(StrEnum):
    """SPEC §4: issue levels low, moderate, substantial, severe, critical map to P4 to P0."""

    LOW = "LOW"
    MODERATE = "MODERATE"
    SUBSTANTIAL = "SUBSTANTIAL"
    SEVERE = "SEVERE"
    CRITICAL = "CRITICAL"


class TicketIssueType(StrEnum):
    PRODUCT_SYNC = "PRODUCT_SYNC"
    ORDER_SYNC = "ORDER_SYNC"
    PUSH_TO_THIRD_WAREHOUSE = "PUSH_TO_THIRD_WAREHOUSE"
    ORDER_SHIPMENTS = "ORDER_SHIPMENTS"
    ORDER_PRINT_LABEL = "ORDER_PRINT_LABEL"
    OTHERS = "OTHERS"


class TicketAction(StrEnum):
    """What a user may ask of a ticket; each is one Workflow Update (docs/tickets.md has the table)."""

    START_PROCESSING = "START_PROCESSING"
    CLAIM = "CLAIM"
    HOLD = "HOLD"
    COMPLETE = "COMPLETE"
    APPROVE = "APPROVE"
    UNCONFIRM = "UNCONFIRM"
    CONFIRM = "CONFIRM"
    WONT_FIX = "WONT_FIX"
    REOPEN = "REOPEN"
    MERGE = "MERGE"
    UNMERGE = "UNMERGE"
    WATCH = "WATCH"
    UNWATCH = "UNWATCH"
    REMIND = "REMIND"
    COMMENT = "COMMENT"
    CHANGE_PRIORITY = "CHANGE_PRIORITY"
    EDIT = "EDIT"
    ASSIGN = "ASSIGN"


class TicketEvent(StrEnum):
    """History entries the system writes itself, beside the users' actions."""

    CREATE = "CREATE"
    FIRST_RESPONSE_BREACH = "FIRST_RESPONSE_BREACH"
    RESOLVE_BREACH = "RESOLVE_BREACH"
    AUTO_CLOSE = "AUTO_CLOSE"


class TicketScope(StrEnum):
    """Which tickets a search looks at: all, mine (submitted), assigned to me, watched."""

    ALL = "ALL"
    MINE = "MINE"
    ASSIGNED = "ASSIGNED"
    WATCHED = "WATCHED"


class AttachmentKind(StrEnum):
    IMAGE = "IMAGE"
    VIDEO = "VIDEO"


class CalendarDayKind(StrEnum):
    """A holiday (no work on a weekday) or a make-up working day (work on a weekend)."""

    HOLIDAY = "HOLIDAY"
    WORKDAY = "WORKDAY"


class DatePreset(StrEnum):
    """SPEC §9: date presets yesterday, today, week, month, quarter, year."""

    YESTERDAY = "YESTERDAY"
    TODAY = "TODAY"
    WEEK = "WEEK"
    MONTH = "MONTH"
    QUARTER = "QUARTER"
    YEAR = "YEAR"
