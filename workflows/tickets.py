"""One workflow per ticket (`ticket-{id}`): its lifecycle, its SLA timers and its close limit.

Every user action is the `act` Workflow Update: the validator refuses an illegal one before anything
is written; an accepted one is persisted by an activity in one transaction, then applied here. The
timers are `wait_condition(..., timeout=...)` on the earliest due instant of `domain.flows.tickets.due_events`.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.tickets import notify_ticket, persist_ticket_change
    from domain.enums import TicketAction, TicketEvent
    from domain.errors import DomainError
    from domain.flows import tickets as m
    from domain.rules import tickets as rules
    from domain.rules.calendar import BusinessCalendar
    from domain.rules.inputs import find_problem
    from workflows.options import DEFAULT_ACTIVITY
    from workflows.refusals import refusal

# Mail may be down for a while: give up after some tries rather than hold the ticket's timers.
NOTIFY: dict[str, Any] = {
    "start_to_close_timeout": timedelta(seconds=60),
    "retry_policy": RetryPolicy(initial_interval=timedelta(seconds=2), maximum_interval=timedelta(minutes=1),
                                maximum_attempts=8)}
A = TicketAction
# A due event (a breach, the automatic close) whose write failed after all its attempts is tried again this
# much later: the flow waits out an outage on a timer instead of failing or retrying without end.
EVENT_RETRY = timedelta(minutes=5)


def write_refusal(exc: ActivityError) -> ApplicationError:
    """A change that could not be written: refused by the database (a value no retry fixes), or not written
    after all the activity's attempts (an outage)."""
    cause = exc.cause
    if isinstance(cause, ApplicationError) and cause.type == "DATA_REFUSED":
        details = cause.details[0] if cause.details and isinstance(cause.details[0], dict) else {}
        return refusal(DomainError("DATA_REFUSED", status=422, detail=details.get("sqlstate", "")))
    workflow.logger.warning("a ticket change was not written: %s", cause or exc)
    return refusal(DomainError("TICKET_CHANGE_FAILED", status=503))


@workflow.defn(name=m.WORKFLOW, sandboxed=False)  # docs/decisions/ticket-workflow-unsandboxed.md
class TicketWorkflow:
    @workflow.init
    def __init__(self, start: m.TicketStart) -> None:
        self.start = start
        self.state = start.state
        self.lock = asyncio.Lock()
        self.woken = False
        self._calendar: BusinessCalendar | None = None
        self.notices: list[asyncio.Future[int]] = []
        self.events_retry_at: datetime | None = None

    @property
    def calendar(self) -> BusinessCalendar:
        if self._calendar is None:
            self._calendar = self.start.calendar.build()
        return self._calendar

    @workflow.run
    async def run(self, start: m.TicketStart) -> m.TicketView:
        # The start already carries the search attributes; flows started before this change upserted them again.
        if not workflow.patched("start-without-upsert"):
            self.publish()
        workflow.set_current_details(m.flow_details(self.state, start.console_url))  # no history event
        while True:
            events = m.due_events(self.state, start.linger)
            self.woken = False
            wait = max(events[0][0] - workflow.now(), timedelta(0)) if events else None
            if wait is not None and self.events_retry_at is not None:
                wait = max(wait, self.events_retry_at - workflow.now())
            with contextlib.suppress(TimeoutError):  # the timer fired: fire_due_events handles what is due
                await workflow.wait_condition(lambda: self.woken, timeout=wait)
            if await self.fire_due_events():
                break
            info = workflow.info()
            if info.is_continue_as_new_suggested() or info.get_current_history_length() > start.history_limit:
                await workflow.wait_condition(workflow.all_handlers_finished)
                await self.settle_notices()
                workflow.continue_as_new(start.model_copy(update={"state": self.state}))
        await workflow.wait_condition(workflow.all_handlers_finished)
        await self.settle_notices()
        return m.view(self.state)

    async def fire_due_events(self) -> bool:
        """Handle every event whose instant has come, earliest first; True when the flow may end."""
        async with self.lock:
            while True:
                events = m.due_events(self.state, self.start.linger)
                if not events or events[0][0] > workflow.now():
                    return False
                event = events[0][1]
                if event == "END":
                    return True
                if self.events_retry_at is not None and workflow.now() < self.events_retry_at:
                    return False
                change = m.system_change(self.state, TicketEvent(event), workflow.now())
                try:
                    await self.persist(change)
                except ActivityError as exc:
                    workflow.logger.warning("ticket %s: %s not written, tried again in %s: %s",
                                            self.state.ticket_id, event, EVENT_RETRY, exc.cause or exc)
                    self.events_retry_at = workflow.now() + EVENT_RETRY
                    return False
                self.events_retry_at = None
                await self.notify_event(TicketEvent(event), change.seq)

    async def persist(self, change: m.TicketChange) -> None:
        await workflow.execute_activity(persist_ticket_change, change, **DEFAULT_ACTIVITY)
        self.state = change.state
        self.publish()

    def publish(self) -> None:
        """Keep the search attributes the operators filter on in step with the state."""
        self.woken = True
        workflow.upsert_search_attributes(m.search_attribute_updates(self.state))

    async def notify_event(self, event: TicketEvent, seq: int) -> None:
        state = self.state
        if event == TicketEvent.AUTO_CLOSE:
            kind, recipients, params = "TICKET_AUTO_CLOSE", [state.submitter_id, *state.watchers], {}
        else:
            clock = "FIRST_RESPONSE" if event == TicketEvent.FIRST_RESPONSE_BREACH else "RESOLVE"
            due = state.first_response_due if clock == "FIRST_RESPONSE" else state.resolve_due
            kind, recipients = "TICKET_BREACH", [state.assignee_id, *state.watchers]
            params = {"clock": clock, "due": due.isoformat(), "level": str(state.level)}
        # A breach nobody holds goes to the PIC, else to the people on duty, found by the activity.
        fallback = (event != TicketEvent.AUTO_CLOSE and state.assignee_id is None
                    and workflow.patched("breach-unassigned-to-pic-or-on-duty"))
        await self.notify(m.TicketNotice(key=f"ticket-{state.ticket_id}-{seq}", kind=kind, ticket_id=state.ticket_id,
                                         recipients=unique_ids(recipients), fallback=fallback,
                                         params={"ticketId": str(state.ticket_id), "title": state.title, **params}))

    async def notify(self, notice: m.TicketNotice) -> None:
        """Started, not awaited: a slow or failing mail server never holds the ticket's actions and timers.
        The flow waits for what is still running before it continues as new or ends (`settle_notices`)."""
        if notice.recipients or notice.fallback:
            self.notices.append(workflow.start_activity(notify_ticket, notice, **NOTIFY))

    async def settle_notices(self) -> None:
        for result in await asyncio.gather(*self.notices, return_exceptions=True):
            if isinstance(result, ActivityError):
                workflow.logger.warning("a ticket notification could not be delivered: %s", result)
        self.notices.clear()

    # ---- the update --------------------------------------------------------------------------------

    @workflow.update(name=m.ACT)
    async def act(self, command: m.TicketCommand) -> m.TicketView:
        async with self.lock:
            self.check(command)  # again: another update may have changed the state since validation
            now = workflow.now()
            in_work = self.calendar.is_work_time(now) if command.action == A.REOPEN else False
            change = m.plan(self.state, command, now, in_work)
            try:
                await self.persist(change)
            except ActivityError as exc:  # nothing was written: the update is refused, the flow goes on
                raise write_refusal(exc) from None
        await self.notify_action(command, change.seq)
        return m.view(self.state)

    async def notify_action(self, command: m.TicketCommand, seq: int) -> None:
        """A reminder goes to the assignee, or to whom the API found when nobody holds the ticket; a new
        assignee hears of the assignment."""
        state, kind, recipients = self.state, "", list[int]()
        if command.action == A.REMIND:
            kind = "TICKET_REMIND"
            if state.assignee_id is not None:
                recipients = [state.assignee_id]
            elif command.recipients and workflow.patched("remind-unassigned-to-pic-or-on-duty"):
                recipients = unique_ids(list(command.recipients))
        elif command.action == A.ASSIGN and state.assignee_id is not None:
            kind, recipients = "TICKET_ASSIGNED", [state.assignee_id]
        if recipients:
            await self.notify(m.TicketNotice(
                key=f"ticket-{state.ticket_id}-{seq}", kind=kind, ticket_id=state.ticket_id, recipients=recipients,
                params={"ticketId": str(state.ticket_id), "title": state.title, "actor": command.actor_name,
                        "message": command.content or ""}))

    @act.validator
    def validate(self, command: m.TicketCommand) -> None:
        self.check(command)

    def check(self, command: m.TicketCommand) -> None:
        state = self.state
        invalid = find_problem(command.model_dump(mode="json"))  # the API's input rules, for any caller
        if invalid is not None:
            raise refusal(DomainError("VALIDATION_FAILED", status=422, field=invalid.field, rule=invalid.rule,
                                      **invalid.params))
        try:
            rules.ensure_allowed(state.table_state, command.action)
        except DomainError as exc:
            raise refusal(exc) from None
        action = command.action
        conflict: DomainError | None = None
        if action == A.WATCH and command.actor_id in state.watchers:
            conflict = DomainError("TICKET_ALREADY_WATCHING", status=409)
        elif action == A.UNWATCH and command.actor_id not in state.watchers:
            conflict = DomainError("TICKET_NOT_WATCHING", status=409)
        elif action == A.MERGE and command.target_id == state.ticket_id:
            conflict = DomainError("TICKET_MERGE_SELF", status=409)
        elif action == A.CHANGE_PRIORITY and command.level == state.level:
            conflict = DomainError("TICKET_SAME_PRIORITY", status=409, level=str(state.level))
        elif action == A.EDIT and not command.edit:
            conflict = DomainError("TICKET_NOTHING_TO_EDIT", status=409)
        elif action == A.ASSIGN and command.assignee_id in (None, state.assignee_id):
            conflict = DomainError("TICKET_SAME_ASSIGNEE", status=409)
        if conflict is not None:
            raise refusal(conflict)

    @workflow.query(name=m.CURRENT)
    def current(self) -> m.TicketView:
        return m.view(self.state)


def unique_ids(ids: list[int | None]) -> list[int]:
    return sorted({i for i in ids if i is not None})
