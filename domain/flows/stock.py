"""The stock reconciliation flow's contract (workflows/stock.py): its registered name, the id of the Schedule that
starts it, the search attribute its runs carry, and the result its activity answers (activities/stock.py)."""

from __future__ import annotations

from pydantic import BaseModel
from temporalio.common import SearchAttributeKey

WORKFLOW = "stock-reconcile"  # the workflow type's registered name
SCHEDULE_ID = "stock-reconcile"  # the Schedule that starts every run
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")  # every scheduled run carries its schedule's id


class ReconcileResult(BaseModel):
    reconciliation_id: int
    checked: int
    drifted: int
    notified: int = 0
