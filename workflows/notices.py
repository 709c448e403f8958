"""One flow per notice or FAQ (`notice-{id}`): sleeps on a durable timer until its release time, marks it
PUBLISHED, sleeps until its end time, marks it EXPIRED, and ends (SPEC §4). Nobody polls: the timers live in
Temporal and survive restarts of the worker and of Temporal itself.

A notice whose times change is sent the new plan (signal-with-start: the running flow re-plans at once, an
ended one starts again). Each write names the times it was planned for, so a write for an old plan changes
nothing."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from activities.notices import mark_release, reconcile_notice_flows
    from domain.enums import ReleaseStatus
    from domain.flows.notices import RECONCILE_WORKFLOW, RESCHEDULE, WORKFLOW, NoticeMark, NoticeRelease
    from domain.rules import notices as rules
    from workflows.options import DEFAULT_ACTIVITY

ORDER = [ReleaseStatus.TO_BE_RELEASED, ReleaseStatus.PUBLISHED, ReleaseStatus.EXPIRED]


@workflow.defn(name=WORKFLOW)
class NoticeReleaseWorkflow:
    @workflow.init
    def __init__(self, start: NoticeRelease) -> None:
        self.plan = start
        self.written: ReleaseStatus | None = None  # the last status written for the current plan

    @workflow.signal(name=RESCHEDULE)
    def reschedule(self, plan: NoticeRelease) -> None:
        """The notice was saved with (maybe) other times: follow them from now on."""
        if plan != self.plan:
            self.plan, self.written = plan, None

    @workflow.run
    async def run(self, start: NoticeRelease) -> ReleaseStatus | None:
        while True:
            plan = self.plan
            done = ORDER.index(self.written) if self.written else 0
            todo = [(at, s) for at, s in rules.steps(plan.release_at, plan.end_at) if ORDER.index(s) > done]
            if not todo:
                return self.written
            at, status = todo[0]
            wait = at - workflow.now()
            if wait > timedelta(0) and await self.replanned(plan, wait, f"until {status.value}"):
                continue
            mark = NoticeMark(notice_id=plan.notice_id, release_at=plan.release_at, end_at=plan.end_at,
                              status=status)
            written = await workflow.execute_activity(mark_release, mark, **DEFAULT_ACTIVITY)
            if self.plan is not plan:
                continue
            if not written:  # deleted, or saved with other times whose plan is on its way
                if await self.replanned(plan, timedelta(minutes=5), "for the notice's new times"):
                    continue
                return self.written
            self.written = status

    async def replanned(self, plan: NoticeRelease, wait: timedelta, summary: str) -> bool:
        """Wait (a durable timer) until `wait` has passed or a new plan arrived; True if one did."""
        try:
            await workflow.wait_condition(lambda: self.plan is not plan, timeout=wait, timeout_summary=summary)
        except TimeoutError:
            return False
        return True

    @workflow.query
    def released(self) -> ReleaseStatus | None:
        """The last status this flow wrote for the notice's current times."""
        return self.written


PENDING_FOR = 30  # seconds a notice may stay marked before the reconciler steps in (a save takes milliseconds)


@workflow.defn(name=RECONCILE_WORKFLOW)
class NoticeReconcileWorkflow:
    """Run by the fixed schedule of earlier releases (kept for their histories; activities/job_code.py runs it now)."""

    @workflow.run
    async def run(self) -> int:
        return await workflow.execute_activity(
            reconcile_notice_flows, PENDING_FOR, start_to_close_timeout=timedelta(minutes=2),
            retry_policy=RetryPolicy(maximum_attempts=3))
