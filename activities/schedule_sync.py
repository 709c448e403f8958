"""The schedule reconciliation (the scheduled task "Schedule reconciliation", activities/jobs.py): every scheduled
task's and timed mail's Temporal Schedule as its row says, the fires of mails sent once that a save could not
start, and no schedule left of a row deleted. Its steps are services/schedule_sync.py and
services/mail/schedules.py (docs/decisions/schedules-follow-rows.md)."""

from __future__ import annotations

from temporalio.client import Client

from activities import job_schedules
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from services.mail import schedules as mail_schedules
from services.schedule_sync import drop_orphans, put_each


async def reconcile(client: Client) -> str:
    """A schedule Temporal refuses fails the run (its people are told), after every other one is put."""
    refused: list[str] = []
    tasks = await put_each(client, ScheduledJob, job_schedules.put_schedule, refused)
    mails = await put_each(client, MailTask, mail_schedules.put_schedule, refused)
    started = await mail_schedules.start_once_fires(client)
    dropped = await drop_orphans(client)
    if refused:
        raise RuntimeError(f"Temporal refused {len(refused)} schedule(s): {'; '.join(refused)}")
    return (f"{tasks} task and {mails} mail schedules put, {started} mail(s) sent once started, "
            f"{dropped} left by deleted rows dropped")
