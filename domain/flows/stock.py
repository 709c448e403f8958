"""The stock reconciliation flow's contract (workflows/stock.py): its registered name, the id of the Schedule that
starts it, and the result its activity answers (activities/stock.py)."""

from __future__ import annotations

from pydantic import BaseModel

WORKFLOW = "stock-reconcile"  # the workflow type's registered name
SCHEDULE_ID = "stock-reconcile"  # the Schedule that starts every run


class ReconcileResult(BaseModel):
    reconciliation_id: int
    checked: int
    drifted: int
    notified: int = 0
