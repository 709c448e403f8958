"""The demo data's reconciliation: last month's runs of a few demo merchants, finished, with every kind of
difference among them, their totals summing their items."""

from __future__ import annotations

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.reconciliation import ReconciliationItem, ReconciliationRun


async def test_demo_runs_are_finished_with_each_kind_and_their_totals():
    async with transaction() as db:
        runs = (await db.scalars(select(ReconciliationRun).where(ReconciliationRun.started_by == "demo"))).all()
        assert runs, "the start's seeding made the demo runs (api/prestart.py)"
        for run in runs:
            assert (run.status, run.stage) == ("SUCCEEDED", "DONE")
            expected, paid = (await db.execute(select(func.sum(ReconciliationItem.expected),
                                                      func.sum(ReconciliationItem.paid))
                                               .where(ReconciliationItem.run_id == run.id))).one()
            assert (run.expected, run.paid, run.difference) == (expected, paid, paid - expected)
        kinds = set((await db.scalars(select(ReconciliationItem.kind).where(
            ReconciliationItem.run_id.in_([r.id for r in runs])).distinct())).all())
    assert kinds == {"MATCHED", "SHORT_PAID", "OVER_PAID", "UNPAID", "UNKNOWN_ORDER"}
