"""Scheduled tasks (docs/jobs.md): one run of a task, and the incident of a task that fails.

`scheduled-job` is what a task's Schedule starts (`job-{id}-{nominalTime}`) and what run now starts
(`job-{id}-run-{time}`): it writes the task record, runs the task's job through the catalogue of
domain/rules/jobs.py, and writes the result; a failed job fails the run, so the Web UI shows it red.
The record is begun and finished by local activities, inside the run's first and last workflow tasks: a run is
two workflow tasks and one activity task, so a burst of fires (every task on `* * * * *` fires at second 0)
starts as fast as the worker takes first workflow tasks (docs/decisions/job-run-local-steps.md). A job of
minutes (a purge) is an ordinary activity: it heartbeats, and retries with its attempt on the record; a job the
catalogue marks short (a ping, a probe) is a local activity too, so the whole run is one workflow task
(docs/decisions/job-run-one-task.md).

`job-incident` lives while a task fails: the first failure starts it (signal-with-start from the run's last
activity), it mails the task's people once, reminds them on a timer while the task keeps failing, and mails
"recovered" when a run succeeds again.
"""

from __future__ import annotations

from datetime import UTC, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError, FailureError

with workflow.unsafe.imports_passed_through():
    from activities.jobs import begin_job_run, finish_job_run, run_job, send_job_alarm
    from domain.flows import jobs as m
    from domain.flows.jobs import (
        SCHEDULED_START,
        AlarmMail,
        IncidentStart,
        JobBegin,
        JobBegun,
        JobCall,
        JobFailure,
        JobFinish,
        JobRun,
    )
    from workflows.options import DEFAULT_ACTIVITY

JOB_TIMEOUT = timedelta(minutes=15)
SHORT_JOB_TIMEOUT = timedelta(seconds=90)  # the catalogue's short jobs: a probe waits 60 s at most
LOCAL_STEPS = "job-run-local-steps"  # runs begun before it replay with the record written by activities


def failure_text(exc: BaseException) -> str:
    cause: BaseException | None = exc
    while isinstance(cause, ActivityError) and cause.cause is not None:
        cause = cause.cause
    return str(cause or exc)[:2000]


async def record_step(step: Any, arg: Any, local: bool) -> Any:
    """A write of the run's record: local in runs begun since the local steps (LOCAL_STEPS), an ordinary
    activity when an older run's history is replayed."""
    if local:
        return await workflow.execute_local_activity(step, arg, **DEFAULT_ACTIVITY)
    return await workflow.execute_activity(step, arg, **DEFAULT_ACTIVITY)


@workflow.defn(name=m.WORKFLOW, sandboxed=False)  # pure: tests/unit/test_jobs_workflow_purity.py
class JobRunWorkflow:
    @workflow.run
    async def run(self, start: JobRun) -> str:
        info = workflow.info()
        nominal = info.typed_search_attributes.get(SCHEDULED_START) or workflow.now()
        local = workflow.patched(LOCAL_STEPS)
        begun: JobBegun = await record_step(begin_job_run, JobBegin(
            job_id=start.job_id, workflow_id=info.workflow_id, run_id=info.run_id, trigger=start.trigger,
            nominal_at=nominal.astimezone(UTC), params=start.params, retry_of=start.retry_of), local)
        if not begun.found:
            return "task deleted"
        if begun.skipped:  # another run of the task was live: the fire is recorded, not run
            return begun.skipped
        output, error = None, None
        call = JobCall(record_id=begun.record_id, handler=begun.handler, method=begun.method, params=begun.params)
        retry = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_attempts=begun.retries + 1,
                            non_retryable_error_types=["DATA_REFUSED", "JOB_REFUSED"])
        try:
            if begun.short:  # the whole run in its first workflow task (docs/decisions/job-run-one-task.md)
                output = await workflow.execute_local_activity(
                    run_job, call, start_to_close_timeout=SHORT_JOB_TIMEOUT, retry_policy=retry)
            else:
                output = await workflow.execute_activity(
                    run_job, call, start_to_close_timeout=JOB_TIMEOUT, retry_policy=retry)
        except CancelledError:
            raise
        except FailureError as exc:  # a local activity's failure arrives as its own error, not an ActivityError
            error = failure_text(exc)
        await record_step(finish_job_run, JobFinish(
            record_id=begun.record_id, job_id=start.job_id, succeeded=error is None, output=output, error=error,
            at=workflow.now()), local)
        if error is not None:
            raise ApplicationError(error, type="JOB_FAILED", non_retryable=True)
        return output or ""


@workflow.defn(name=m.INCIDENT_WORKFLOW)
class JobIncidentWorkflow:
    def __init__(self) -> None:
        self.is_recovered = False
        self.failures = 0
        self.error: str | None = None

    @workflow.signal(name=m.FAILED)
    def failed(self, failure: JobFailure) -> None:
        self.failures, self.error = max(self.failures, failure.failures), failure.error

    @workflow.signal(name=m.RECOVERED)
    def recovered(self) -> None:
        self.is_recovered = True

    @workflow.run
    async def run(self, start: IncidentStart) -> int:
        """Returns how many reminders went out."""
        incident = workflow.info().run_id
        await self.mail(start, "FAILING", f"{incident}-0")
        reminders = 0
        while not self.is_recovered:
            try:
                await workflow.wait_condition(lambda: self.is_recovered,
                                              timeout=timedelta(seconds=start.remind_every_seconds))
            except TimeoutError:
                reminders += 1
                await self.mail(start, "REMINDER", f"{incident}-{reminders}")
        await self.mail(start, "RECOVERED", f"{incident}-end")
        return reminders

    async def mail(self, start: IncidentStart, kind: str, key: str) -> None:
        await workflow.execute_activity(send_job_alarm, AlarmMail(
            job_id=start.job_id, kind=kind, key=f"job-{start.job_id}-{key}", failures=self.failures,
            error=self.error), **DEFAULT_ACTIVITY)


