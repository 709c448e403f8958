"""The reconciliation flow's activities (workflows/reconciliation.py): thin adapters over
services/reconciliation/runs.py. A page the channel rate-limited fails with the channel's Retry-After as the next
attempt's delay."""

from __future__ import annotations

from temporalio import activity

from activities.order_sync import channel_pace
from domain.flows.reconciliation import (
    ReconcileFinish,
    ReconcilePlan,
    ReconcileStart,
    ReconcileTally,
    SettlementPageDone,
    SettlementPageIn,
)
from services.reconciliation import runs


@activity.defn
async def plan_reconciliation(start: ReconcileStart) -> ReconcilePlan:
    """The shops whose channels are asked for their settlements, and the window."""
    return await runs.plan(start)


@activity.defn
async def fetch_settlement_page(page: SettlementPageIn) -> SettlementPageDone:
    """One page of a shop's settlement lines, stored once per line."""
    with channel_pace():
        return await runs.settlement_page(page)


@activity.defn
async def compare_reconciliation(start: ReconcileStart) -> ReconcileTally:
    """Expected against paid, order by order: the run's items and totals."""
    return await runs.compare_run(start)


@activity.defn
async def finish_reconciliation(finish: ReconcileFinish) -> ReconcileTally:
    return await runs.finish(finish)
