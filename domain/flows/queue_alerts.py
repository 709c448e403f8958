"""The queue alert check's contract (docs/operations-tools.md): its workflow name and id, the Schedule that starts
it, and what one check reports. Shared by workflows/queue_alerts.py, activities/queue_alerts.py and
services/queue_alerts.py."""

from __future__ import annotations

from pydantic import BaseModel

WORKFLOW = "queue-alert-check"  # QueueAlertCheckWorkflow's registered name
WORKFLOW_ID = "queue-alert-check"  # the id each fire's run starts with (the Schedule appends its time)
SCHEDULE_ID = "queue-alerts"  # the Schedule, and the TaskName its runs carry


class CheckResult(BaseModel):
    checked: int
    opened: list[int]
    recovered: list[int]
    mailed: int
