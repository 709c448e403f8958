"""One workflow per merchant (`plan-{merchantId}`): the plan's reminders 30 and 14 days before its end, its
expiry at the end, and the `renew` signal that moves both. The timers are durable: no sweep job looks for
plans about to end. See docs/plans.md.
"""

from __future__ import annotations

import contextlib
from datetime import datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from activities.plans import expire_plan, read_plan, remind_plan, revive_plan_accounts
    from domain.enums import PlanName
    from domain.flows import plans as m
    from domain.rules import plans as rules
    from workflows.options import DEFAULT_ACTIVITY, STEP_FAILED

# Mail may be down for a while: a reminder gives up after some tries rather than hold the plan's expiry.
NOTIFY: dict[str, Any] = {
    "start_to_close_timeout": timedelta(seconds=60),
    "retry_policy": RetryPolicy(initial_interval=timedelta(seconds=2), maximum_interval=timedelta(minutes=1),
                                maximum_attempts=8)}
# An expiry whose write failed after all its attempts is tried again this much later (an outage is waited out).
EVENT_RETRY = timedelta(minutes=5)
# A timer that fires reads the plan's end from the merchant row before it reminds or expires: a renewal moves the
# plan without a signal (docs/decisions/subscription-requests.md). Flows whose timer fired before keep their replay.
READS_END = "plan-reads-its-end"


@workflow.defn(name=m.WORKFLOW, sandboxed=False)  # docs/decisions/ticket-workflow-unsandboxed.md
class PlanWorkflow:
    @workflow.init
    def __init__(self, start: m.PlanStart) -> None:
        self.start = start
        self.state = start.state
        self.woken = False
        # the plan as the start's search attributes show it, until the run first shows its own
        self.started_as = start.state.model_copy(deep=True) if start.attributes_set else None

    @workflow.run
    async def run(self, start: m.PlanStart) -> m.PlanState:
        while True:
            self.show()
            if self.state.revive:
                await self.revive()
            event = rules.next_event(self.state.expire_at, self.state.reminded, self.state.expired_at)
            self.woken = False
            wait = max(event[0] - workflow.now(), timedelta(0)) if event else None
            with contextlib.suppress(TimeoutError):  # the timer fired: handled below
                await workflow.wait_condition(lambda: self.woken, timeout=wait)
            if self.woken:
                continue  # a renewal moved the plan: compute the next event again
            if event is not None and event[1] == "END":
                break
            if event is not None and workflow.patched(READS_END) and await self.renewed():
                continue  # the plan runs on: sleep until its next event
            if event is not None:
                await (self.remind() if event[1] == "REMIND" else self.expire())
            info = workflow.info()
            if info.is_continue_as_new_suggested() or info.get_current_history_length() > start.history_limit:
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(start.model_copy(update={"state": self.state, "attributes_set": False}))
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self.state

    def show(self) -> None:
        """Search attributes and the flow's details in the Web UI, in step with the plan (not set again when
        the start set them to this very plan)."""
        if self.started_as is None or self.state != self.started_as:
            workflow.upsert_search_attributes(m.search_attribute_updates(self.state))
        self.started_as = None
        workflow.set_current_details(m.flow_details(self.state, self.start.console_url))

    async def renewed(self) -> bool:
        """Whether the merchant row holds a later end than the flow's (a renewal that was not signalled), which
        the flow then adopts; a plan name changed within the same period is taken too. An outage leaves the
        flow's own end standing: the expiry step reads the row again before it writes."""
        try:
            now = await workflow.execute_local_activity(read_plan, self.state.merchant_id, **DEFAULT_ACTIVITY)
        except STEP_FAILED as exc:
            workflow.logger.warning("plan %s: the merchant's end not read: %s", self.state.merchant_id, exc)
            return False
        if now.expire_at is not None and rules.renewal_moves(self.state.expire_at, now.expire_at):
            self.move(now.expire_at, now.plan_name)
            return True
        if now.expire_at == self.state.expire_at and now.plan_name != self.state.plan_name:
            self.state.plan_name = now.plan_name  # shown (and reminded of) as the merchant now has it
        return False

    async def remind(self) -> None:
        state = self.state
        days = rules.due_reminder(state.expire_at, state.reminded, workflow.now())
        if days is None:  # past the end (the flow began after it): too late to remind, the expiry is next;
            state.reminded = sorted({*state.reminded, *rules.REMINDER_DAYS})  # else the loop asks again forever
            return
        # marked first: a reminder that could not be delivered after all its tries is not sent again
        state.reminded = sorted({*state.reminded, *rules.passed_reminders(days)})
        try:
            await workflow.execute_activity(remind_plan, m.PlanReminder(
                merchant_id=state.merchant_id, plan_name=state.plan_name, expire_at=state.expire_at, days=days),
                **NOTIFY)
        except ActivityError as exc:
            workflow.logger.warning("plan %s: the %s-day reminder was not delivered: %s", state.merchant_id, days,
                                    exc.cause or exc)

    async def expire(self) -> None:
        state = self.state
        try:
            result = await workflow.execute_activity(expire_plan, m.PlanExpiry(
                merchant_id=state.merchant_id, expire_at=state.expire_at, at=workflow.now()), **DEFAULT_ACTIVITY)
        except ActivityError as exc:
            workflow.logger.warning("plan %s: expiry not written, tried again in %s: %s", state.merchant_id,
                                    EVENT_RETRY, exc.cause or exc)
            await workflow.sleep(EVENT_RETRY)
            return
        if result.expired:
            state.expired_at = workflow.now()
        elif result.expire_at is not None:  # renewed without the flow hearing of it: adopt the database's end
            self.move(result.expire_at, result.plan_name)

    async def revive(self) -> None:
        self.state.revive = False
        try:
            await workflow.execute_activity(revive_plan_accounts, args=[self.state.merchant_id, workflow.now()],
                                            **DEFAULT_ACTIVITY)
        except ActivityError as exc:
            workflow.logger.warning("plan %s: account status not given back: %s", self.state.merchant_id,
                                    exc.cause or exc)

    def move(self, expire_at: datetime, plan_name: PlanName | None) -> None:
        state = self.state
        state.revive = state.revive or state.expired_at is not None
        state.expire_at, state.plan_name, state.reminded, state.expired_at = expire_at, plan_name, [], None
        self.woken = True

    @workflow.signal(name=m.SIGNAL)
    def renew(self, renewal: m.PlanRenewal) -> None:
        """The subscription flow applied a subscription: the plan now ends at `expire_at`."""
        if rules.renewal_moves(self.state.expire_at, renewal.expire_at):
            self.move(renewal.expire_at, renewal.plan_name)
        elif renewal.plan_name != self.state.plan_name and renewal.expire_at == self.state.expire_at:
            self.state.plan_name = renewal.plan_name  # an upgrade within the same period
            self.woken = True

    @workflow.query
    def current(self) -> m.PlanState:
        return self.state
