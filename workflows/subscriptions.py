"""One workflow per subscribe or gift request; its id is the request's idempotency key, so a double submit
joins the running flow (docs/subscriptions.md).

dialog (start, with its second confirmation checked and written by the dialog's call) -> `decide` (approval by
another person holding the approval permission, or refusal) -> the apply activity, one transaction. A deadline
timer expires a request nobody decided in time (or, for a run started awaiting its confirmation, which no call
gives any more, nobody confirmed).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.plans import renew_plan
    from activities.subscriptions import apply_subscription, record_request
    from domain.enums import SubscriptionRequestState
    from domain.errors import DomainError, Forbidden, Invalid
    from domain.flows import subscriptions as m
    from domain.flows.plans import PlanRenewal
    from workflows.options import DEFAULT_ACTIVITY, STEP_FAILED
    from workflows.refusals import refusal

R = SubscriptionRequestState
A = TypeVar("A")
T = TypeVar("T")
# The request's steps (state change, apply transaction, plan signal) run as local activities: in the worker, within
# the workflow task of the decide Update, instead of a scheduled activity task and another workflow task
# each. A request costs three workflow tasks instead of six, and a step no server round trip. Flows begun before
# keep their scheduled activities on replay.
LOCAL_STEPS = "subscription-local-steps"


@workflow.defn(name=m.WORKFLOW, sandboxed=False)  # like tickets: docs/decisions/ticket-workflow-unsandboxed.md
class SubscriptionRequestWorkflow:
    @workflow.init
    def __init__(self, start: m.RequestStart) -> None:
        self.start = start
        self.state = start.state
        resumed = start.resume.deadline_at if start.resume else None
        self.deadline: datetime = resumed or start.deadline_at or workflow.now() + start.confirm_within
        self.approver_id: int | None = start.resume.approver_id if start.resume else None
        self.decided_at: datetime | None = None
        self.reason: str | None = None
        self.subscription_id: int | None = None
        self.periods: list[tuple[datetime, datetime]] = []
        self.lock = asyncio.Lock()
        self.woken = False

    @workflow.run
    async def run(self, start: m.RequestStart) -> m.RequestView:
        workflow.set_current_details(m.flow_details(start))
        if start.resume is not None and self.state == R.FAILED:
            await self.apply_again(start.resume)
        while self.state in m.LIVE:
            self.woken = False
            wait = max(self.deadline - workflow.now(), timedelta(0))
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self.woken, timeout=wait)
            async with self.lock:
                if self.state in m.LIVE and workflow.now() >= self.deadline:
                    await self.expire()
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self.view()

    async def expire(self) -> None:
        try:
            await self.record(R.EXPIRED, reason="deadline")
        except STEP_FAILED as exc:  # an outage: try again a little later rather than fail the flow
            workflow.logger.warning("request %s not expired yet: %s", self.start.request_id, cause_of(exc))
            self.deadline = workflow.now() + timedelta(minutes=5)

    async def record(self, state: SubscriptionRequestState, *, actor_id: int | None = None,
                     actor_name: str | None = None, reason: str | None = None,
                     deadline: datetime | None = None, transaction_id: str = "-") -> None:
        """Writes the state change onto the request row, then takes it here."""
        now = workflow.now()
        await self.step(record_request, m.RequestChange(
            request_id=self.start.request_id, from_state=self.state, state=state, at=now, actor_id=actor_id,
            actor_name=actor_name, deadline_at=deadline, reason=reason, transaction_id=transaction_id))
        self.take(state, reason=reason, deadline=deadline)
        if state not in (R.AWAITING_CONFIRMATION, R.AWAITING_APPROVAL):
            self.decided_at, self.approver_id = now, actor_id if state != R.EXPIRED else None

    def take(self, state: SubscriptionRequestState, *, reason: str | None = None,
             deadline: datetime | None = None) -> None:
        self.state, self.reason, self.woken = state, reason, True
        if deadline is not None:
            self.deadline = deadline
        workflow.upsert_search_attributes([m.REQUEST_STATE.value_set(state.value)])

    def view(self) -> m.RequestView:
        return m.RequestView(request_id=self.start.request_id, workflow_id=self.start.workflow_id, state=self.state,
                             deadline_at=self.deadline if self.state in m.LIVE else None,
                             approver_id=self.approver_id, decided_at=self.decided_at, reason=self.reason,
                             subscription_id=self.subscription_id, periods=self.periods)

    # ---- approval ----------------------------------------------------------------------------------

    @workflow.update(name=m.DECIDE)
    async def decide(self, command: m.DecideCommand) -> m.RequestView:
        async with self.lock:
            self.check_decide(command)
            if not command.approve:
                try:
                    await self.record(R.REFUSED, actor_id=command.actor_id, actor_name=command.actor_name,
                                      reason=command.reason, transaction_id=command.transaction_id)
                except STEP_FAILED as exc:
                    raise not_written(exc) from None
                return self.view()
            failed = await self.apply(command)
            if failed:
                raise refusal(DomainError("SUBSCRIPTION_APPLY_FAILED", status=409, reason=failed))
        return self.view()

    async def apply_again(self, resume: m.Resume) -> None:
        """A failed request retried: the approval it had stands, the transaction runs again (keyed by the
        request, so it writes once). Refused again, the request stays failed with the new reason; an outage
        fails this run, and the request can be retried once more."""
        async with self.lock:
            await self.apply(m.DecideCommand(
                actor_id=resume.approver_id or 0, actor_name=resume.approver_name, approve=True, may_approve=True,
                transaction_id=resume.transaction_id))

    async def apply(self, command: m.DecideCommand) -> str | None:
        """The one transaction; a value the database refuses (an overlapping base period, a receipt or serial
        already booked) fails the request, whose reason it returns; an outage leaves it as it was (refused)."""
        now = workflow.now()
        try:
            applied = await self.step(apply_subscription, m.ApplyInput(
                request_id=self.start.request_id, workflow_id=self.start.workflow_id,
                requested_by=self.start.requested_by, approver_id=command.actor_id,
                approver_name=command.actor_name, at=now, draft=self.start.draft,
                transaction_id=command.transaction_id))
        except STEP_FAILED as exc:
            cause = cause_of(exc)
            if not (isinstance(cause, ApplicationError) and cause.non_retryable):
                raise not_written(exc) from None
            reason = cause.type or "DATA_REFUSED"
            with contextlib.suppress(*STEP_FAILED):
                await self.record(R.FAILED, actor_id=command.actor_id, actor_name=command.actor_name,
                                  reason=reason, transaction_id=command.transaction_id)
            return reason
        self.subscription_id, self.periods = applied.subscription_id, applied.periods
        self.take(R.APPLIED)
        self.decided_at, self.approver_id = now, command.actor_id
        renewal = applied.renewal(self.start.draft.merchant_id, self.start.request_id)
        if renewal is not None and not applied.plan_told:  # the apply step could not tell the plan flow
            await self.renew_plan(renewal)
        return None

    async def renew_plan(self, renewal: PlanRenewal) -> None:
        """Signal-with-start of the merchant's plan flow (`plan-{merchantId}`), whose timers move to the new end.
        The request is applied whatever happens here: the plan flow also adopts an end it missed."""
        try:
            await self.step(renew_plan, renewal)
        except STEP_FAILED as exc:
            workflow.logger.warning("plan flow of merchant %s not told of request %s: %s",
                                    renewal.merchant_id, self.start.request_id, cause_of(exc))

    @decide.validator
    def validate_decide(self, command: m.DecideCommand) -> None:
        self.check_decide(command)
        if self.lock.locked():  # another decision is being written: refused at once rather than queued behind it
            raise refusal(DomainError("SUBSCRIPTION_BEING_DECIDED", status=409))

    def check_decide(self, command: m.DecideCommand) -> None:
        self.ensure_state(R.AWAITING_APPROVAL)
        if not command.may_approve:
            raise refusal(Forbidden())
        if command.actor_id == self.start.requested_by:  # never the requester (the CHECK in the database too)
            raise refusal(DomainError("SUBSCRIPTION_OWN_REQUEST", status=409))
        if not command.approve and not (command.reason or "").strip():
            raise refusal(Invalid("reason", "required"))

    def ensure_state(self, wanted: SubscriptionRequestState) -> None:
        if self.state != wanted:
            raise refusal(DomainError("SUBSCRIPTION_NOT_AWAITING", status=409, state=self.state.value))

    @workflow.query
    def current(self) -> m.RequestView:
        return self.view()

    async def step(self, activity: Callable[[A], Awaitable[T]], arg: A) -> T:
        """One of the request's steps, local to the worker (see LOCAL_STEPS); same timeouts and retries. A run
        started as local (`local_steps`) asks no patch: the marker and its search attribute update cost the
        server a visibility write per request."""
        if self.start.local_steps or workflow.patched(LOCAL_STEPS):
            return await workflow.execute_local_activity(activity, arg, **DEFAULT_ACTIVITY)
        return await workflow.execute_activity(activity, arg, **DEFAULT_ACTIVITY)




def cause_of(exc: BaseException) -> BaseException:
    return (exc.cause or exc) if isinstance(exc, ActivityError) else exc


def not_written(exc: BaseException) -> ApplicationError:
    """A change the activity could not write after all its attempts: refused for now, try again."""
    workflow.logger.warning("a subscription request change was not written: %s", cause_of(exc))
    return refusal(DomainError("SUBSCRIPTION_CHANGE_FAILED", status=503))
