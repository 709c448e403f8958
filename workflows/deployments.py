"""Deploy flows (docs/deployments.md).

- `deploy-queue-{project}` (one per project, started by signal-with-start): runs one deploy at a time, waits
  the gap (a durable timer) between the end of one run and the start of the next, and skips a run that was
  withdrawn or superseded while it waited, or that a freeze window refuses when its turn comes.
- `deploy-run-{run}`: one run as its own flow, a child of the queue, so every deploy, retry and rollback is a
  row of the Temporal Web UI with the Project, Environment and DeployStatus search attributes.
- `deploy-review-{task}`: the review deadline of a task; an unreviewed revision expires when it passes.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from temporalio import exceptions, workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, CancelledError, ChildWorkflowError
from temporalio.workflow import ActivityCancellationType, ParentClosePolicy

with workflow.unsafe.imports_passed_through():
    from activities.deployments import (
        begin_deploy_run,
        execute_deploy_run,
        expire_deploy_task,
        finish_deploy_run,
    )
    from domain.enums import DeployRunStatus
    from domain.flows import deployments as m
    from domain.flows import ended_unfinished
    from domain.rules import deployments as rules
    from workflows.options import DEFAULT_ACTIVITY

# A worker that dies mid-deploy stops heartbeating; after this long another worker resumes the same run.
HEARTBEAT = timedelta(seconds=30)
# Outages of the runner's own machinery (not a failed deploy, which is an outcome) are retried a few times.
RUNNER_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), maximum_interval=timedelta(seconds=30),
                           maximum_attempts=5, non_retryable_error_types=["DATA_REFUSED", "DEPLOY_LOST"])
# A run whose own flow ended without recording its end (terminated) is recorded FAILED by the queue.
LOST_RUN_FAILED = "lost-run-failed"


def ended_as(exc: ChildWorkflowError) -> str:
    """How a child flow ended, as the Temporal Web UI names it."""
    if isinstance(exc.cause, exceptions.TerminatedError):
        return "TERMINATED"
    if isinstance(exc.cause, exceptions.CancelledError):
        return "CANCELED"
    return "TIMED_OUT" if isinstance(exc.cause, exceptions.TimeoutError) else "FAILED"


@workflow.defn(name=m.QUEUE_WORKFLOW, sandboxed=False)  # docs/decisions/deploy-queue.md
class DeployQueueWorkflow:
    @workflow.init
    def __init__(self, state: m.QueueState) -> None:
        self.state = state

    @workflow.run
    async def run(self, state: m.QueueState) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: bool(self.state.pending), timeout=self.state.idle)
            if not self.state.pending:
                break  # idle for a while (and the gap long past): a new enqueue starts a new flow
            start_at = rules.next_start(self.state.last_end, workflow.now(), self.state.gap)
            if start_at > workflow.now():
                await workflow.sleep(start_at - workflow.now())  # the gap, as a durable timer
            await self.run_next()
            info = workflow.info()
            if info.is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                workflow.continue_as_new(self.state)
        await workflow.wait_condition(workflow.all_handlers_finished)

    async def run_next(self) -> None:
        run_id = self.state.pending.pop(0)
        begin = await workflow.execute_activity(begin_deploy_run, m.BeginRequest(run_id=run_id, at=workflow.now()),
                                                **DEFAULT_ACTIVITY)
        if begin.outcome != "STARTED" or begin.run is None:
            return  # withdrawn, superseded or frozen: nothing ran, so no gap is owed
        run = begin.run
        try:
            await workflow.execute_child_workflow(
                DeployRunWorkflow.run, run, id=m.run_id(run.run_id), task_queue=workflow.info().task_queue,
                search_attributes=m.run_attributes(run.project, run.environment, DeployRunStatus.RUNNING),
                parent_close_policy=ParentClosePolicy.REQUEST_CANCEL,
                static_summary=f"{run.kind} {run.project} {run.version} to {run.environment}")
        except ChildWorkflowError as exc:  # the queue goes on; a run whose flow could not record its end is failed
            workflow.logger.warning("deploy run %s ended abnormally: %s", run.run_id, exc.cause or exc)
            if workflow.patched(LOST_RUN_FAILED):  # terminated in the Temporal Web UI: nothing else would end it
                lost = m.RunOutcome(status=DeployRunStatus.FAILED, error=ended_unfinished(ended_as(exc)))
                await workflow.execute_activity(finish_deploy_run, m.FinishRequest(
                    run_id=run.run_id, outcome=lost, at=workflow.now()), **DEFAULT_ACTIVITY)
        self.state.last_end = workflow.now()

    @workflow.signal(name=m.ENQUEUE)
    def enqueue(self, item: m.Enqueued) -> None:
        if item.run_id not in self.state.pending:
            self.state.pending.append(item.run_id)

    @workflow.signal(name=m.FORGET)
    def forget(self, item: m.Enqueued) -> None:
        """A withdrawn run leaves the line at once (the database already says so; `begin` would skip it)."""
        if item.run_id in self.state.pending:
            self.state.pending.remove(item.run_id)

    @workflow.query
    def view(self) -> m.QueueState:
        return self.state


@workflow.defn(name=m.RUN_WORKFLOW, sandboxed=False)
class DeployRunWorkflow:
    @workflow.run
    async def run(self, run: m.RunInput) -> m.RunOutcome:
        if run.console_url:
            link = f"{run.console_url}/system/audit/ci?run={run.run_id}"
            workflow.set_current_details(f"[Deploy run #{run.run_id}]({link})")  # the way back to the console
        try:
            outcome = await workflow.execute_activity(
                execute_deploy_run, run.run_id, heartbeat_timeout=HEARTBEAT, retry_policy=RUNNER_RETRY,
                start_to_close_timeout=timedelta(minutes=run.time_limit_minutes + 10),
                cancellation_type=ActivityCancellationType.WAIT_CANCELLATION_COMPLETED)
        except asyncio.CancelledError:
            outcome = m.RunOutcome(status=DeployRunStatus.CANCELLED)
        except ActivityError as exc:
            if isinstance(exc.cause, CancelledError):
                outcome = m.RunOutcome(status=DeployRunStatus.CANCELLED)
            else:
                outcome = m.RunOutcome(status=DeployRunStatus.FAILED, error=str(exc.cause or exc)[:2000])
        workflow.upsert_search_attributes([m.DEPLOY_STATUS.value_set(outcome.status.value)])
        await workflow.execute_activity(finish_deploy_run, m.FinishRequest(run_id=run.run_id, outcome=outcome,
                                                                           at=workflow.now()), **DEFAULT_ACTIVITY)
        return outcome


@workflow.defn(name=m.REVIEW_WORKFLOW, sandboxed=False)
class DeployReviewWorkflow:
    @workflow.init
    def __init__(self, clock: m.ReviewClock) -> None:
        self.clock = clock
        self.changed = False
        self.decided = False

    @workflow.run
    async def run(self, clock: m.ReviewClock) -> bool:
        """True when the revision expired unreviewed."""
        while not self.decided:
            self.changed = False
            wait = max(self.clock.due - workflow.now(), timedelta(0))
            try:
                await workflow.wait_condition(lambda: self.changed or self.decided, timeout=wait)
            except TimeoutError:
                request = m.ExpireRequest(task_id=self.clock.task_id, revision=self.clock.revision, at=workflow.now())
                await workflow.execute_activity(expire_deploy_task, request, **DEFAULT_ACTIVITY)
                return True
        return False

    @workflow.signal(name=m.REVISED)
    def revised(self, clock: m.ReviewClock) -> None:
        """A modification starts a new review of the new revision, with a new deadline."""
        self.clock, self.changed, self.decided = clock, True, False

    @workflow.signal(name=m.DECIDE)
    def decide(self) -> None:
        self.decided = True
