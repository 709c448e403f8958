"""The queue alert check's activity (workflows/queue_alerts.py): a thin adapter over services/queue_alerts.py, with
the console's SMTP sender for the alert mails."""

from __future__ import annotations

from temporalio import activity

from domain.flows.queue_alerts import CheckResult
from services import queue_alerts
from services.mail import plain


@activity.defn
async def check_queue_alerts() -> CheckResult:
    return await queue_alerts.check(activity.client(), plain.send)
