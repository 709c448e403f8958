"""The ticket flow's contract: its workflow name, Update name and id, its data (workflow, update and activity
inputs), and how one action changes it.

Everything here is pure: the workflow calls `plan(...)` with `workflow.now()`, the services and the
activities share the models. See docs/tickets.md for the rules these functions follow.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field
from temporalio.common import (
    SearchAttributeKey,
    SearchAttributePair,
    SearchAttributeUpdate,
    TypedSearchAttributes,
)

from domain.enums import AttachmentKind, TicketAction, TicketEvent, TicketLevel, TicketStatus
from domain.rules import tickets as rules
from domain.rules.calendar import CalendarData

LINGER = timedelta(days=7)  # a closed ticket's flow waits this long for a reopen or unmerge, then ends
HISTORY_LIMIT = 2000  # continue-as-new beyond this many events even if the server does not suggest it yet

A, S = TicketAction, TicketStatus
WORKFLOW = "ticket"  # the workflow type's registered name
ACT = "act"  # its Update of one user action (TicketCommand -> TicketView)
CURRENT = "current"  # its query of the current view (-> TicketView)

# Custom search attributes (domain/search_attributes.py registers them on every server).
TICKET_ID = SearchAttributeKey.for_keyword("TicketId")
TICKET_STATUS = SearchAttributeKey.for_keyword("TicketStatus")
PRIORITY = SearchAttributeKey.for_keyword("Priority")
ASSIGNEE_ID = SearchAttributeKey.for_keyword("AssigneeId")


def workflow_id(ticket_id: int) -> str:
    return f"ticket-{ticket_id}"


class TicketState(BaseModel):
    """The process part of a ticket: what the workflow owns and the activity writes onto the row."""

    ticket_id: int
    title: str
    status: TicketStatus = S.NEW
    level: TicketLevel = TicketLevel.P3
    submitter_id: int | None = None
    assignee_id: int | None = None
    merged_into_id: int | None = None
    status_before_merge: TicketStatus | None = None
    watchers: list[int] = Field(default_factory=list)
    seq: int = 1
    sla_started_at: datetime
    sla_work_time: bool
    first_response_due: datetime
    resolve_due: datetime
    first_response_at: datetime | None = None
    first_response_minutes: int | None = None
    resolved_at: datetime | None = None
    resolved_in_minutes: int | None = None
    first_response_breached: bool = False
    resolve_breached: bool = False
    confirming_since: datetime | None = None
    closed_at: datetime | None = None
    closed_by_id: int | None = None
    last_reply_at: datetime | None = None

    @property
    def table_state(self) -> str:
        return rules.state_of(self.status, self.merged_into_id)


class TicketStart(BaseModel):
    state: TicketState
    calendar: CalendarData = Field(default_factory=CalendarData)
    linger: timedelta = LINGER
    history_limit: int = HISTORY_LIMIT
    console_url: str = ""  # where the flow's details in the Temporal Web UI link back to


SUMMARY_LENGTH = 200  # the Web UI shows the summary in one row of its list


def flow_summary(state: TicketState) -> str:
    """The flow's static summary, one line in the Web UI's list: which ticket this is."""
    summary = f"Ticket #{state.ticket_id}: {' '.join(state.title.split())}"
    return summary if len(summary) <= SUMMARY_LENGTH else summary[:SUMMARY_LENGTH - 1] + "…"


def flow_details(state: TicketState, console_url: str) -> str:
    """The flow's "current details" in the Temporal Web UI (markdown): the ticket and the way back to it."""
    details = f"**Ticket #{state.ticket_id}** {state.title}"
    if console_url:
        details += f"\n\n[Open ticket #{state.ticket_id} in the console]({console_url}/ticket/{state.ticket_id})"
    return details


class AttachmentIn(BaseModel):
    kind: AttachmentKind
    file_id: int | None = None
    url: str | None = None
    name: str | None = None


class TicketCommand(BaseModel):
    """One user action, the input of the `act` update."""

    action: TicketAction
    actor_id: int
    actor_name: str
    transaction_id: str = "-"
    content: str | None = None  # the comment, or the reason of a decline, reopen, unconfirm, reminder
    solution: str | None = None
    level: TicketLevel | None = None
    target_id: int | None = None
    attachments: list[AttachmentIn] = Field(default_factory=list)
    edit: dict[str, Any] = Field(default_factory=dict)  # EDIT: wire-safe values by column name
    assignee_id: int | None = None  # ASSIGN: the new assignee
    # REMIND of a ticket nobody holds: whom the API found to remind instead (the PIC, else the people on duty)
    recipients: list[int] = Field(default_factory=list)
    reached: str | None = None  # REMIND and ASSIGN: whom the action reaches, by name, for the history


class TicketChange(BaseModel):
    """Everything one history entry changes, written by one activity in one transaction."""

    ticket_id: int
    seq: int
    at: datetime
    action: str  # a TicketAction or a TicketEvent
    actor_id: int | None = None
    actor_name: str | None = None
    transaction_id: str = "-"
    from_status: TicketStatus
    state: TicketState  # the state after the change
    comment: str | None = None
    solution: str | None = None
    attachments: list[AttachmentIn] = Field(default_factory=list)
    edit: dict[str, Any] = Field(default_factory=dict)
    detail: dict[str, str] = Field(default_factory=dict)


class TicketView(BaseModel):
    ticket_id: int
    status: TicketStatus
    state: str
    level: TicketLevel
    assignee_id: int | None
    merged_into_id: int | None
    seq: int
    first_response_due: datetime
    resolve_due: datetime
    first_response_breached: bool
    resolve_breached: bool
    watchers: list[int]


class TicketNotice(BaseModel):
    """A console notification (and mail) to some users; `key` + user is the idempotency key."""

    key: str
    kind: str
    ticket_id: int
    recipients: list[int]
    params: dict[str, str] = Field(default_factory=dict)
    # nobody holds the ticket: the activity adds its PIC, else the people on duty (activities/tickets.py)
    fallback: bool = False


def view(state: TicketState) -> TicketView:
    return TicketView(ticket_id=state.ticket_id, status=state.status, state=state.table_state, level=state.level,
                      assignee_id=state.assignee_id, merged_into_id=state.merged_into_id, seq=state.seq,
                      first_response_due=state.first_response_due, resolve_due=state.resolve_due,
                      first_response_breached=state.first_response_breached,
                      resolve_breached=state.resolve_breached, watchers=list(state.watchers))


def minutes_between(start: datetime, end: datetime) -> int:
    return max(0, int((end - start).total_seconds() // 60))


def settle(state: TicketState, before: TicketStatus, now: datetime, closer: int | None) -> None:
    """The clocks and stamps that follow from entering `state.status` (from `before`)."""
    status = state.status
    if status in rules.RESOLVED_STATUSES and state.resolved_at is None:
        state.resolved_at = now
        state.resolved_in_minutes = minutes_between(state.sla_started_at, now)
    elif status not in rules.RESOLVED_STATUSES:
        state.resolved_at = None
        state.resolved_in_minutes = None
    if status == S.PENDING_FOR_CONFIRMATION:
        if before != status:
            state.confirming_since = now
    else:
        state.confirming_since = None
    if status == S.CLOSED and before != S.CLOSED:
        state.closed_at, state.closed_by_id = now, closer
    elif status != S.CLOSED:
        state.closed_at, state.closed_by_id = None, None


def plan(state: TicketState, command: TicketCommand, now: datetime, in_work_time: bool) -> TicketChange:
    """The change an accepted command makes. `in_work_time`: whether `now` is work time (used by reopen)."""
    action = command.action
    after = state.model_copy(deep=True)
    after.seq = state.seq + 1
    after.status = TicketStatus(rules.next_status(state.table_state, action, current=state.status,
                                                  before_merge=state.status_before_merge))
    detail: dict[str, str] = {}
    if action == A.CLAIM or (action == A.START_PROCESSING and after.assignee_id is None):
        after.assignee_id = command.actor_id
    if after.first_response_at is None and rules.counts_as_response(action, command.actor_id, state.submitter_id):
        after.first_response_at = now
        after.first_response_minutes = minutes_between(state.sla_started_at, now)
    if action == A.MERGE:
        after.status_before_merge, after.merged_into_id = state.status, command.target_id
        detail["targetId"] = str(command.target_id)
    elif action == A.UNMERGE:
        detail["targetId"] = str(state.merged_into_id)
        after.status_before_merge, after.merged_into_id = None, None
    elif action == A.CHANGE_PRIORITY and command.level is not None:
        after.level = command.level
        after.first_response_due, after.resolve_due = rules.deadlines(command.level, state.sla_started_at,
                                                                      state.sla_work_time)
        detail |= {"from": state.level, "to": command.level}
    elif action == A.REOPEN:
        after.sla_started_at, after.sla_work_time = now, in_work_time
        after.resolve_due = rules.deadlines(after.level, now, in_work_time)[1]
    elif action == A.WATCH and command.actor_id not in after.watchers:
        after.watchers.append(command.actor_id)
    elif action == A.UNWATCH:
        after.watchers = [w for w in after.watchers if w != command.actor_id]
    elif action == A.COMMENT:
        after.last_reply_at = now
    elif action == A.EDIT:
        if command.edit.get("title"):
            after.title = str(command.edit["title"])
        detail["fields"] = ", ".join(sorted(command.edit))
    elif action == A.ASSIGN:
        after.assignee_id = command.assignee_id
        detail["assigneeId"] = str(command.assignee_id)
    if action in (A.ASSIGN, A.REMIND) and command.reached:
        detail["reached"] = command.reached
    settle(after, state.status, now, command.actor_id)
    if command.content and action != A.COMMENT:
        detail["reason"] = command.content
    return TicketChange(
        ticket_id=state.ticket_id, seq=after.seq, at=now, action=action, actor_id=command.actor_id,
        actor_name=command.actor_name, transaction_id=command.transaction_id, from_status=state.status,
        state=after, comment=command.content if action == A.COMMENT else None,
        solution=command.solution if action == A.COMPLETE else None, attachments=command.attachments,
        edit=command.edit if action == A.EDIT else {}, detail=detail)


def system_change(state: TicketState, event: TicketEvent, now: datetime) -> TicketChange:
    """A change the workflow makes on its own: a breached deadline or the automatic close."""
    after = state.model_copy(deep=True)
    after.seq = state.seq + 1
    detail: dict[str, str] = {}
    if event == TicketEvent.FIRST_RESPONSE_BREACH:
        after.first_response_breached = True
        detail["due"] = state.first_response_due.isoformat()
    elif event == TicketEvent.RESOLVE_BREACH:
        after.resolve_breached = True
        detail["due"] = state.resolve_due.isoformat()
    elif event == TicketEvent.AUTO_CLOSE:
        after.status = S.CLOSED
        settle(after, state.status, now, None)
    return TicketChange(ticket_id=state.ticket_id, seq=after.seq, at=now, action=event, from_status=state.status,
                        state=after, detail=detail)


def due_events(state: TicketState, linger: timedelta) -> list[tuple[datetime, str]]:
    """The instants the workflow must wake at, with what happens then ("END": the flow may finish)."""
    events: list[tuple[datetime, str]] = []
    open_ = state.table_state not in rules.FINAL
    if open_ and state.first_response_at is None and not state.first_response_breached:
        events.append((state.first_response_due, TicketEvent.FIRST_RESPONSE_BREACH))
    if open_ and state.status not in rules.RESOLVED_STATUSES and not state.resolve_breached:
        events.append((state.resolve_due, TicketEvent.RESOLVE_BREACH))
    if state.status == S.PENDING_FOR_CONFIRMATION and state.confirming_since is not None:
        events.append((state.confirming_since + rules.CLOSE_LIMIT, TicketEvent.AUTO_CLOSE))
    if not open_:
        events.append((final_since(state) + linger, "END"))
    return sorted(events)


def final_since(state: TicketState) -> datetime:
    """When the ticket reached its final state, as far as the state tells (the close, else the resolution)."""
    return state.closed_at or state.resolved_at or state.sla_started_at


def search_attributes(state: TicketState) -> TypedSearchAttributes:
    """At start: TicketId, TicketStatus (MERGED for a merged ticket), Priority and AssigneeId when assigned."""
    pairs = [SearchAttributePair(TICKET_ID, str(state.ticket_id)),
             SearchAttributePair(TICKET_STATUS, state.table_state), SearchAttributePair(PRIORITY, str(state.level))]
    if state.assignee_id is not None:
        pairs.append(SearchAttributePair(ASSIGNEE_ID, str(state.assignee_id)))
    return TypedSearchAttributes(pairs)


def search_attribute_updates(state: TicketState) -> list[SearchAttributeUpdate[Any]]:
    return [TICKET_ID.value_set(str(state.ticket_id)), TICKET_STATUS.value_set(state.table_state),
            PRIORITY.value_set(str(state.level)),
            ASSIGNEE_ID.value_set(str(state.assignee_id)) if state.assignee_id is not None
            else ASSIGNEE_ID.value_unset()]
