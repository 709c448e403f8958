"""The scheduled task flows' activities (workflows/jobs.py): thin adapters over services/jobs/store.py, which
writes the record of each run, and activities/job_code.py, the code of each job of the catalogue."""

from __future__ import annotations

from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities import job_code
from domain.errors import Invalid
from domain.flows.jobs import AlarmMail, JobBegin, JobBegun, JobCall, JobFinish
from domain.rules import jobs as rules
from services.jobs import store
from services.mail import plain


@activity.defn
async def begin_job_run(begin: JobBegin) -> JobBegun:
    """The record of this run, PROCESSING, or SKIPPED while another run of the task is live
    (services/jobs/store.py begin)."""
    return await store.begin(activity.client(), begin)


@activity.defn
async def run_job(call: JobCall) -> str:
    """The job's code with its parameters, checked again against the catalogue (a task saved before a release
    changed a schema is refused here, not run with what the code no longer expects)."""
    attempt = activity.info().attempt
    if attempt > 1:  # the record was begun with attempt 1: a first try needs no write of its own
        await store.note_attempt(call.record_id, attempt)
    try:
        job = rules.job_of(call.handler, call.method)
        params = rules.check_params(job, call.params)
    except Invalid as exc:
        raise ApplicationError(f"{exc.field}: {exc.params.get('rule')}", type="JOB_REFUSED",
                               non_retryable=True) from None
    return (await job_code.CODE[job.key](params))[:500]


@activity.defn
async def finish_job_run(finish: JobFinish) -> None:
    """The record's result, the task's failures in a row, its pause and its incident (services/jobs/store.py
    finish). A second call for the same record changes nothing."""
    await store.finish(activity.client(), finish)


@activity.defn
async def send_job_alarm(alarm: AlarmMail) -> int:
    """The alarm mail to the task's person in charge and its emails, once per key and recipient. Returns how
    many mails went out."""
    return await store.send_alarm(alarm, plain.send)
